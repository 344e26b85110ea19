import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { TERRITORY_TEXTS } from '../../lib/territory-texts';
import { polygonEditorMachine } from '../../machines/territories/polygon-editor.machine';
import type { AreaKind } from '../../machines/territories/polygon-editor.types';
import { AdminPage } from '../../ui/AdminPage';
import { AreaEditor } from './AreaEditor';
import { kindOfPath, territoryPaths } from './paths';

/**
 * One area or exception of a territory, drawn on the map: /territories/:id/areas/:areaid (edit),
 * /territories/edit/:id/areas/add (add), and the same for exceptions.
 */
export function Component() {
  const { id, areaid } = useParams();
  const location = useLocation();
  const territoryId = Number(id);
  const areaId = areaid === undefined ? undefined : Number(areaid);
  if (!Number.isInteger(territoryId) || territoryId < 1 || (areaId !== undefined && (!Number.isInteger(areaId) || areaId < 1))) {
    throw new Response('Not found', { status: 404 });
  }
  const kind = kindOfPath(location.pathname);
  // A new actor per area: after a create, the new area's screen starts over from the server's version.
  return <Area key={`${territoryId}-${kind}-${areaId ?? 'new'}`} territoryId={territoryId} kind={kind} areaId={areaId} />;
}

function Area({ territoryId, kind, areaId }: { territoryId: number; kind: AreaKind; areaId: number | undefined }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['territories']);
  const navigate = useNavigate();
  const portal = usePortal();
  const actor = useScreenActor(polygonEditorMachine, { cca2: portal.cca2, territoryId, kind, areaId });
  useEffect(() => {
    const navigation = actor.on('area.navigate', (event) => navigate(event.to, { replace: true }));
    const notFound = actor.on('area.notFound', () => navigate('/404', { replace: true }));
    return () => {
      navigation.unsubscribe();
      notFound.unsubscribe();
    };
  }, [actor, navigate]);
  const territories = resourceOf('territories');
  const paths = territoryPaths(territoryId);
  const listTitle = kind === 'exception' ? TERRITORY_TEXTS.exceptions : TERRITORY_TEXTS.areas;
  const title = `${areaId === undefined ? 'Add' : 'Edit'} ${kind === 'exception' ? TERRITORY_TEXTS.exception : TERRITORY_TEXTS.area}`;
  return (
    <AdminPage title={title}
      parents={[{ label: territories.title, to: territories.routes.list }, { label: `#${territoryId}`, to: paths.edit }, { label: listTitle, to: paths.list(kind) }]}
      current={{ label: title, to: areaId === undefined ? paths.add(kind) : paths.area(kind, areaId) }}>
      <AreaEditor actor={actor} />
    </AdminPage>
  );
}
