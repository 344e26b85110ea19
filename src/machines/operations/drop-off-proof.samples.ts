import { toApiError } from '../../api/api-error';
import { PROOF_TEXTS } from '../../lib/proof-of-delivery';
import { defineSamples } from '../samples';
import { dropOffProofMachine } from './drop-off-proof.machine';
import type { TaskState } from './drop-off-proof.types';

const input = { cca2: 'ZA' };
const open = { type: 'proof.open' as const, taskId: 42, label: 'WBJ0009' };
const task: TaskState['task'] = {
  id: 42, jobId: 7, deliveryId: 9, waybill: 'WBJ0009', taskJobOrder: 2, taskStatusId: 3001, taskTypeId: 2, arrivedDate: '2026-11-26T09:00:00.000Z',
  arrivedLocation: { lat: -33.9, lon: 18.629 }, distanceFromDriver: 0.1, arrivedDistanceKm: 0.1, arrivedFarFromStop: false,
  address: { description: '9 Oxford Road, Parktown', coordinates: { lat: -33.9, lon: 18.629 } }, windowStartUtc: null, completedDate: null, exceptionReason: null, xmin: '1',
};
/** Signature and code required, a photo optional, a scan of each of two parcels required. */
export const dropOffProofState: TaskState = {
  task, jobStatusId: 3001, logisticStatusId: 5, allowedActions: ['completedropoff', 'exceptiondropoff'],
  proofRequired: { signature: 'required', photo: 'optional', barcode: 'required', code: 'required' },
  parcelBarcodes: ['WBJ0009-1', 'WBJ0009-2'],
};
const photo = { id: 501, imageUrl: '/connect/media/image/za/501?token=sample' };
const offline = toApiError(503, { message: 'The server is not answering.' }, '/connect/tasks/gettaskstate/ZA/42');

const blob = () => new Blob(['photo'], { type: 'image/jpeg' });
const allOptional = { ...dropOffProofState, proofRequired: { signature: 'optional', photo: 'optional', barcode: 'optional', code: 'optional' } as const };

// Three walks with small alphabets (the path search explores every context the events can make).
export const dropOffProofSamples = defineSamples(dropOffProofMachine, [
  {
    name: 'a driver scans the parcel, the recipient types their name and gives the code; a wrong code is refused, the right one completes',
    input,
    events: [
      open,
      { type: 'xstate.done.actor.loadTaskState', output: { ...dropOffProofState, parcelBarcodes: ['WBJ0009-1'] } },
      // Nothing given yet: Complete is held back.
      { type: 'proof.submit' },
      { type: 'proof.scan', code: 'WBJ0009-1' },
      { type: 'proof.sign', signature: { method: 'typed', value: 'Rita Recipient' } },
      { type: 'proof.code', code: '482913' },
      { type: 'proof.submit' },
      { type: 'xstate.error.actor.completeDropOff', error: toApiError(422, { message: PROOF_TEXTS.missing(['One-time code']), errors: { code: [PROOF_TEXTS.codeWrong] } }, '/connect/tasks/completedropoff/ZA/42') },
      { type: 'proof.submit' },
      { type: 'xstate.done.actor.completeDropOff', output: { ...dropOffProofState, allowedActions: [], logisticStatusId: 6 } },
      { type: 'proof.cancel' },
    ],
  },
  {
    name: 'everything optional: a wrong parcel is named, the recipient signs on the pad and it is cleared, a photo is uploaded (or fails)',
    input,
    events: [
      open,
      { type: 'xstate.done.actor.loadTaskState', output: allOptional },
      { type: 'proof.scan', code: 'ZZ-404' },
      { type: 'proof.sign', signature: { method: 'drawn', value: 'data:image/png;base64,iVBORw0KGgo=' } },
      { type: 'proof.clearSignature' },
      { type: 'proof.located', location: { lat: -33.9, lon: 18.629 } },
      { type: 'proof.photo', file: blob() },
      { type: 'xstate.done.actor.uploadPhoto', output: photo },
      { type: 'proof.photo', file: blob() },
      { type: 'xstate.error.actor.uploadPhoto', error: toApiError(413, { message: 'Unable to upload image. Image size is too large.' }, '/connect/tasks/proofphoto/ZA/42') },
      { type: 'proof.cancel' },
    ],
  },
  {
    name: 'the task cannot be read: try again; a drop-off that needs no proof, closed',
    input,
    events: [
      open,
      { type: 'xstate.error.actor.loadTaskState', error: offline },
      { type: 'proof.retry' },
      { type: 'xstate.done.actor.loadTaskState', output: { ...dropOffProofState, proofRequired: null, parcelBarcodes: [] } },
      { type: 'proof.cancel' },
    ],
  },
], 'transitions');
