/** Every benchmark, by file name (bench/<name>.ts, whose default export is a Benchmark), in the order `npm run bench` runs them. */
export const benchmarkFiles = [
  'bundle-size',
  'shell-in-browser',
  'public-pages',
  'server-startup',
  'hub-fanout',
  'quotes',
  'export',
  'deliveries-list',
  'dashboard-frames',
  'auto-dispatch',
  'ledger',
  'rate-uploads',
  'reports',
];
