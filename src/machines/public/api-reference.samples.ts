import { operationsByTag } from '../../lib/api-reference';
import { defineSamples } from '../samples';
import { apiReferenceMachine } from './api-reference.machine';

export const sampleApiDocument = {
  servers: [{ url: '/connect' }],
  tags: [{ name: 'tracking' }, { name: 'public' }],
  paths: {
    '/tracking/{cca2}/{hash}': { get: { tags: ['tracking'], operationId: 'gettracking', summary: 'The public tracking page\'s data', security: [] } },
    '/public/{cca2}/price': { post: { tags: ['public'], operationId: 'publicprice', summary: 'The live price calculator', security: [] } },
    '/deliveries/{cca2}': { get: { tags: ['deliveries-admin'], operationId: 'getdeliveries', summary: 'The deliveries list' } },
  },
};

export const apiReferenceSamples = defineSamples(apiReferenceMachine, [{
  name: 'the API reference',
  input: { documents: ['connect'] },
  events: [
    { type: 'xstate.error.actor.loadApiDocuments', error: new Error('The API reference could not be loaded (503).') },
    { type: 'retry' },
    { type: 'xstate.done.actor.loadApiDocuments', output: [{ document: 'connect', tags: operationsByTag(sampleApiDocument) }] },
  ],
}], 'transitions');
