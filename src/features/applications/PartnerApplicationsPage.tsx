import { useLocation, useParams } from 'react-router-dom';
import { mayCall } from '../../lib/access';
import { useAuth } from '../../machines/root/root-actor';
import { resourceOf, type ResourceId } from '../../resources';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { useResources } from '../../ui/use-resources';

/** /partner-applications/:id/driver-applications and /vehicle-applications: the partner's own applicants. */
export default function PartnerApplicationsPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const partnerApplicationId = Number(id);
  if (!Number.isInteger(partnerApplicationId) || partnerApplicationId < 1) throw new Response('Not found', { status: 404 });
  const resourceId: ResourceId = pathname.endsWith('/vehicle-applications') ? 'partnerVehicleApplications' : 'partnerDriverApplications';
  return <Nested key={`${resourceId}-${partnerApplicationId}`} resourceId={resourceId} partnerApplicationId={partnerApplicationId} />;
}

function Nested({ resourceId, partnerApplicationId }: { resourceId: ResourceId; partnerApplicationId: number }) {
  // The declaration first: the list actor reads it when it starts.
  useResources([resourceId]);
  const resource = resourceOf(resourceId);
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const actor = useNestedList(resourceId, { id: String(partnerApplicationId) });
  const here = resource.routes.list.replace(':id', String(partnerApplicationId));
  return (
    <AdminPage title={`${resource.title} #${partnerApplicationId}`} readOnly
      parents={[{ label: 'Partner applications', to: '/partner-applications' }, { label: `#${partnerApplicationId}`, to: `/partner-applications/edit/${partnerApplicationId}` }]}
      current={{ label: resource.title, to: here }}>
      <ListView actor={actor} mayEdit={mayCall(resource.operations.get, permissions)} />
    </AdminPage>
  );
}
