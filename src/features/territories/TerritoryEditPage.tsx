import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { TERRITORY_TEXTS } from '../../lib/territory-texts';
import { formMachine } from '../../machines/lists/form.machine';
import { searchSelectMachine } from '../../machines/lists/search-select.machine';
import { territoryPermissionsMachine } from '../../machines/territories/territory-permissions.machine';
import { AdminPage } from '../../ui/AdminPage';
import { FormView } from '../../ui/admin/FormView';
import { PermissionsPanel } from './PermissionsPanel';
import { territoryPaths } from './paths';
import { useFormNavigation } from '../../ui/admin/use-form-navigation';

/** /territories/edit/:id: the territory's name and state, and the way to its areas and exceptions. */
export function Component() {
  const { id } = useParams();
  const territoryId = Number(id);
  if (!Number.isInteger(territoryId) || territoryId < 1) throw new Response('Not found', { status: 404 });
  return <TerritoryEdit key={territoryId} territoryId={territoryId} />;
}

function TerritoryEdit({ territoryId }: { territoryId: number }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['territories']);
  const territories = resourceOf('territories');
  const portal = usePortal();
  const actor = useScreenActor(formMachine, { resource: 'territories', cca2: portal.cca2, id: territoryId });
  const permissions = useScreenActor(territoryPermissionsMachine, { territoryId });
  const userSelect = useScreenActor(searchSelectMachine, { resource: 'users', cca2: portal.cca2 });
  useFormNavigation(actor);
  const paths = territoryPaths(territoryId);
  const title = `Edit ${territories.singular}`;
  return (
    <AdminPage title={title} parents={[{ label: territories.title, to: territories.routes.list }]} current={{ label: title, to: paths.edit }}>
      <Stack gap={6}>
        <FormView actor={actor} />
        <Stack as="nav" aria-label={`${TERRITORY_TEXTS.areas} / ${TERRITORY_TEXTS.exceptions}`} gap={2}>
          {(['area', 'exception'] as const).map((kind) => (
            <HStack key={kind} gap={4}>
              <Link asChild fontWeight="semibold"><RouterLink to={paths.list(kind)}>{kind === 'area' ? TERRITORY_TEXTS.areas : TERRITORY_TEXTS.exceptions}</RouterLink></Link>
              <Link asChild fontSize="sm"><RouterLink to={paths.add(kind)}>{kind === 'area' ? TERRITORY_TEXTS.addArea : TERRITORY_TEXTS.addException}</RouterLink></Link>
            </HStack>
          ))}
          <Text fontSize="sm" color="fg.muted">{TERRITORY_TEXTS.exceptionHelp}</Text>
        </Stack>
        <PermissionsPanel actor={permissions} userSelect={userSelect} />
      </Stack>
    </AdminPage>
  );
}
