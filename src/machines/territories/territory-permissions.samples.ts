import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { territoryPermissionsMachine } from './territory-permissions.machine';
import type { TerritoryPermission } from './territory-permissions.types';

const drivers: TerritoryPermission = { id: 1, territoryId: 1, territoryName: 'Cape Town', userId: null, email: null, role: 'Driver' };
const partners: TerritoryPermission = { id: 2, territoryId: 1, territoryName: 'Cape Town', userId: null, email: null, role: 'Partner' };

export const territoryPermissionsSamples = defineSamples(territoryPermissionsMachine, [
  {
    name: 'Cape Town: grant partners, revoke drivers',
    input: { territoryId: 1 },
    events: [
      { type: 'xstate.done.actor.loadPermissions', output: [drivers] },
      { type: 'xstate.error.actor.loadPermissions', error: toApiError(500, { message: 'boom' }, '/connect/territories/TerritoryPermissions') },
      { type: 'permissions.grant', grant: { role: 'Partner' } },
      { type: 'xstate.done.actor.grantPermission', output: partners },
      { type: 'xstate.error.actor.grantPermission', error: toApiError(409, { message: 'This permission exists already.' }, '/connect/territories/TerritoryPermissions') },
      { type: 'permissions.revoke', id: 1 },
      { type: 'xstate.done.actor.revokePermission', output: 1 },
      { type: 'xstate.error.actor.revokePermission', error: toApiError(404, { message: 'Not found: territory permission 1' }, '/connect/territories/TerritoryPermissions/1') },
    ],
  },
], 'transitions');
