import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { autoDispatchMachine } from './auto-dispatch.machine';
import type { AutoDispatchRun, AutoDispatchSetting } from './auto-dispatch.types';

const input = { cca2: 'ZA' };
export const autoDispatchSettingsSample: AutoDispatchSetting[] = [
  { territoryId: 1, territoryName: 'Cape Town', isOn: false },
  { territoryId: 2, territoryName: 'Johannesburg', isOn: false },
];
export const autoDispatchRunSample: AutoDispatchRun = {
  territoryId: 1, runId: '5b0e7a4e-2f1c-4d7a-9c1e-3a2b1c0d9e8f',
  assigned: [{
    id: 1, runId: '5b0e7a4e-2f1c-4d7a-9c1e-3a2b1c0d9e8f', jobId: 41, driverId: 12, driverName: 'Lerato Dlamini', territoryId: 1, rule: 'vehicle fit',
    distanceKm: 3.25, score: 3.25, considered: 2, trigger: 'run', createdAt: '2026-11-26T08:00:00.000Z',
    candidates: [
      { driverId: 12, driverName: 'Lerato Dlamini', distanceKm: 3.25, vehicleKm: 0, windowKm: 0, loadKm: 0, score: 3.25 },
      { driverId: 11, driverName: 'Sipho Nkosi', distanceKm: 1.1, vehicleKm: 0, windowKm: 0, loadKm: 0, score: 1.1, excluded: 'vehicle too small' },
    ],
  }],
  unassigned: [{ jobId: 42, reason: 'No available driver within reach' }],
};
const notAnswering = toApiError(503, { message: 'The server is not answering.' }, '/connect/jobs/autodispatch/ZA');

export const autoDispatchSamples = defineSamples(autoDispatchMachine, [
  {
    name: 'a dispatcher runs Cape Town once, sees why each job went where, and leaves it on',
    input,
    events: [
      { type: 'autoDispatch.open' },
      { type: 'xstate.done.actor.loadSettings', output: autoDispatchSettingsSample },
      { type: 'autoDispatch.territory', territoryId: 99 },
      { type: 'autoDispatch.territory', territoryId: 1 },
      { type: 'autoDispatch.run' },
      { type: 'xstate.done.actor.runAutoDispatch', output: autoDispatchRunSample },
      { type: 'autoDispatch.leaveOn', isOn: true },
      { type: 'xstate.done.actor.saveSetting', output: { territoryId: 1, territoryName: 'Cape Town', isOn: true } },
      { type: 'autoDispatch.close' },
    ],
  },
  {
    name: 'the territories do not load, then do; the run and the switch are refused and say why',
    input,
    events: [
      { type: 'autoDispatch.open' },
      { type: 'xstate.error.actor.loadSettings', error: notAnswering },
      { type: 'autoDispatch.retry' },
      { type: 'xstate.done.actor.loadSettings', output: autoDispatchSettingsSample },
      { type: 'autoDispatch.run' },
      { type: 'xstate.error.actor.runAutoDispatch', error: notAnswering },
      { type: 'autoDispatch.leaveOn', isOn: true },
      { type: 'xstate.error.actor.saveSetting', error: notAnswering },
      { type: 'autoDispatch.close' },
    ],
  },
  {
    name: 'a portal without territories: nothing to run; closing from the error',
    input,
    events: [
      { type: 'autoDispatch.open' },
      { type: 'xstate.done.actor.loadSettings', output: [] },
      { type: 'autoDispatch.run' },
      { type: 'autoDispatch.leaveOn', isOn: true },
      { type: 'autoDispatch.close' },
      { type: 'autoDispatch.open' },
      { type: 'xstate.error.actor.loadSettings', error: notAnswering },
      { type: 'autoDispatch.close' },
    ],
  },
], 'transitions');
