import { Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { storeBatchActors } from '../../machines/rates/store-batch.actors';
import { rateBatchMachine } from '../../machines/rates/rate-batch.machine';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { RateBatchView, type UploadBatchTexts } from './RateBatchView';

export const STORE_BATCH_TEXTS = {
  title: 'Upload stores',
  sheet: 'Store sheet (.xlsx or .csv)',
  completed: (stores: number) => `Completed: ${stores} stores created or changed.`,
  batches: 'Batches',
  columns: 'Columns: Store name, Address (found by the address service); for a new store Company Id; to change a store, its Store Id; '
    + 'optional: Contact name, Phone number, Email, Unit name, Unit number, Active (yes/no), QSR mode (yes/no).',
} as const satisfies UploadBatchTexts & Record<string, unknown>;

const NO_FILTERS = {};

/** /stores/batches/add (issue 16): stores from a sheet (the rate batch's chart with the store calls), and the batches so far. */
export default function StoreBatchAddPage() {
  const portal = usePortal();
  const [machine] = useState(() => rateBatchMachine.provide({ actors: storeBatchActors }));
  const upload = useScreenActor(machine, { cca2: portal.cca2 });
  const list = useNestedList('storeBatches', NO_FILTERS);
  return (
    <AdminPage title={STORE_BATCH_TEXTS.title} readOnly parents={[{ label: 'Stores', to: '/stores' }]}
      current={{ label: STORE_BATCH_TEXTS.title, to: '/stores/batches/add' }}>
      <Stack gap={6}>
        <Stack gap={2}>
          <p>{STORE_BATCH_TEXTS.columns}</p>
          <RateBatchView actor={upload} texts={STORE_BATCH_TEXTS} rowsPath={(batchId) => `/stores/batches/${batchId}/uploads`} />
        </Stack>
        <Heading as="h2" size="md">{STORE_BATCH_TEXTS.batches}</Heading>
        <ListView actor={list} mayEdit={false} rowAction={(row) => (
          <RouterLink to={`/stores/batches/${row.id}/uploads`} aria-label={`Rows of batch #${row.id}`}>Rows</RouterLink>
        )} />
      </Stack>
    </AdminPage>
  );
}
