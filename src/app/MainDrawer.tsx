import { Box, CloseButton, Drawer, Heading, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-ui/react/theme';
import { Link as RouterLink } from 'react-router-dom';
import { mayCall } from '../lib/access';
import { APP_VERSION } from '../lib/shell-constants';
import { formatDate } from '../lib/date-format';
import { visibleMenus } from '../lib/menus';
import type { Permissions } from '../lib/roles';
import { ImpersonateUser } from './ImpersonateUser';
import { USER_MENU_TEXTS } from '../lib/shell-texts';
import { useEnvironment, usePermissions, usePortal } from '../machines/root/root-actor';
import { screenExists } from './screens';

/** The menus a user sees (000 section 6), of the screens that exist; signed-out visitors see the public ones. */
export function DrawerMenus({ permissions, hasScreen = screenExists }: {
  permissions: Permissions | null;
  /** Which paths have a screen; the route table's by default. */
  hasScreen?: (path: string) => boolean;
}) {
  const menus = visibleMenus(permissions, hasScreen);
  return (
    <Stack as="nav" aria-label="Main" gap={5}>
      {menus.map(({ group, entries }) => {
        const headingId = `menu-${group.id}`;
        const showHeading = group.id !== 'top';
        return (
          <Box key={group.id} as="section" aria-labelledby={showHeading ? headingId : undefined}>
            {showHeading && (
              <Heading as="h2" id={headingId} size="xs" textTransform="uppercase" color="fg.muted" mb={2}>{group.label}</Heading>
            )}
            <Stack as="ul" gap={2} listStyleType="none">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <Drawer.ActionTrigger asChild>
                    <Link asChild><RouterLink to={entry.path}>{entry.label}</RouterLink></Link>
                  </Drawer.ActionTrigger>
                </li>
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

/**
 * The header's account links, for phones: below md the header hides them and the drawer lists them here
 * (while impersonating, "My profile" is the impersonated user's; the bar under the header stops it).
 */
export function DrawerAccount({ permissions }: { permissions: Permissions }) {
  return (
    <Box as="section" aria-labelledby="menu-account" hideFrom="md" mt={5}>
      <Heading as="h2" id="menu-account" size="xs" textTransform="uppercase" color="fg.muted" mb={2}>{USER_MENU_TEXTS.account}</Heading>
      <Stack as="ul" gap={2} listStyleType="none">
        <li>
          <Drawer.ActionTrigger asChild>
            <Link asChild><RouterLink to="/profile">{permissions.act ? USER_MENU_TEXTS.impersonatedProfile : USER_MENU_TEXTS.myProfile}</RouterLink></Link>
          </Drawer.ActionTrigger>
        </li>
        <li>
          <Drawer.ActionTrigger asChild>
            <Link asChild><RouterLink to="/logout">{USER_MENU_TEXTS.logout}</RouterLink></Link>
          </Drawer.ActionTrigger>
        </li>
      </Stack>
    </Box>
  );
}

export interface MainDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus returns on close: the header's menu button (which lives outside this lazily loaded chunk). */
  finalFocusEl: () => HTMLElement | null;
}

/**
 * The drawer: navigation by role, and the version with the build time (000 section 2). The header owns the
 * ☰ button and the open state, so the button is there before this chunk loads (src/app/Header.tsx).
 */
export default function MainDrawer({ open, onOpenChange, finalFocusEl }: MainDrawerProps) {
  const portal = usePortal();
  const permissions = usePermissions();
  const environment = useEnvironment();
  const builtAt = formatDate(__BUILD_TIME__, 'dd-MM-yyyy HH:mm', portal.timeZone) || __BUILD_TIME__;
  return (
    <Drawer.Root recipe={drawerSlotRecipe} placement="start" open={open} onOpenChange={(details) => onOpenChange(details.open)} finalFocusEl={finalFocusEl}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {/* While the session is being restored, the public entries only. */}
              <DrawerMenus permissions={permissions ?? null} />
              {permissions && <DrawerAccount permissions={permissions} />}
              {/* Administrators, and not while already acting for someone (the server refuses nesting). */}
              {mayCall('impersonate', permissions) && !permissions?.act && <Box mt={6}><ImpersonateUser /></Box>}
            </Drawer.Body>
            <Drawer.Footer justifyContent="flex-start">
              <Text fontSize="sm" color="fg.muted" data-testid="app-version">
                Version {APP_VERSION} · built {builtAt}
                {/* The header shows the environment from md up; on a phone it is said here. */}
                {environment !== 'production' && <Box as="span" hideFrom="md" data-testid="drawer-environment"> · {environment}</Box>}
              </Text>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
