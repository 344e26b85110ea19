// What fastify-openapi-glue gets instead of @seriousme/openapi-schema-validator in the compiled server only
// (server/launch.mjs bundles the glue with this in its place). The glue's Parser calls `new Validator()`,
// `await validate(copy)`, then reads `version` and `specification` and calls `resolveRefs()`: this does the same
// without checking the copy against the OpenAPI meta-schema again, because the compiled server mounts only the
// contracts server/openapi-compile.mjs validated when it compiled (dist-server/openapi/*.json). Written against
// fastify-openapi-glue 4.11 (its lib/Parser.js); server/launch.mjs refuses another major version.
import { replaceRefs } from '@seriousme/openapi-schema-validator/resolve.js';

const VERSIONS = ['2.0', '3.0', '3.1', '3.2'];

export class Validator {
  static supportedVersions = new Set(VERSIONS);

  async validate(specification) {
    this.specification = specification;
    const declared = typeof specification?.openapi === 'string' ? specification.openapi : specification?.swagger;
    this.version = VERSIONS.find((version) => typeof declared === 'string' && declared.startsWith(version));
    this.specificationVersion = declared;
    if (!this.version) return { valid: false, errors: 'Cannot find supported swagger/openapi version in specification, version must be a string.' };
    return { valid: true };
  }

  resolveRefs(options = {}) {
    return replaceRefs(this.specification || options.specification);
  }
}
