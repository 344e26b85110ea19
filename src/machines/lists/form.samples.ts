import { toApiError } from '../../api/api-error';
import { RecordConflict } from '../../resources/types';
import { defineSamples } from '../samples';
import { formMachine } from './form.machine';

const store = {
  id: 5, storeName: 'Acme Sea Point', companyId: 1, contactName: 'Pieter', phoneNumber: null, email: null, address: null,
  unitName: null, unitNumber: null, isActive: true, qsrMode: false, xmin: '10',
};
const theirs = { ...store, contactName: 'Someone else', xmin: '12' };

export const formSamples = defineSamples(formMachine, [
  {
    name: 'edit a store',
    input: { resource: 'stores', cca2: 'ZA', id: 5 },
    events: [
      { type: 'xstate.done.actor.loadRecord', output: store },
      { type: 'xstate.error.actor.loadRecord', error: toApiError(500, { message: 'boom' }, '/connect/stores/ZA/5') },
      { type: 'xstate.error.actor.loadRecord', error: toApiError(404, undefined, '/connect/stores/ZA/5') },
      { type: 'form.change', name: 'contactName', value: 'Mine' },
      { type: 'xstate.done.actor.saveRecord', output: { ...store, contactName: 'Mine', xmin: '11' } },
      { type: 'xstate.error.actor.saveRecord', error: new RecordConflict('changed', theirs) },
      { type: 'xstate.error.actor.saveRecord', error: toApiError(400, { message: 'Invalid', errors: { storeName: ['Store name is required'] } }, '/connect/stores/ZA/5') },
      { type: 'xstate.done.actor.deleteRecord', output: 1 },
      { type: 'xstate.error.actor.deleteRecord', error: toApiError(409, { message: 'in use' }, '/connect/stores/ZA') },
    ],
  },
  {
    name: 'add a store',
    input: { resource: 'stores', cca2: 'ZA' },
    events: [
      { type: 'form.change', name: 'storeName', value: 'Acme Waterfront' },
      { type: 'form.change', name: 'companyId', value: 1, label: 'Acme Holdings' },
      { type: 'xstate.done.actor.saveRecord', output: { ...store, id: 9, storeName: 'Acme Waterfront' } },
    ],
  },
]);
