import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { listMachine } from './list.machine';

const page = {
  items: [
    { id: 1, storeName: 'Acme Sea Point', companyId: 1, contactName: 'Pieter', phoneNumber: null, unitName: null, unitNumber: null, isActive: true, qsrMode: false, xmin: '10' },
    { id: 2, storeName: 'Blue Crane Rosebank', companyId: 2, contactName: 'Anika', phoneNumber: null, unitName: null, unitNumber: null, isActive: true, qsrMode: true, xmin: '11' },
  ],
  paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 2 },
};

export const listSamples = defineSamples(listMachine, [
  {
    name: 'stores list opened from a shared link',
    input: { resource: 'stores', cca2: 'ZA', search: '?isActive=true&sortby=storeName' },
    events: [
      { type: 'xstate.done.actor.loadPage', output: page },
      { type: 'xstate.error.actor.loadPage', error: toApiError(500, { message: 'boom' }, '/connect/stores/ZA') },
      { type: 'xstate.error.actor.loadPage', error: toApiError(404, undefined, '/connect/stores/ZA') },
      { type: 'list.urlChanged', search: '?page=2' },
      { type: 'list.search', text: 'crane' },
    ],
  },
]);
