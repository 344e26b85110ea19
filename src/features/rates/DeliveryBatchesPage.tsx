import { Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { deliveryBatchActors } from '../../machines/rates/delivery-batch.actors';
import { rateBatchMachine } from '../../machines/rates/rate-batch.machine';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { RateBatchView, type UploadBatchTexts } from './RateBatchView';
import { storeLabel, useStoreName } from './store-name';

export const DELIVERY_BATCH_TEXTS = {
  sheet: 'Delivery sheet (.xlsx or .csv)',
  completed: (deliveries: number) => `Completed: ${deliveries} deliveries created and charged to the store's account.`,
  batches: 'Batches',
  /** On a batch's rows: back to the batch, with its current counts and its submit. */
  openBatch: 'Open the batch to submit it',
  columns: 'Columns: Order reference, Drop-off address, Drop-off contact, Drop-off phone, Date (YYYY-MM-DD), Service level, Parcel type; '
    + 'optional: Customer identifier, Pick-up address (empty: the store), Pick-up contact, Pick-up phone, Time, Parcel name, Length, Width, Height, Weight, Parcels.',
} as const satisfies UploadBatchTexts & Record<string, unknown>;

/** /stores/:id/batches (issue 16): a store's deliveries from a sheet (the rate batch's chart with the delivery calls), and its batches. */
export default function DeliveryBatchesPage() {
  const { id = '' } = useParams();
  const storeId = Number(id);
  if (!Number.isInteger(storeId) || storeId < 1) throw new Response('Not found', { status: 404 });
  // `?batch=<id>`: a batch uploaded earlier opened again (from its rows' screen) to submit it.
  const [search] = useSearchParams();
  const resumed = Number(search.get('batch'));
  const batchId = Number.isInteger(resumed) && resumed > 0 ? resumed : undefined;
  return <Batches key={`${storeId}-${batchId ?? 'new'}`} storeId={storeId} batchId={batchId} />;
}

function Batches({ storeId, batchId }: { storeId: number; batchId: number | undefined }) {
  const portal = usePortal();
  // The chart is the rate batch's; the calls are the store's delivery batch's (read once: the page is keyed by store).
  const [machine] = useState(() => rateBatchMachine.provide({ actors: deliveryBatchActors(storeId) }));
  const upload = useScreenActor(machine, { cca2: portal.cca2, batchId });
  const list = useNestedList('deliveryBatches', { storeId: String(storeId) });
  const here = `/stores/${storeId}/batches`;
  const store = storeLabel(storeId, useStoreName(storeId));
  return (
    <AdminPage title={`Delivery uploads of ${store}`} readOnly
      parents={[{ label: 'Stores', to: '/stores' }, { label: store, to: `/stores/edit/${storeId}` }]}
      current={{ label: 'Delivery uploads', to: here }}>
      <Stack gap={6}>
        <Stack gap={2}>
          <p>{DELIVERY_BATCH_TEXTS.columns}</p>
          <RateBatchView actor={upload} texts={DELIVERY_BATCH_TEXTS} rowsPath={(batchId) => `${here}/${batchId}/uploads`} />
        </Stack>
        <Heading as="h2" size="md">{DELIVERY_BATCH_TEXTS.batches}</Heading>
        <ListView actor={list} mayEdit={false} rowAction={(row) => (
          <Stack direction="row" gap={2}>
            <RouterLink to={`${here}?batch=${row.id}`} aria-label={`Open batch #${row.id}`}>Open</RouterLink>
            <RouterLink to={`${here}/${row.id}/uploads`} aria-label={`Rows of batch #${row.id}`}>Rows</RouterLink>
          </Stack>
        )} />
      </Stack>
    </AdminPage>
  );
}
