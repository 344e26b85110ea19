// The OpenAPI contracts checked and parsed when the server is compiled (server/launch.mjs), not on every start
// (issue 23, "Server start-up": validating both documents against the OpenAPI meta-schema and parsing their YAML
// took ~0.4 s of each start). Each openapi/<name>.yaml is parsed with the parser the server uses (js-yaml), validated
// exactly as fastify-openapi-glue validates it when it mounts it (@seriousme/openapi-schema-validator: the meta-schema,
// then every $ref), and written to dist-server/openapi/<name>.json. A contract that is invalid fails the compile, so
// the server does not start on it. The compiled server mounts the JSON without validating it again
// (server/openapi-prevalidated.mjs); the TypeScript server (dev, tests) still parses and validates the YAML.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The contracts the server mounts: every openapi/*.yaml, relative to the project's root. */
export function contractFiles(root) {
  return readdirSync(join(root, 'openapi')).filter((name) => name.endsWith('.yaml')).sort().map((name) => `openapi/${name}`);
}

/** Where the compiled server reads a contract's parsed, validated copy. */
export const compiledContractPath = (outDir, name) => join(outDir, 'openapi', `${name}.json`);

/** Throws, naming the file and the validator's errors, when a contract is not valid OpenAPI. */
export async function validateContract(file, text) {
  // Loaded here, not with the module: every start imports this module to check whether it must compile, and the
  // validator (ajv and the meta-schemas) with the YAML parser took ~0.2 s of a start that compiles nothing.
  const [{ Validator }, { default: yaml }] = await Promise.all([import('@seriousme/openapi-schema-validator'), import('js-yaml')]);
  let parsed;
  try {
    parsed = yaml.load(text);
  } catch (error) {
    throw new Error(`${file} is not valid YAML: ${error.message}`);
  }
  const validator = new Validator();
  // The glue validates a copy (resolving the references changes the object); so does this.
  const result = await validator.validate(structuredClone(parsed));
  if (!result.valid) {
    const errors = typeof result.errors === 'string' ? result.errors : JSON.stringify(result.errors, null, 2);
    throw new Error(`${file} is not a valid OpenAPI document:\n${errors}`);
  }
  if (!Validator.supportedVersions.has(validator.version)) throw new Error(`${file}: unsupported OpenAPI version ${validator.version}`);
  return parsed;
}

/** Validates every contract, then writes each one's JSON; nothing is written unless all are valid. */
export async function compileContracts(root, outDir) {
  const compiled = [];
  for (const file of contractFiles(root)) {
    const parsed = await validateContract(file, readFileSync(join(root, file), 'utf8'));
    compiled.push({ name: file.slice('openapi/'.length, -'.yaml'.length), parsed });
  }
  mkdirSync(join(outDir, 'openapi'), { recursive: true });
  for (const { name, parsed } of compiled) {
    const target = compiledContractPath(outDir, name);
    const temporary = `${target}.${process.pid}`;
    writeFileSync(temporary, JSON.stringify(parsed));
    renameSync(temporary, target);
  }
  return compiled.map(({ name }) => name);
}
