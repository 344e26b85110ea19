// Builds the web app once before the browser suite, as `npm start` would.
import { buildIfNeeded } from '../../server/build-if-needed';

await buildIfNeeded();
