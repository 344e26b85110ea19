import { Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DISTANCE_TEXTS } from '../../lib/distance-discovery';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { distanceBatchActors } from '../../machines/rates/distance-batch.actors';
import { rateBatchMachine } from '../../machines/rates/rate-batch.machine';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { RateBatchView, type UploadBatchTexts } from './RateBatchView';

export const DISTANCE_BATCH_TEXTS = {
  sheet: 'Address pairs (.xlsx or .csv)',
  completed: (found: number) => `Completed: ${found} driving distances found.`,
  batches: 'Batches',
  columns: 'Columns: Origin address, Destination address (found by the address service); optional: Reference. '
    + 'Submitting computes each pair\'s driving distance through the route service.',
} as const satisfies UploadBatchTexts & Record<string, unknown>;

const NO_FILTERS = {};

/** /admin/distancediscovery (issue 16, administrator): address pairs from a sheet (the rate batch's chart with the distance calls), and the batches. */
export default function DistanceDiscoveryPage() {
  const portal = usePortal();
  const [machine] = useState(() => rateBatchMachine.provide({ actors: distanceBatchActors }));
  const upload = useScreenActor(machine, { cca2: portal.cca2 });
  const list = useNestedList('distanceBatches', NO_FILTERS);
  return (
    <AdminPage title={DISTANCE_TEXTS.title} readOnly current={{ label: DISTANCE_TEXTS.title, to: '/admin/distancediscovery' }}>
      <Stack gap={6}>
        <Stack gap={2}>
          <p>{DISTANCE_BATCH_TEXTS.columns}</p>
          <RateBatchView actor={upload} texts={DISTANCE_BATCH_TEXTS} rowsPath={(batchId) => `/admin/distancediscovery/batches/${batchId}/uploads`} />
        </Stack>
        <Heading as="h2" size="md">{DISTANCE_BATCH_TEXTS.batches}</Heading>
        <ListView actor={list} mayEdit={false} rowAction={(row) => (
          <RouterLink to={`/admin/distancediscovery/batches/${row.id}/uploads`} aria-label={`Rows of batch #${row.id}`}>Rows</RouterLink>
        )} />
      </Stack>
    </AdminPage>
  );
}
