/**
 * Index management (issue 16; /admin/indexmanagement): the spec names the screen only; what it manages and its
 * texts are ours (docs/decisions.md "Index management"). Shared by the server and the screen.
 */
export const INDEX_MANAGEMENT_TEXTS = {
  title: 'Index Management',
  intro: 'The database indexes behind search and lists. Analyze refreshes the planner statistics of the index\'s table; '
    + 'rebuild recreates the index (without blocking reads and writes on PostgreSQL).',
  columns: { name: 'Index', table: 'Table', size: 'Size', scans: 'Scans', lastAnalyze: 'Last analyze', bloat: 'Bloat (est.)', progress: 'Progress' },
  analyze: 'Analyze',
  rebuild: 'Rebuild',
  never: 'Never',
  notMeasured: 'n/a',
  invalid: 'invalid',
  reload: 'Reload',
  notFound: (name: string) => `Index ${name} not found`,
  queued: (action: 'analyze' | 'rebuild', name: string) => `${action === 'analyze' ? 'Analyze' : 'Rebuild'} of ${name} queued.`,
  done: (action: 'analyze' | 'rebuild', name: string) => `${action === 'analyze' ? 'Analyze' : 'Rebuild'} of ${name} completed.`,
} as const;

/** Sizes as people read them (binary units, one decimal from KB up). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
