import { toApiError } from '../../api/api-error';
import { RecordConflict } from '../../resources/types';
import { defineSamples } from '../samples';
import { formMachine } from './form.machine';

const store = {
  id: 5, storeName: 'Acme Sea Point', companyId: 1, contactName: 'Pieter', phoneNumber: null, email: null, address: null,
  unitName: null, unitNumber: null, isActive: true, qsrMode: false, xmin: '10',
};
const theirs = { ...store, contactName: 'Someone else', xmin: '12' };
const scheduledReport = {
  id: 3, reportType: '4', reportName: 'Service Levels', period: 'Weekly', scheduledDay: 'Monday', recipients: 'ops@acme.example', companyid: null,
  companyName: null, isActive: true, nextRunAt: '2026-11-30T06:00:00.000Z', lastRunStatus: null, createdAt: '2026-11-26T10:00:00.000Z', xmin: '20',
};

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
  {
    // A resource whose add screen goes back to its list (createOpensEdit false).
    name: 'add a scheduled report',
    input: { resource: 'scheduledReports', cca2: 'ZA' },
    events: [
      { type: 'form.change', name: 'reportType', value: '4' },
      { type: 'form.change', name: 'period', value: 'Weekly' },
      { type: 'form.change', name: 'recipients', value: 'ops@acme.example' },
      { type: 'xstate.done.actor.saveRecord', output: scheduledReport },
    ],
  },
], 'transitions');
