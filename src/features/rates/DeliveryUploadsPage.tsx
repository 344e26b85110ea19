import { Link as RouterLink, useParams } from 'react-router-dom';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';

/** /stores/:id/batches/:uploadBatchId/uploads (issue 16): a delivery batch's rows, each opening its edit screen. */
export default function DeliveryUploadsPage() {
  const { id = '', uploadBatchId = '' } = useParams();
  const storeId = Number(id);
  const batchId = Number(uploadBatchId);
  if (![storeId, batchId].every((value) => Number.isInteger(value) && value >= 1)) throw new Response('Not found', { status: 404 });
  return <Uploads key={`${storeId}-${batchId}`} storeId={storeId} batchId={batchId} />;
}

function Uploads({ storeId, batchId }: { storeId: number; batchId: number }) {
  const actor = useNestedList('deliveryUploads', { uploadBatchId: String(batchId) });
  const batches = `/stores/${storeId}/batches`;
  const here = `${batches}/${batchId}/uploads`;
  return (
    <AdminPage title={`Delivery uploads of batch #${batchId}`} readOnly
      parents={[{ label: 'Stores', to: '/stores' }, { label: 'Delivery uploads', to: batches }]}
      current={{ label: `Batch #${batchId}`, to: here }}>
      <ListView actor={actor} mayEdit rowAction={(row) => (
        <RouterLink to={`${here}/edit/${row.id}`} aria-label={`Edit delivery upload #${row.id}`}>Edit</RouterLink>
      )} />
    </AdminPage>
  );
}
