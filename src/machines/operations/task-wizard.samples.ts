import { toApiError } from '../../api/api-error';
import { TASK_TYPE } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { taskWizardMachine } from './task-wizard.machine';

const input = { cca2: 'ZA', jobId: 1 };
const address = { description: '12 Kloof Street, Gardens, Cape Town', lat: '-33.9321', lon: '18.4113' };

export const taskWizardSamples = defineSamples(taskWizardMachine, [
  {
    name: 'a dispatcher adds a drop-off with its window and contact',
    input,
    events: [
      { type: 'wizard.open' },
      { type: 'wizard.next' },
      { type: 'wizard.change', fields: { deliveryId: 105, taskTypeId: TASK_TYPE.DROP_OFF } },
      { type: 'wizard.next' },
      { type: 'wizard.change', fields: address },
      { type: 'wizard.next' },
      { type: 'wizard.back' },
      { type: 'wizard.change', fields: { windowStart: '2026-11-27T10:00', windowEnd: '2026-11-27T08:00', contactPhone: '+27 82 555 0101' } },
      { type: 'wizard.submit' },
      { type: 'wizard.change', fields: { windowEnd: '2026-11-27T12:00' } },
      { type: 'wizard.submit' },
      { type: 'xstate.done.actor.addTask', output: undefined },
    ],
  },
  {
    name: 'a store pick-up without its store waits for it; the job no longer takes work: refused, cancelled',
    input,
    events: [
      { type: 'wizard.open' },
      { type: 'wizard.change', fields: { deliveryId: 105, taskTypeId: TASK_TYPE.STORE_PICK_UP } },
      { type: 'wizard.next' },
      { type: 'wizard.change', fields: address },
      { type: 'wizard.next' },
      { type: 'wizard.change', fields: { storeId: '3' } },
      { type: 'wizard.next' },
      { type: 'wizard.submit' },
      { type: 'xstate.error.actor.addTask', error: toApiError(409, { message: 'Cannot add a stop to job 1: it is Completed.' }, '/connect/jobs/addtasktojob/ZA/1') },
      { type: 'wizard.cancel' },
    ],
  },
], 'transitions');
