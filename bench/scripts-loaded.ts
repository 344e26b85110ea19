// The scripts a page loads, as the benchmarks that measure a first load count them.
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export interface Loaded { gzip: number; sent: number; files: { name: string; gzip: number; sent: number }[] }

/** Records every script response of the page: its body gzipped at level 9, and its bytes as sent (body + headers). */
export function recordScripts(page: Page): () => Promise<Loaded> {
  const bodies: Array<Promise<{ name: string; gzip: number; sent: number }>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !(response.headers()['content-type'] ?? '').includes('javascript')) return;
    bodies.push(Promise.all([response.body(), response.finished().then(() => response.request().sizes())]).then(([body, sizes]) => ({
      name: new URL(response.url()).pathname.split('/').pop()!,
      gzip: gzipSync(body, { level: 9 }).length,
      sent: sizes.responseBodySize + sizes.responseHeadersSize,
    })));
  });
  return async () => {
    const files = await Promise.all(bodies);
    return { gzip: files.reduce((sum, file) => sum + file.gzip, 0), sent: files.reduce((sum, file) => sum + file.sent, 0), files };
  };
}
