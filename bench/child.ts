// Runs one benchmark in a process of its own (bench/run.ts starts one per benchmark, issue 23), so no benchmark's
// heap, pools, timers or JIT state spoil the next one's figures:
//   node --import tsx bench/child.ts <name> --json <file>
// writes the benchmark's BenchResult as JSON to <file>; without --json it prints the result.
import { writeFileSync } from 'node:fs';
import { benchmarkFiles } from './list';
import type { Benchmark, BenchResult } from './types';

const [name] = process.argv.slice(2).filter((argument) => !argument.startsWith('-'));
const jsonAt = process.argv.indexOf('--json');
const jsonFile = jsonAt >= 0 ? process.argv[jsonAt + 1] : undefined;
if (!name || !benchmarkFiles.includes(name)) {
  console.error(`usage: node --import tsx bench/child.ts <${benchmarkFiles.join('|')}> [--json <file>]`);
  process.exit(2);
}
const loaded = await import(`./${name}.ts`) as { default: Benchmark };
const result: BenchResult = await loaded.default.run();
// JSON has no Infinity (a failed request's latency): it is written as the string "Infinity", never as null.
const finite = (_key: string, value: unknown) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value);
if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ name: loaded.default.name, result }, finite));
else console.log(JSON.stringify(result, null, 2));
// A benchmark's leftover handles (a pool, a timer) must not keep its process, and so the whole run, alive.
process.exit(0);
