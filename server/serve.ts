// Serves whatever is built (or only the APIs), printing each start-up phase; used by `npm run dev` and benchmarks.
import { main } from './main';
import { printedProgress } from './startup-progress';

await main(printedProgress());
