// Builds the web app and compiles the server once before the browser suite, as `npm start` would (the suite then
// starts several servers at a time, none of which needs to build or compile).
import { execFileSync } from 'node:child_process';
import { buildIfNeeded } from '../../server/build-if-needed';

await buildIfNeeded();
execFileSync(process.execPath, ['server/launch.mjs', '--compile'], { stdio: 'inherit' });
