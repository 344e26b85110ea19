import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  engines?: { node?: string } | string[];
  dev?: boolean;
  optional?: boolean;
}

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, LockEntry>;
};

// The oldest Node the README promises; every installed package must accept it, or `npm install` warns.
const oldestSupported = semver.minVersion(manifest.engines.node)?.version ?? '';

describe('the Node version the README states', () => {
  it('is the package.json engines range', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    expect(oldestSupported).toBe('20.19.0');
    expect(readme).toContain('Node 20.19+');
  });

  it('is accepted by every package in the lock file', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !semver.satisfies(oldestSupported, range) ? [`${path.replace(/^node_modules\//, '')} needs node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
