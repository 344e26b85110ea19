import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineFiles } from '../../src/lib/flows/node-discovery';

const root = process.cwd();

/** The account forms being rewritten as one form-submit chart: they get their types file with that rewrite. */

const schemaOf = (machinePath: string) =>
  `${basename(machinePath, '.machine.ts').split('-').map((part) => part[0]!.toUpperCase() + part.slice(1)).join('')}Schema`;

// DESIGN.md "Statecharts": `<name>.machine.ts` beside `<name>.types.ts`, which exports one schema type that the
// machine's setup takes as its types.
describe('statechart layout', () => {
  const { machines } = machineFiles(root);

  it('finds the machines', () => {
    expect(machines.length).toBeGreaterThan(30);
  });

  it('gives every machine a sibling <name>.types.ts with its <Name>Schema, used by setup', () => {
    const problems: string[] = [];
    for (const path of machines) {
      const typesPath = path.replace(/\.machine\.ts$/, '.types.ts');
      const schema = schemaOf(path);
      if (!existsSync(join(root, typesPath))) {
        problems.push(`${path}: no ${basename(typesPath)}`);
        continue;
      }
      if (!new RegExp(`export interface ${schema}\\b`).test(readFileSync(join(root, typesPath), 'utf8'))) {
        problems.push(`${typesPath}: does not export interface ${schema}`);
      }
      // A chart shared without its actors (public pages) sits in <name>.logic.ts; the machine provides them.
      const logicPath = path.replace(/\.machine\.ts$/, '.logic.ts');
      const chartPath = existsSync(join(root, logicPath)) ? logicPath : path;
      if (!readFileSync(join(root, chartPath), 'utf8').includes(`types: {} as ${schema}`)) {
        problems.push(`${chartPath}: setup does not take types: {} as ${schema}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no .types.ts in src/machines without its machine (or the shared chart it types)', () => {
    const files = readdirSync(join(root, 'src/machines'), { recursive: true, encoding: 'utf8' }).map((file) => file.split('\\').join('/'));
    const orphans = files.filter((file) => file.endsWith('.types.ts')
      && !files.includes(file.replace(/\.types\.ts$/, '.machine.ts')) && !files.includes(file.replace(/\.types\.ts$/, '.ts')));
    expect(orphans).toEqual([]);
  });
});
