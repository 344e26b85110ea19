import { INDEX_MANAGEMENT_TEXTS } from '../../lib/index-management';
import { indexManagementMachine } from '../../machines/admin/index-management.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { AdminPage } from '../../ui/AdminPage';
import { IndexManagementView } from './IndexManagementView';

/** /admin/indexmanagement (000 section 2; ours: docs/decisions.md "Index management"). */
export default function IndexManagementPage() {
  const portal = usePortal();
  const actor = useScreenActor(indexManagementMachine, { cca2: portal.cca2 });
  return (
    <AdminPage title={INDEX_MANAGEMENT_TEXTS.title} readOnly current={{ label: INDEX_MANAGEMENT_TEXTS.title, to: '/admin/indexmanagement' }}>
      <IndexManagementView actor={actor} />
    </AdminPage>
  );
}
