// `npm run flows:export`: docs/flows/<machine>.svg and .mmd (Mermaid stateDiagram-v2) for every machine of
// src/machines, drawn by the same pipeline as the /flows page. Deterministic, so a diff shows real changes;
// tests/unit/flows-export.test.ts fails when the committed files are stale.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';

const root = process.cwd();
// Machines reach the API clients, which read import.meta.env: load them through Vite's module runner.
const server = await createServer({
  configFile: false, logLevel: 'error', appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const { discoverMachines } = await server.ssrLoadModule('/src/lib/flows/node-discovery.ts') as typeof import('../src/lib/flows/node-discovery');
  const { renderFlowFiles, FLOWS_DIR } = await server.ssrLoadModule('/src/lib/flows/export.ts') as typeof import('../src/lib/flows/export');
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const entries = await discoverMachines(root, (path) => server.ssrLoadModule(path));
  const problems = new Map<string, string[]>();
  const files = await renderFlowFiles(entries, new ELK(), problems);
  const dir = join(root, FLOWS_DIR);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (/\.(svg|mmd)$/.test(name) && !files.has(name)) rmSync(join(dir, name));
  }
  for (const [name, content] of files) writeFileSync(join(dir, name), content);
  console.log(`Wrote ${files.size} files for ${entries.length} machines to ${FLOWS_DIR}/: ${entries.map((entry) => entry.id).join(', ')}`);
  // Written anyway (the diff shows it), but an unreadable drawing fails the run, as it fails the tests.
  for (const [id, found] of problems) console.error(`${id}: the layout overlaps: ${found.join('; ')}`);
  if (problems.size > 0) process.exitCode = 1;
} finally {
  await server.close();
}
