import { Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DELIVERY_UPLOAD_TEXTS } from '../../lib/delivery-uploads';
import { canCancelDeliveryUpload } from '../../lib/statuses';
import { deliveryUploadCancelActors } from '../../machines/rates/delivery-batch.actors';
import { rateUploadCancelMachine } from '../../machines/rates/rate-upload-cancel.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import type { DeliveryUploadRow } from '../../resources/delivery-uploads';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { DELIVERY_BATCH_TEXTS } from './DeliveryBatchesPage';
import { RateUploadCancelDialogs, UploadCancelButton } from './RateUploadCancel';
import { storeLabel, useStoreName } from './store-name';

/** /stores/:id/batches/:uploadBatchId/uploads (issue 16): a delivery batch's rows, each with Edit and Cancel (the rate uploads' cancel chart). */
export default function DeliveryUploadsPage() {
  const { id = '', uploadBatchId = '' } = useParams();
  const storeId = Number(id);
  const batchId = Number(uploadBatchId);
  if (![storeId, batchId].every((value) => Number.isInteger(value) && value >= 1)) throw new Response('Not found', { status: 404 });
  return <Uploads key={`${storeId}-${batchId}`} storeId={storeId} batchId={batchId} />;
}

function Uploads({ storeId, batchId }: { storeId: number; batchId: number }) {
  const portal = usePortal();
  const actor = useNestedList('deliveryUploads', { uploadBatchId: String(batchId) });
  const [cancelMachine] = useState(() => rateUploadCancelMachine.provide({ actors: deliveryUploadCancelActors }));
  const cancel = useScreenActor(cancelMachine, { cca2: portal.cca2 });
  useEffect(() => {
    const changed = cancel.on('uploads.changed', () => actor.send({ type: 'list.reload' }));
    return () => changed.unsubscribe();
  }, [actor, cancel]);
  const batches = `/stores/${storeId}/batches`;
  const here = `${batches}/${batchId}/uploads`;
  const store = storeLabel(storeId, useStoreName(storeId));
  return (
    <AdminPage title={`Delivery uploads of batch #${batchId}`} readOnly
      parents={[{ label: 'Stores', to: '/stores' }, { label: store, to: `/stores/edit/${storeId}` }, { label: 'Delivery uploads', to: batches }]}
      current={{ label: `Batch #${batchId}`, to: here }}>
      <RateUploadCancelDialogs actions={cancel} title="Cancel delivery upload" question={DELIVERY_UPLOAD_TEXTS.cancelUploadQuestion} />
      <RouterLink to={`${batches}?batch=${batchId}`}>{DELIVERY_BATCH_TEXTS.openBatch}</RouterLink>
      <ListView actor={actor} mayEdit rowAction={(row) => {
        const upload = row as DeliveryUploadRow;
        return (
          <Stack direction="row" gap={2}>
            <RouterLink to={`${here}/edit/${row.id}`} aria-label={`Edit delivery upload #${row.id}`}>Edit</RouterLink>
            <UploadCancelButton actions={cancel} row={upload} what="delivery upload" cancellable={canCancelDeliveryUpload(upload.uploadStatusId, upload.deliveryId)} />
          </Stack>
        );
      }} />
    </AdminPage>
  );
}
