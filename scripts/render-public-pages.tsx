// Renders the public pages that are only words and links to HTML after a build (issue 19, "A fast first load"):
// `node --import tsx scripts/render-public-pages.tsx <outDir>`, run by the build (scripts/public-pages.ts). Each page
// goes to <outDir>/.public-pages/<name>.html with placeholders for the portal, which the server fills per host.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { DateTime } from 'luxon';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteDocument, type SiteAssets, type SiteData } from '../src/features/public/site/document';
import { operationsByTag } from '../src/lib/api-reference';
import { PARAMETERISED_PUBLIC_ROUTES, PORTAL_PLACEHOLDERS, publicPageFile, STATIC_PUBLIC_PATHS } from '../src/lib/public-pages';

export const SITE_ENTRY = 'src/site.ts';

interface ManifestChunk { file: string; css?: string[]; imports?: string[] }

/** The script of the public pages, its style sheets and the chunks it imports statically (from Vite's manifest). */
export function siteAssets(manifest: Record<string, ManifestChunk>): SiteAssets {
  const entry = manifest[SITE_ENTRY];
  if (!entry) throw new Error(`Vite's manifest has no ${SITE_ENTRY}`);
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, chunk: ManifestChunk) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    if (chunk !== entry) preloads.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) {
      const next = manifest[imported];
      if (next) visit(imported, next);
    }
  };
  visit(SITE_ENTRY, entry);
  return { script: `/${entry.file}`, styles: [...styles], preloads: [...preloads] };
}

/** The documents of /developers' API reference, as the server serves them (server/routes/site.ts). */
export const REFERENCE_DOCUMENTS = ['connect', 'identity'] as const;

/**
 * What the pages show that the build reads: /developers' API reference from openapi/*.yaml, the contract the server
 * serves and validates against, so it is the same for the whole build (no request, no script on the page for it).
 */
export function siteData(root: string): SiteData {
  return {
    reference: REFERENCE_DOCUMENTS.map((document) => ({
      document, tags: operationsByTag(load(readFileSync(join(root, 'openapi', `${document}.yaml`), 'utf8'))),
    })),
  };
}

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function renderPublicPages(outDir: string, root = REPO_ROOT): string[] {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const assets = siteAssets(manifest);
  const builtAt = DateTime.utc().toFormat('dd-MM-yyyy HH:mm');
  const data = siteData(root);
  return [...STATIC_PUBLIC_PATHS, ...PARAMETERISED_PUBLIC_ROUTES].map((path) => {
    const html = `<!doctype html>\n${renderToStaticMarkup(<SiteDocument path={path} portal={PORTAL_PLACEHOLDERS} assets={assets} builtAt={builtAt} data={data} />)}\n`;
    const file = join(outDir, publicPageFile(path));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
    return file;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) throw new Error('Usage: render-public-pages.tsx <outDir>');
  renderPublicPages(outDir);
}
