// `npm run test:model`: every machine's model-based suite, then one coverage table. Fails when a suite fails,
// a path fails, or a machine has a state no generated path reaches.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatCoverage, type Coverage } from '../tests/support/model-paths';

const collector = join(mkdtempSync(join(tmpdir(), 'model-coverage-')), 'rows.jsonl');
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'model', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, MODEL_COVERAGE_FILE: collector },
});

const rows: Coverage[] = existsSync(collector)
  ? readFileSync(collector, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Coverage)
  : [];
rows.sort((a, b) => a.machine.localeCompare(b.machine));
console.log(formatCoverage(rows));

const incomplete = rows.filter((row) => row.unreached.length > 0 || row.failures > 0);
for (const row of incomplete) {
  console.error(`${row.machine}: ${row.failures} failing path(s); unreached: ${row.unreached.join(', ') || 'none'}`);
}
process.exitCode = run.status !== 0 || incomplete.length > 0 || rows.length === 0 ? 1 : 0;
