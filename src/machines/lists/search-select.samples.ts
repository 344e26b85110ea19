import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { searchSelectMachine } from './search-select.machine';

const options = [{ key: '1', value: 'Acme Retail' }, { key: '2', value: 'Acme Foods' }];

export const searchSelectSamples = defineSamples(searchSelectMachine, [
  {
    name: 'company filter (Include / Exclude)',
    input: { resource: 'companies', cca2: 'ZA' },
    events: [
      { type: 'select.type', term: 'Acm' },
      { type: 'select.type', term: 'Ac' },
      { type: 'select.type', term: '' },
      { type: 'select.choose', option: options[0]! },
      { type: 'select.mode', mode: 'exclude' },
      { type: 'xstate.done.actor.searchOptions', output: options },
      { type: 'xstate.done.actor.searchOptions', output: [] },
      { type: 'xstate.error.actor.searchOptions', error: toApiError(500, { message: 'boom' }, '/connect/companies/ZA') },
    ],
  },
  {
    name: 'creating an option where allowed',
    input: { resource: 'companies', cca2: 'ZA', allowCreate: true },
    events: [
      { type: 'select.type', term: 'New place' },
      { type: 'xstate.done.actor.searchOptions', output: [] },
      { type: 'xstate.done.actor.createOption', output: { key: '9', value: 'New place' } },
      { type: 'xstate.error.actor.createOption', error: toApiError(400, { message: 'Invalid' }, '/connect/companies/ZA') },
    ],
  },
], 'transitions');
