import { Link as RouterLink, useParams } from 'react-router-dom';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';

/** /rates/:id/batches (000 section 2): the upload batches that created or changed one rate, each opening its rows. */
export default function RateBatchesPage() {
  const { id = '' } = useParams();
  const rateId = Number(id);
  if (!Number.isInteger(rateId) || rateId < 1) throw new Response('Not found', { status: 404 });
  return <Batches key={rateId} rateId={rateId} />;
}

function Batches({ rateId }: { rateId: number }) {
  const actor = useNestedList('rateBatches', { rateId: String(rateId) });
  return (
    <AdminPage title={`Upload batches of rate #${rateId}`} readOnly
      parents={[{ label: 'Rates', to: '/rates' }, { label: `Rate #${rateId}`, to: `/rates/edit/${rateId}` }]}
      current={{ label: 'Upload batches', to: `/rates/${rateId}/batches` }}>
      <ListView actor={actor} mayEdit={false} rowAction={(row) => (
        <RouterLink to={`/rates/batches/${row.id}/uploads`} aria-label={`Rows of batch #${row.id}`}>Rows</RouterLink>
      )} />
    </AdminPage>
  );
}
