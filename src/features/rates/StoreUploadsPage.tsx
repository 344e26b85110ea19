import { Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { canCancelStoreUpload, STORE_UPLOAD_TEXTS } from '../../lib/store-uploads';
import { storeUploadCancelActors } from '../../machines/rates/store-batch.actors';
import { rateUploadCancelMachine } from '../../machines/rates/rate-upload-cancel.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import type { StoreUploadRow } from '../../resources/store-uploads';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { RateUploadCancelDialogs, UploadCancelButton } from './RateUploadCancel';

/** /stores/batches/:uploadBatchId/uploads (issue 16): a store batch's rows, each with Edit and Cancel (the rate uploads' cancel chart). */
export default function StoreUploadsPage() {
  const { uploadBatchId = '' } = useParams();
  const batchId = Number(uploadBatchId);
  if (!Number.isInteger(batchId) || batchId < 1) throw new Response('Not found', { status: 404 });
  return <Uploads key={batchId} batchId={batchId} />;
}

function Uploads({ batchId }: { batchId: number }) {
  const portal = usePortal();
  const actor = useNestedList('storeUploads', { uploadBatchId: String(batchId) });
  const [cancelMachine] = useState(() => rateUploadCancelMachine.provide({ actors: storeUploadCancelActors }));
  const cancel = useScreenActor(cancelMachine, { cca2: portal.cca2 });
  useEffect(() => {
    const changed = cancel.on('uploads.changed', () => actor.send({ type: 'list.reload' }));
    return () => changed.unsubscribe();
  }, [actor, cancel]);
  const here = `/stores/batches/${batchId}/uploads`;
  return (
    <AdminPage title={`Store uploads of batch #${batchId}`} readOnly
      parents={[{ label: 'Stores', to: '/stores' }, { label: 'Upload stores', to: '/stores/batches/add' }]}
      current={{ label: `Batch #${batchId}`, to: here }}>
      <RateUploadCancelDialogs actions={cancel} title="Cancel store upload" question={STORE_UPLOAD_TEXTS.cancelUploadQuestion} />
      <ListView actor={actor} mayEdit rowAction={(row) => {
        const upload = row as StoreUploadRow;
        return (
          <Stack direction="row" gap={2}>
            <RouterLink to={`${here}/edit/${row.id}`} aria-label={`Edit store upload #${row.id}`}>Edit</RouterLink>
            <UploadCancelButton actions={cancel} row={upload} what="store upload" cancellable={canCancelStoreUpload(upload.uploadStatusId, upload.createdStoreId)} />
          </Stack>
        );
      }} />
    </AdminPage>
  );
}
