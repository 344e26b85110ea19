import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBuildStale } from '../../server/build-if-needed';

// The build is judged by the newest input time it started from (file times), never by a clock: a clock moved back
// (CI's time-of-day runs under libfaketime) once made every test server rebuild the app under the others' feet.
describe('whether the web app must be built again', () => {
  const outDir = () => mkdtempSync(join(tmpdir(), 'courier-dist-'));

  it('is stale without a stamp', () => {
    expect(isBuildStale(outDir())).toBe(true);
  });

  it('is up to date when no input changed after the inputs it was built from', () => {
    const dir = outDir();
    writeFileSync(join(dir, '.build-inputs'), String(Number.MAX_SAFE_INTEGER));
    expect(isBuildStale(dir)).toBe(false);
  });

  it('is stale when an input is newer than the build started from', () => {
    const dir = outDir();
    writeFileSync(join(dir, '.build-inputs'), '1');
    expect(isBuildStale(dir)).toBe(true);
  });
});
