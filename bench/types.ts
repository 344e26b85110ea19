// What a benchmark module hands back to bench/run.ts; the runner adds budgets and verdicts.
import type budgets from './budgets.json';

export type BudgetKey = keyof typeof budgets;

export interface BenchRow {
  name: string;
  /** The measured figure, or a sentence saying why there is none (never an invented number). */
  figure: number | string;
  /** Measured in the same run, on the same machine, the same way. */
  baseline: number | string | null;
  baselineName?: string;
  unit: string;
  budgetKey?: BudgetKey;
}

export interface BenchResult {
  rows: BenchRow[];
  /** Method used, files counted, anything a reader needs to trust the figures. */
  notes: string[];
  /** Raw measurements, kept in the JSON results only. */
  details?: Record<string, unknown>;
}

export interface Benchmark {
  name: string;
  run(): Promise<BenchResult>;
}
