// Peers our pages are measured against, built with the same Vite and React plugin in the same run and served the way
// our server serves the app (compressed, index.html for any page): a React + React Router page, and a minimal
// react-admin app (one resource listed in a data grid), the usual way to build a back office in React.
import { existsSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = new URL('../', import.meta.url).pathname;

/** Writes index.html and main.jsx into a new directory and builds it; answers the directory (its build in dist/). */
async function buildPeer(name: string, title: string, main: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'index.html'), `<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>${title}</title><meta name="description" content="${title}." /></head><body><div id="root"></div><script type="module" src="/main.jsx"></script></body></html>\n`);
  writeFileSync(join(dir, 'main.jsx'), [...main, ''].join('\n'));
  await build({ root: dir, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: join(dir, 'dist'), emptyOutDir: true } });
  return dir;
}

/** A React + React Router page (one route, a heading and a paragraph). */
export function buildRouterPage(): Promise<string> {
  return buildPeer('router-baseline', 'A React and React Router page', [
    "import { createRoot } from 'react-dom/client';",
    "import { createBrowserRouter, RouterProvider } from 'react-router-dom';",
    "const router = createBrowserRouter([{ path: '*', element: <main><h1>Hello</h1><p>A React and React Router page.</p></main> }]);",
    "createRoot(document.getElementById('root')).render(<RouterProvider router={router} />);",
  ]);
}

/**
 * A minimal react-admin app: one resource, deliveries, listed in a data grid of five columns from an in-page data
 * provider of 20 rows (react-admin's default layout: app bar, menu, pagination, its Material UI theme).
 */
export function buildReactAdminApp(): Promise<string> {
  return buildPeer('react-admin-baseline', 'A minimal react-admin app', [
    "import { createRoot } from 'react-dom/client';",
    "import { Admin, Resource, List, Datagrid, TextField, NumberField, DateField } from 'react-admin';",
    "const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, waybill: `WB${1000 + i}`, status: 'Delivered', distanceKm: 3 + i, createdAt: new Date(Date.UTC(2026, 10, 1 + i)).toISOString() }));",
    'const dataProvider = {',
    '  getList: async () => ({ data: rows, total: rows.length }),',
    '  getOne: async (_, { id }) => ({ data: rows.find((row) => row.id === Number(id)) }),',
    '  getMany: async (_, { ids }) => ({ data: rows.filter((row) => ids.includes(row.id)) }),',
    '  getManyReference: async () => ({ data: [], total: 0 }),',
    '  create: async (_, { data }) => ({ data: { ...data, id: rows.length + 1 } }),',
    '  update: async (_, { data }) => ({ data }),',
    '  updateMany: async (_, { ids }) => ({ data: ids }),',
    '  delete: async (_, { previousData }) => ({ data: previousData }),',
    '  deleteMany: async (_, { ids }) => ({ data: ids }),',
    '};',
    'const DeliveryList = () => (',
    '  <List><Datagrid><TextField source="waybill" /><TextField source="status" /><NumberField source="distanceKm" /><DateField source="createdAt" /></Datagrid></List>',
    ');',
    "createRoot(document.getElementById('root')).render(<Admin dataProvider={dataProvider}><Resource name=\"deliveries\" list={DeliveryList} /></Admin>);",
  ]);
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves a built peer the way our server serves the app: compressed (brotli or gzip), index.html for any page. */
export function serveStatic(dir: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0]!));
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    const body = readFileSync(file);
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const [sent, encoding] = accepts.includes('br') ? [brotliCompressSync(body), 'br'] : accepts.includes('gzip') ? [gzipSync(body), 'gzip'] : [body, undefined];
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', ...(encoding && { 'Content-Encoding': encoding }) });
    response.end(sent);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
