// Runs every benchmark in order and prints figures beside a baseline measured in the same run.
// A figure over budget is reported, not failed: the exit code is non-zero only when a benchmark crashes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Benchmark, BenchResult, BenchRow, BudgetKey } from './types';

const benchDir = new URL('.', import.meta.url).pathname;
const budgets = JSON.parse(readFileSync(join(benchDir, 'budgets.json'), 'utf8')) as Record<BudgetKey, number>;

/** In the order they run, by file name; each module's default export is a Benchmark. */
const allModules: Array<[string, () => Promise<{ default: Benchmark }>]> = [
  ['bundle-size', () => import('./bundle-size')],
  ['server-startup', () => import('./server-startup')],
  ['hub-fanout', () => import('./hub-fanout')],
  ['quotes', () => import('./quotes')],
  ['export', () => import('./export')],
  ['deliveries-list', () => import('./deliveries-list')],
  ['dashboard-frames', () => import('./dashboard-frames')],
  ['auto-dispatch', () => import('./auto-dispatch')],
  ['ledger', () => import('./ledger')],
  ['rate-uploads', () => import('./rate-uploads')],
  ['reports', () => import('./reports')],
];
// `npm run bench -- rate-uploads ledger` runs only those; no names: all of them.
const chosen = process.argv.slice(2).filter((name) => !name.startsWith('-'));
const unknown = chosen.filter((name) => !allModules.some(([file]) => file === name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${allModules.map(([file]) => file).join(', ')}`);
  process.exit(2);
}
const modules = allModules.filter(([file]) => chosen.length === 0 || chosen.includes(file)).map(([, load]) => load);

interface ReportedRow extends BenchRow {
  budget: number | null;
  verdict: string;
}

function format(value: number | string | null, unit: string): string {
  if (value === null) return '-';
  if (typeof value === 'string') return value;
  return `${value.toFixed(unit === 'ms' ? 0 : 1)} ${unit}`;
}

function verdictOf(row: BenchRow, budget: number | null): string {
  if (budget === null) return '-';
  if (typeof row.figure !== 'number') return 'n/a';
  return row.figure <= budget ? 'within' : 'OVER budget';
}

function printTable(title: string, rows: ReportedRow[], notes: string[]): void {
  const header = ['name', 'figure', 'baseline', 'budget', 'verdict'];
  const cells = rows.map((row) => [
    row.name,
    format(row.figure, row.unit),
    row.baseline === null ? '-' : `${format(row.baseline, row.unit)}${row.baselineName ? ` (${row.baselineName})` : ''}`,
    format(row.budget, row.unit),
    row.verdict,
  ]);
  const widths = header.map((name, column) => Math.max(name.length, ...cells.map((line) => line[column]!.length)));
  const line = (values: string[]) => `| ${values.map((value, column) => value.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(`\n## ${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const values of cells) console.log(line(values));
  if (notes.length > 0) console.log('');
  for (const note of notes) console.log(`  - ${note}`);
}

const startedAt = new Date();
const report: Array<{ benchmark: string; durationMs: number; rows?: ReportedRow[]; notes?: string[]; details?: unknown; error?: string }> = [];
let crashed = false;

for (const load of modules) {
  const began = performance.now();
  let name = '(loading)';
  try {
    const benchmark = (await load()).default;
    name = benchmark.name;
    console.log(`\nRunning ${name} ...`);
    const result: BenchResult = await benchmark.run();
    const rows = result.rows.map((row): ReportedRow => {
      const budget = row.budgetKey ? budgets[row.budgetKey] : null;
      return { ...row, budget, verdict: verdictOf(row, budget) };
    });
    const durationMs = performance.now() - began;
    printTable(`${name} (${(durationMs / 1000).toFixed(1)} s)`, rows, result.notes);
    report.push({ benchmark: name, durationMs, rows, notes: result.notes, details: result.details });
  } catch (error) {
    crashed = true;
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`\n## ${name}: CRASHED\n${message}`);
    report.push({ benchmark: name, durationMs: performance.now() - began, error: message });
  }
}

const resultsDir = join(benchDir, 'results');
mkdirSync(resultsDir, { recursive: true });
// Colons are not allowed in file names everywhere, so the ISO time uses dashes.
const resultsFile = join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(resultsFile, `${JSON.stringify({ startedAt: startedAt.toISOString(), node: process.version, budgets, benchmarks: report }, null, 2)}\n`);
console.log(`\nResults written to ${resultsFile}`);
process.exit(crashed ? 1 : 0);
