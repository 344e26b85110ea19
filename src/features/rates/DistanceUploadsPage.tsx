import { useParams } from 'react-router-dom';
import { DISTANCE_TEXTS } from '../../lib/distance-discovery';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';

/** /admin/distancediscovery/batches/:uploadBatchId/uploads (issue 16): a batch's address pairs with their driving distances; export "Distance Discovery". */
export default function DistanceUploadsPage() {
  const { uploadBatchId = '' } = useParams();
  const batchId = Number(uploadBatchId);
  if (!Number.isInteger(batchId) || batchId < 1) throw new Response('Not found', { status: 404 });
  return <Uploads key={batchId} batchId={batchId} />;
}

function Uploads({ batchId }: { batchId: number }) {
  const actor = useNestedList('distanceUploads', { uploadBatchId: String(batchId) });
  const here = `/admin/distancediscovery/batches/${batchId}/uploads`;
  return (
    <AdminPage title={`${DISTANCE_TEXTS.title}: batch #${batchId}`} readOnly
      parents={[{ label: DISTANCE_TEXTS.title, to: '/admin/distancediscovery' }]} current={{ label: `Batch #${batchId}`, to: here }}>
      <ListView actor={actor} mayEdit={false} />
    </AdminPage>
  );
}
