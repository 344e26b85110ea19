import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAuth, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { mayCall } from '../../lib/access';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { TERRITORY_TEXTS } from '../../lib/territory-texts';
import { listMachine } from '../../machines/lists/list.machine';
import type { AreaKind } from '../../machines/territories/polygon-editor.types';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { withFixedFilters, withoutFixedFilters } from '../../ui/admin/nested-list';
import { kindOfPath, territoryPaths } from './paths';

/** /territories/:id/areas and /territories/:id/exceptions: the areas list fixed to one territory and kind, with export. */
export function Component() {
  const { id } = useParams();
  const location = useLocation();
  const territoryId = Number(id);
  if (!Number.isInteger(territoryId) || territoryId < 1) throw new Response('Not found', { status: 404 });
  const kind = kindOfPath(location.pathname);
  return <TerritoryAreas key={`${territoryId}-${kind}`} territoryId={territoryId} kind={kind} />;
}

function TerritoryAreas({ territoryId, kind }: { territoryId: number; kind: AreaKind }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['territories', 'territoryAreas']);
  const territories = resourceOf('territories');
  const areas = resourceOf('territoryAreas');
  const fixed = { territoryid: String(territoryId), kind };
  const location = useLocation();
  const navigate = useNavigate();
  const portal = usePortal();
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const actor = useScreenActor(listMachine, { resource: 'territoryAreas', cca2: portal.cca2, search: withFixedFilters(location.search, fixed) });
  useEffect(() => {
    const navigation = actor.on('list.navigate', (event) => navigate({ search: withoutFixedFilters(event.search, fixed) }, { replace: event.replace }));
    const notFound = actor.on('list.notFound', () => navigate('/404', { replace: true }));
    return () => {
      navigation.unsubscribe();
      notFound.unsubscribe();
    };
    // `fixed` is derived from territoryId and kind, which key this component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, navigate]);
  useEffect(() => {
    actor.send({ type: 'list.urlChanged', search: withFixedFilters(location.search, { territoryid: String(territoryId), kind }) });
  }, [actor, location.search, territoryId, kind]);
  const paths = territoryPaths(territoryId);
  const title = kind === 'exception' ? TERRITORY_TEXTS.exceptions : TERRITORY_TEXTS.areas;
  const mayEdit = mayCall(areas.operations.get, permissions);
  return (
    <AdminPage title={title}
      parents={[{ label: territories.title, to: territories.routes.list }, { label: `#${territoryId}`, to: paths.edit }]}
      current={{ label: title, to: paths.list(kind) }}
      createTo={mayCall('createterritoryarea', permissions) ? paths.add(kind) : undefined}>
      <ListView actor={actor} mayEdit={mayEdit} rowAction={mayEdit ? (row) => (
        <RouterLink to={paths.area(kind, row.id)} aria-label={`Edit ${areas.label(row)}`}>Edit</RouterLink>
      ) : undefined} />
    </AdminPage>
  );
}
