// Runs every benchmark in order, each in a process of its own (bench/child.ts), and prints figures beside a
// baseline measured in the same run. One benchmark's heap, pools and timers cannot spoil the next one's figures,
// and one that crashes (or dies at teardown) is reported while the others still run.
// A figure over budget is reported, not failed: the exit code is non-zero only when a benchmark crashes.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../server/node-settings.mjs';
import { benchmarkFiles } from './list';
import type { BenchResult, BenchRow, BudgetKey } from './types';

const benchDir = new URL('.', import.meta.url).pathname;
const budgets = JSON.parse(readFileSync(join(benchDir, 'budgets.json'), 'utf8')) as Record<BudgetKey, number>;

// `npm run bench -- rate-uploads ledger` runs only those; no names: all of them.
const chosen = process.argv.slice(2).filter((name) => !name.startsWith('-'));
const unknown = chosen.filter((name) => !benchmarkFiles.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; known: ${benchmarkFiles.join(', ')}`);
  process.exit(2);
}
const files = benchmarkFiles.filter((file) => chosen.length === 0 || chosen.includes(file));

/**
 * The benchmarks measuring the memory of a server that runs in their own process (bench/export.ts): it runs with
 * the settings the server always has (server/node-settings.mjs), or its figure would be another server's.
 */
const SERVER_IN_PROCESS = new Set(['export']);

/** Runs bench/<file>.ts in a child process (its output passes through) and reads the BenchResult it wrote. */
async function runInChild(file: string, jsonFile: string): Promise<{ name: string; result: BenchResult }> {
  const code = await new Promise<number | null>((resolve, reject) => {
    // A benchmark whose figure is the memory of the server in its own process runs with the server's memory settings.
    const settings = SERVER_IN_PROCESS.has(file) ? { flags: SERVER_NODE_FLAGS, env: SERVER_ENV } : { flags: [], env: {} };
    const child = spawn(process.execPath, [...settings.flags, '--import', 'tsx', join(benchDir, 'child.ts'), file, '--json', jsonFile],
      { stdio: 'inherit', env: { ...settings.env, ...process.env } });
    child.on('error', reject);
    child.on('exit', (exitCode, signal) => resolve(signal ? -1 : exitCode));
  });
  if (code !== 0) throw new Error(`bench/${file}.ts exited with ${code === -1 ? 'a signal' : `code ${code}`} (its output is above)`);
  return JSON.parse(readFileSync(jsonFile, 'utf8')) as { name: string; result: BenchResult };
}

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
  // A budget named …Min is a floor (a score), every other one a ceiling.
  if (row.budgetKey?.endsWith('Min')) return row.figure >= budget ? 'within' : 'UNDER budget';
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

const scratch = mkdtempSync(join(tmpdir(), 'bench-'));
for (const file of files) {
  const began = performance.now();
  let name = file;
  try {
    console.log(`\nRunning ${name} (own process) ...`);
    const { name: reportedName, result } = await runInChild(file, join(scratch, `${file}.json`));
    name = reportedName;
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
rmSync(scratch, { recursive: true, force: true });

const resultsDir = join(benchDir, 'results');
mkdirSync(resultsDir, { recursive: true });
// Colons are not allowed in file names everywhere, so the ISO time uses dashes.
const resultsFile = join(resultsDir, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(resultsFile, `${JSON.stringify({ startedAt: startedAt.toISOString(), node: process.version, budgets, benchmarks: report }, null, 2)}\n`);
console.log(`\nResults written to ${resultsFile}`);
process.exit(crashed ? 1 : 0);
