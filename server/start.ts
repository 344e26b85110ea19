// `npm start`: build the web app if needed, then serve it and both APIs on one port with the embedded database.
import { buildIfNeeded } from './build-if-needed';
import { main } from './main';
import { printedProgress } from './startup-progress';

const progress = printedProgress();
await buildIfNeeded(progress);
await main(progress);
