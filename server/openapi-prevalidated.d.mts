export class Validator {
  static supportedVersions: Set<string>;
  specification: unknown;
  version: string | undefined;
  specificationVersion: string | undefined;
  validate(specification: unknown): Promise<{ valid: boolean; errors?: string }>;
  resolveRefs(options?: { specification?: unknown }): unknown;
}
