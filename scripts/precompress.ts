// Brotli and gzip copies of the built text assets, made once at build time so the server sends them with no
// per-request CPU (@fastify/static's preCompressed picks the variant from Accept-Encoding).
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, fonts and source maps (never loaded by users) are left as they are. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|wasm|txt|xml|webmanifest)$/;
/** Below this a compressed body saves less than its own headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes `<file>.br` and `<file>.gz` next to every compressible file of `dir` where that makes it smaller. */
export async function precompress(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const candidates = filesUnder(dir).filter((path) => COMPRESSIBLE.test(path) && statSync(path).size >= MIN_BYTES);
  await Promise.all(
    candidates.map(async (path) => {
      const body = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (gz.length >= body.length) return;
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      result.files += 1;
      result.bytes += body.length;
      result.brotliBytes += br.length;
      result.gzipBytes += gz.length;
    }),
  );
  return result;
}

/** The Vite plugin: precompresses the output directory after every production build. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'courier:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = performance.now();
      const result = await precompress(outDir);
      this.info?.(`precompressed ${result.files} files: ${result.bytes} B → ${result.brotliBytes} B brotli, ${result.gzipBytes} B gzip in ${Math.round(performance.now() - started)} ms`);
    },
  };
}
