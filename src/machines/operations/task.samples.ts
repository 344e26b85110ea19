import { TASK_TYPE } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { taskMachine } from './task.machine';

export const taskSamples = defineSamples(taskMachine, [
  { name: 'pick-up task', input: { taskTypeId: TASK_TYPE.PICK_UP }, events: [{ type: 'task.arrived', at: '2026-11-21T08:15:00.000Z', location: { lat: -33.9249, lon: 18.4241 } }] },
  { name: 'drop-off task', input: { taskTypeId: TASK_TYPE.DROP_OFF }, events: [{ type: 'task.arrived', at: '2026-11-21T09:05:00.000Z', location: { lat: -33.9321, lon: 18.8602 } }] },
], 'transitions');
