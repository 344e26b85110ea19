import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { deliveryParcelsMachine } from './delivery-parcels.machine';

const parcels = [
  { id: 1, name: 'small', deliveryItemName: 'Parcel 1', parcelTypeId: 1, length: 30, width: 20, height: 15, weight: 2, description: null, barCode: 'WBL000007-1', isFragile: false },
];

export const deliveryParcelsSamples = defineSamples(deliveryParcelsMachine, [
  {
    name: 'a ready delivery\'s parcel edited: a bad length first, then saved; a conflict from another operator',
    input: { cca2: 'ZA', id: 7, xmin: '100', parcels },
    events: [
      { type: 'parcels.edit' },
      { type: 'parcels.change', index: 0, field: 'length', value: '0' },
      { type: 'parcels.change', index: 0, field: 'length', value: '45' },
      { type: 'parcels.save' },
      { type: 'parcels.cancel' },
      { type: 'xstate.done.actor.saveParcels' },
      { type: 'xstate.error.actor.saveParcels', error: toApiError(409, { message: 'The delivery was changed by someone else. Reload to see the current version.' }, '/connect/deliveries/updateparceldetails/ZA/7') },
      { type: 'xstate.error.actor.saveParcels', error: toApiError(400, { message: 'Bad Request', errors: { 'deliveryItems.0.weight': ['Weight is required'] } }, '/connect/deliveries/updateparceldetails/ZA/7') },
      { type: 'parcels.dismiss' },
    ],
  },
], 'transitions');
