// What the service worker precaches: the app shell (index.html, the entry chunk and what it imports) and the public
// pages, so a visitor who came once can open the site offline. The back office's chunks are cached as they are
// used (the worker's runtime cache of /assets/), not all downloaded on a first visit to the home page.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The files of the chunks matching `root`, with everything they import statically. */
export function shellFiles(manifest: Record<string, ManifestChunk>, root: (key: string, chunk: ManifestChunk) => boolean): Set<string> {
  const files = new Set<string>(['index.html']);
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (root(key, chunk)) visit(key);
  return files;
}

export const isShellRoot = (key: string, chunk: ManifestChunk) => Boolean(chunk.isEntry) || key.startsWith('src/features/public/');

/**
 * A Workbox manifest transform keeping only the app shell's entries (reads Vite's manifest of `outDir`). `outDir` may be
 * a function: the build's output folder as Vite resolved it (a build into another folder, as the bundle benchmark's,
 * must not read `dist` of the working directory).
 */
export function appShellOnly(outDir: string | (() => string)) {
  return async <Entry extends { url: string }>(entries: Entry[]) => {
    const folder = typeof outDir === 'function' ? outDir() : outDir;
    const manifest = JSON.parse(readFileSync(join(folder, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const shell = shellFiles(manifest, isShellRoot);
    return { manifest: entries.filter((entry) => shell.has(entry.url.replace(/^\//, ''))), warnings: [] };
  };
}
