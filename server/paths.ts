import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project's root directory (where package.json is), found by walking up from this module: the server reads its
 * migrations and OpenAPI documents from there, whether it runs as TypeScript from server/ or compiled to dist-server/.
 */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, e.g. projectPath('openapi', 'connect.yaml'). */
export const projectPath = (...parts: string[]) => join(projectRoot, ...parts);
