import { Stack } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { rateUploadCancelMachine } from '../../machines/rates/rate-upload-cancel.machine';
import type { RateUploadRow } from '../../resources/rate-uploads';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { RateUploadCancelButton, RateUploadCancelDialogs } from './RateUploadCancel';

export const PREVIEW_AND_SUBMIT = 'Preview and submit the batch';

/** /rates/batches/:uploadBatchId/uploads (002 section 2): the batch's rows, each with Edit and Cancel. */
export default function RateUploadsPage() {
  const { uploadBatchId } = useParams();
  const id = Number(uploadBatchId);
  if (!Number.isInteger(id) || id < 1) throw new Response('Not found', { status: 404 });
  return <Uploads key={id} batchId={id} />;
}

function Uploads({ batchId }: { batchId: number }) {
  const portal = usePortal();
  const actor = useNestedList('rateUploads', { uploadBatchId: String(batchId) });
  const cancel = useScreenActor(rateUploadCancelMachine, { cca2: portal.cca2 });
  useEffect(() => {
    const changed = cancel.on('uploads.changed', () => actor.send({ type: 'list.reload' }));
    return () => changed.unsubscribe();
  }, [actor, cancel]);
  const here = `/rates/batches/${batchId}/uploads`;
  return (
    <AdminPage title={`Rate uploads of batch #${batchId}`} readOnly
      parents={[{ label: 'Rates', to: '/rates' }, { label: 'Upload rates', to: '/rates/batches/add' }]}
      current={{ label: `Batch #${batchId}`, to: here }}>
      <RateUploadCancelDialogs actions={cancel} />
      {/* Back to the batch once its rows are corrected: its impact preview and its submit. */}
      <RouterLink to={`/rates/batches/add?batch=${batchId}`}>{PREVIEW_AND_SUBMIT}</RouterLink>
      <ListView actor={actor} mayEdit rowAction={(row) => (
        <Stack direction="row" gap={2}>
          <RouterLink to={`${here}/edit/${row.id}`} aria-label={`Edit rate upload #${row.id}`}>Edit</RouterLink>
          <RateUploadCancelButton actions={cancel} row={row as RateUploadRow} />
        </Stack>
      )} />
    </AdminPage>
  );
}
