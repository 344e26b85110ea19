// `npm test`'s static checks: the type check and the lint at the same time. Each is one single-threaded process,
// so on two cores together they take as long as the slower one rather than the sum. Each one's output is printed
// whole when it ends (not interleaved); the exit code is the first failure's.
import { spawn } from 'node:child_process';

const checks = [['typecheck', 'npm', ['run', '--silent', 'typecheck']], ['lint', 'npm', ['run', '--silent', 'lint']]];

const results = await Promise.all(checks.map(([name, command, args]) => new Promise((resolve) => {
  const started = Date.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
  let output = '';
  child.stdout.on('data', (chunk) => { output += chunk; });
  child.stderr.on('data', (chunk) => { output += chunk; });
  child.on('close', (code) => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)\n${output}`);
    resolve(code ?? 1);
  });
})));

process.exit(results.find((code) => code !== 0) ?? 0);
