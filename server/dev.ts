// `npm run dev`: the API server in watch mode on API_PORT (8081) and Vite's dev server with its proxy on PORT (5173).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/serve.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, WEB_ROOT: '/nonexistent' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', process.env.PORT ?? '5173'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { if (code) stop(); });
