// The contracts are validated when the server is compiled (server/launch.mjs), and the compiled server mounts them
// without validating again (issue 23, "Server start-up"): an invalid contract must fail that compile.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator as MetaSchemaValidator } from '@seriousme/openapi-schema-validator';
import yaml from 'js-yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { compileContracts } from './openapi-compile.mjs';
import { Validator as Prevalidated } from './openapi-prevalidated.mjs';
import { projectRoot } from './paths';

const directories: string[] = [];
afterAll(() => { for (const directory of directories) rmSync(directory, { recursive: true, force: true }); });

const identityYaml = readFileSync(join(projectRoot, 'openapi', 'identity.yaml'), 'utf8');

/** A project root holding only openapi/<name>.yaml files, and a dist-server directory next to it. */
function projectWith(contracts: Record<string, string>): { root: string; outDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'openapi-compile-'));
  directories.push(root);
  mkdirSync(join(root, 'openapi'));
  for (const [name, text] of Object.entries(contracts)) writeFileSync(join(root, 'openapi', `${name}.yaml`), text);
  return { root, outDir: join(root, 'dist-server') };
}

describe('OpenAPI contracts compiled with the server', () => {
  it("writes each of the project's contracts as the JSON of what the server would parse from its YAML", async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'openapi-compile-out-'));
    directories.push(outDir);
    expect(await compileContracts(projectRoot, outDir)).toEqual(['connect', 'identity']);
    for (const name of ['connect', 'identity']) {
      const written: unknown = JSON.parse(readFileSync(join(outDir, 'openapi', `${name}.json`), 'utf8'));
      expect(written).toEqual(yaml.load(readFileSync(join(projectRoot, 'openapi', `${name}.yaml`), 'utf8')));
    }
  });

  it('fails on a contract that breaks the OpenAPI meta-schema, and writes nothing', async () => {
    const broken = identityYaml.replace(/^info:\n/m, 'inf:\n');
    const { root, outDir } = projectWith({ good: identityYaml, identity: broken });
    await expect(compileContracts(root, outDir)).rejects.toThrow(/openapi\/identity\.yaml is not a valid OpenAPI document/);
    expect(existsSync(join(outDir, 'openapi', 'good.json'))).toBe(false);
  });

  it('fails on a reference to a schema that does not exist', async () => {
    const { root, outDir } = projectWith({ identity: identityYaml.replace(/\$ref: '#\/components\/schemas\/([A-Za-z]+)'/, "$ref: '#/components/schemas/Missing'") });
    await expect(compileContracts(root, outDir)).rejects.toThrow(/Missing/);
  });

  it('fails on YAML that does not parse', async () => {
    const { root, outDir } = projectWith({ identity: 'openapi: 3.0.3\ninfo: [unclosed\n' });
    await expect(compileContracts(root, outDir)).rejects.toThrow(/openapi\/identity\.yaml is not valid YAML/);
  });

  it('the validator the compiled glue gets gives it what the real one does for a valid contract', async () => {
    const contract = yaml.load(identityYaml) as Record<string, unknown>;
    const real = new MetaSchemaValidator();
    expect((await real.validate(structuredClone(contract))).valid).toBe(true);
    const prevalidated = new Prevalidated();
    expect((await prevalidated.validate(structuredClone(contract))).valid).toBe(true);
    expect(prevalidated.version).toBe(real.version);
    expect(prevalidated.specification).toEqual(real.specification);
    expect(prevalidated.resolveRefs()).toEqual(real.resolveRefs());
  });

  it("the glue's parser still uses only what the replacement provides", () => {
    const parser = readFileSync(join(projectRoot, 'node_modules', 'fastify-openapi-glue', 'lib', 'Parser.js'), 'utf8');
    const used = [...parser.matchAll(/validator\.(\w+)/g)].map((match) => match[1]);
    expect(new Set(used)).toEqual(new Set(['validate', 'specification', 'version', 'resolveRefs']));
    expect(parser).toContain('new Validator()');
  });
});
