// The OpenAPI contract read as data, for suites that derive their cases from it (list validation, concurrent
// edits): a new resource in the contract gets those cases without a test written for it.
import { readFileSync } from 'node:fs';
import yaml from 'js-yaml';
import { OPERATION_ACCESS, type OperationId } from '../../src/lib/access';
import { SEEDED_USERS, type SeededLogin } from './seeded-users';

export interface Parameter { name: string; in: string; required?: boolean; schema?: { $ref?: string; enum?: unknown[] } }
export interface Schema { $ref?: string; enum?: unknown[]; properties?: Record<string, Schema>; required?: string[]; type?: string | string[]; nullable?: boolean; allOf?: Schema[] }
export interface Operation {
  operationId: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
export interface Contract {
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Parameter>; schemas: Record<string, Schema> };
}

export const connectContract = yaml.load(readFileSync(new URL('../../openapi/connect.yaml', import.meta.url), 'utf8')) as Contract;

export const resolveParameter = (contract: Contract, parameter: Parameter | { $ref: string }): Parameter =>
  '$ref' in parameter ? contract.components.parameters[parameter.$ref.split('/').pop()!]! : parameter;

export const resolveSchema = (contract: Contract, schema: Schema | undefined): Schema | undefined =>
  schema?.$ref ? resolveSchema(contract, contract.components.schemas[schema.$ref.split('/').pop()!]) : schema;

/** Who calls an operation in these suites: the first seeded user the access table lets in (the administrator for most). */
export function callerOf(operationId: string): SeededLogin {
  const rule = OPERATION_ACCESS[operationId as OperationId];
  if (!rule) throw new Error(`${operationId} is not in OPERATION_ACCESS`);
  const user = SEEDED_USERS.find((candidate) => typeof rule === 'string' || candidate.roles.some((role) => (rule.roles as readonly string[]).includes(role)));
  if (!user) throw new Error(`no seeded user may call ${operationId}`);
  return user.login;
}
