import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { indexManagementMachine } from './index-management.machine';
import type { DatabaseIndex } from './index-management.types';

export const SAMPLE_INDEXES: DatabaseIndex[] = [
  { name: 'deliveries_pkey', table: 'deliveries', definition: 'CREATE UNIQUE INDEX deliveries_pkey ON public.deliveries USING btree (id)', isUnique: true, isValid: true,
    sizeBytes: 2_359_296, scans: 1250, lastAnalyze: '2026-11-26T06:00:00.000Z', bloatPercent: 12.5 },
  { name: 'rates_key_idx', table: 'rates', definition: 'CREATE INDEX rates_key_idx ON public.rates USING btree (portal_id, sla_type)', isUnique: false, isValid: true,
    sizeBytes: 16_384, scans: 0, lastAnalyze: null, bloatPercent: null },
];
const ANALYZED: DatabaseIndex[] = SAMPLE_INDEXES.map((index) => (index.name === 'rates_key_idx' ? { ...index, lastAnalyze: '2026-11-26T08:00:00.000Z' } : index));

export const indexManagementSamples = defineSamples(indexManagementMachine, [
  {
    name: 'list the indexes (failing once), analyze one (refused once) and follow it to 100 %, then reload',
    input: { cca2: 'ZA' },
    events: [
      { type: 'xstate.error.actor.loadIndexes', error: toApiError(503, { message: 'Service unavailable' }, '/connect/indexmanagement/indexes') },
      { type: 'indexes.reload' },
      { type: 'xstate.done.actor.loadIndexes', output: SAMPLE_INDEXES },
      { type: 'index.maintain', indexName: 'rates_key_idx', action: 'analyze' },
      { type: 'xstate.error.actor.maintainIndex', error: toApiError(404, { message: 'Index rates_key_idx not found' }, '/connect/indexmanagement/indexes/rates_key_idx/analyze') },
      { type: 'xstate.done.actor.maintainIndex', output: { jobId: 'j1', indexName: 'rates_key_idx', action: 'analyze', message: 'Analyze of rates_key_idx queued.' } },
      { type: 'index.progress', indexName: 'rates_key_idx', action: 'analyze', state: 'active', progress: 0 },
      { type: 'index.progress', indexName: 'rates_key_idx', action: 'analyze', state: 'completed', progress: 100, message: 'Analyze of rates_key_idx completed.' },
      { type: 'xstate.done.actor.loadIndexes', output: ANALYZED },
    ],
  },
], 'transitions');
