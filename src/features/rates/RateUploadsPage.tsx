import { Link as RouterLink, useParams } from 'react-router-dom';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';

/** /rates/batches/:uploadBatchId/uploads (002 section 2): the batch's rows, each opening "Update rate upload". */
export default function RateUploadsPage() {
  const { uploadBatchId } = useParams();
  const id = Number(uploadBatchId);
  if (!Number.isInteger(id) || id < 1) throw new Response('Not found', { status: 404 });
  return <Uploads key={id} batchId={id} />;
}

function Uploads({ batchId }: { batchId: number }) {
  const actor = useNestedList('rateUploads', { uploadBatchId: String(batchId) });
  const here = `/rates/batches/${batchId}/uploads`;
  return (
    <AdminPage title={`Rate uploads of batch #${batchId}`} readOnly
      parents={[{ label: 'Rates', to: '/rates' }, { label: 'Upload rates', to: '/rates/batches/add' }]}
      current={{ label: `Batch #${batchId}`, to: here }}>
      <ListView actor={actor} mayEdit rowAction={(row) => (
        <RouterLink to={`${here}/edit/${row.id}`} aria-label={`Edit rate upload #${row.id}`}>Edit</RouterLink>
      )} />
    </AdminPage>
  );
}
