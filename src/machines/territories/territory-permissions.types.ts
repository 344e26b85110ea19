import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

export type TerritoryPermission = components['schemas']['TerritoryPermission'];

export type PermissionGrant = { userId: number } | { role: string };

export interface TerritoryPermissionsInput {
  territoryId: number;
}

export interface TerritoryPermissionsContext {
  territoryId: number;
  permissions: TerritoryPermission[];
  error: ApiError | undefined;
}

export type TerritoryPermissionsEvent =
  | { type: 'permissions.grant'; grant: PermissionGrant }
  | { type: 'permissions.revoke'; id: number }
  | { type: 'permissions.retry' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface TerritoryPermissionsSchema {
  input: TerritoryPermissionsInput;
  context: TerritoryPermissionsContext;
  events: TerritoryPermissionsEvent;
}
