import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import { SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { errorParams, notifySuccess, outputParams } from '../shared/shared.actions';
import type { TerritoryPermissionsSchema, TerritoryPermission, PermissionGrant } from './territory-permissions.types';

/** Who may work in a territory (002 section 3 "territories with permissions"): a user or a role per row. */
export const territoryPermissionsMachine = setup({
  types: {} as TerritoryPermissionsSchema,
  actors: {
    loadPermissions: fromPromise<TerritoryPermission[], { territoryId: number }>(async ({ input }) => {
      const { data } = await api.connect.GET('/territories/TerritoryPermissions', { params: { query: { territoryid: input.territoryId } } });
      return data ?? [];
    }),
    grantPermission: fromPromise<TerritoryPermission, { territoryId: number; grant: PermissionGrant }>(async ({ input }) => {
      const { data } = await api.connect.POST('/territories/TerritoryPermissions', { body: { territoryId: input.territoryId, ...input.grant } });
      return data!;
    }),
    revokePermission: fromPromise<number, { id: number }>(async ({ input }) => {
      await api.connect.DELETE('/territories/TerritoryPermissions/{id}', { params: { path: { id: input.id } } });
      return input.id;
    }),
  },
  guards: {
    /** Only a listed permission can be revoked (a second revoke of the same row, e.g. from a stale screen, is refused). */
    isListed: ({ context, event }) => {
      assertEvent(event, 'permissions.revoke');
      return context.permissions.some((row) => row.id === event.id);
    },
  },
  actions: {
    usePermissions: assign((_, permissions: TerritoryPermission[]) => ({ permissions, error: undefined })),
    addPermission: assign(({ context }, added: TerritoryPermission) => ({ permissions: [...context.permissions.filter((row) => row.id !== added.id), added], error: undefined })),
    removePermission: assign(({ context }, removedId: number) => ({ permissions: context.permissions.filter((row) => row.id !== removedId), error: undefined })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    notifyCreated: ({ system }) => notifySuccess({ system }, { text: SUCCESS_TEXTS.created }),
    notifyDeleted: ({ system }) => notifySuccess({ system }, { text: SUCCESS_TEXTS.deleted }),
  },
}).createMachine({
  id: 'territoryPermissions',
  description: 'The permissions of one territory: listed, granted to a user or a role, revoked.',
  context: ({ input }) => ({ territoryId: input.territoryId, permissions: [], error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The territory\'s permissions are being read.',
      tags: ['busy'],
      invoke: {
        id: 'loadPermissions',
        src: 'loadPermissions',
        input: ({ context }) => ({ territoryId: context.territoryId }),
        onDone: { target: 'ready', actions: { type: 'usePermissions', params: outputParams } },
        onError: { target: 'failed', actions: { type: 'storeError', params: errorParams } },
      },
    },
    failed: {
      description: 'They could not be read; the user may try again.',
      on: { 'permissions.retry': 'loading' },
    },
    ready: {
      description: 'The list; a grant or a revoke is one call (a refusal shows its message, the list stays).',
      on: {
        'permissions.grant': 'granting',
        'permissions.revoke': { guard: 'isListed', target: 'revoking' },
      },
    },
    granting: {
      tags: ['busy'],
      invoke: {
        id: 'grantPermission',
        src: 'grantPermission',
        input: ({ context, event }) => {
          assertEvent(event, 'permissions.grant');
          return { territoryId: context.territoryId, grant: event.grant };
        },
        onDone: { target: 'ready', actions: [{ type: 'addPermission', params: outputParams }, 'notifyCreated'] },
        onError: { target: 'ready', actions: { type: 'storeError', params: errorParams } },
      },
    },
    revoking: {
      tags: ['busy'],
      invoke: {
        id: 'revokePermission',
        src: 'revokePermission',
        input: ({ event }) => {
          assertEvent(event, 'permissions.revoke');
          return { id: event.id };
        },
        onDone: { target: 'ready', actions: [{ type: 'removePermission', params: outputParams }, 'notifyDeleted'] },
        onError: { target: 'ready', actions: { type: 'storeError', params: errorParams } },
      },
    },
  },
});
