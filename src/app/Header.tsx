import { Badge, Box, Flex, IconButton, Link } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { THEME } from '../lib/shell-constants';
import { useEnvironment, usePermissions, usePortal } from '../machines/root/root-actor';
import { UserMenu } from './UserMenu';

// The drawer (dialog, focus trap, the menus, the impersonation form) loads when first opened (or about to be:
// pointer over or focus on its button), so the public home's first load stays small (bench/budgets.json).
const loadMainDrawer = () => import('./MainDrawer');
const MainDrawer = lazy(loadMainDrawer);
// 'New delivery' (booking) is for signed-in users only: visitors never load it.
export const NewDeliveryButton = lazy(() => import('../features/booking/NewDeliveryButton').then((module) => ({ default: module.NewDeliveryButton })));

function preloadMainDrawer() {
  void loadMainDrawer();
}

/** The ☰ button and, once asked for, the drawer it opens. Keyed by the person: after signing in as someone else it starts over, closed. */
function DrawerMenu() {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={button}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        color="white"
        _hover={{ bg: 'whiteAlpha.200' }}
        onPointerEnter={preloadMainDrawer}
        onFocus={preloadMainDrawer}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        <Box as="span" aria-hidden fontSize="xl" lineHeight={1}>☰</Box>
      </IconButton>
      {asked && (
        <Suspense fallback={null}>
          <MainDrawer open={open} onOpenChange={setOpen} finalFocusEl={() => button.current} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Logo with the portal's country code, the environment badge off production, the drawer and the account links.
 * On a phone (below md) only the menu button, the logo and New delivery stay: the rest is in the drawer.
 */
export function Header() {
  const portal = usePortal();
  const environment = useEnvironment();
  const permissions = usePermissions();
  return (
    <Box as="header" h={`${THEME.headerHeight}px`} bg="primary" color="white" px={{ base: 2, md: 4 }} position="sticky" top={0} zIndex="sticky">
      <Flex h="full" align="center" justify="space-between" gap={{ base: 2, md: 3 }}>
        <Flex align="center" gap={2} minW={0}>
          <DrawerMenu key={permissions?.id ?? 'visitor'} />
          <Link asChild color="white" fontWeight="bold" fontSize="xl" _hover={{ textDecoration: 'none' }}>
            <RouterLink to="/" aria-label={`Courier home, ${portal.name}`}>
              Courier<Box as="span" color="secondary">.</Box>
            </RouterLink>
          </Link>
          <Badge data-testid="portal-cca2" bg="brand.solid" color="brand.contrast" aria-label={`Country ${portal.name}`}>{portal.cca2}</Badge>
          {/* On a phone the drawer shows it instead: the header keeps room for the logo and New delivery. */}
          {environment !== 'production' && (
            <Badge data-testid="environment-badge" hideBelow="md" variant="outline" color="white" borderColor="whiteAlpha.700">{environment}</Badge>
          )}
        </Flex>
        <Flex align="center" gap={2} minW={0}>
          {permissions && (
            <Suspense fallback={null}>
              <NewDeliveryButton />
            </Suspense>
          )}
          {/* Below md the account links move into the drawer (MainDrawer's Account section). */}
          <Box hideBelow="md"><UserMenu /></Box>
        </Flex>
      </Flex>
    </Box>
  );
}
