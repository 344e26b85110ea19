// Serves whatever is built (or only the APIs); used by `npm run dev` and the browser suite.
import { main } from './main';

await main();
