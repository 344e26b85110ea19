import { Badge, Box, Flex, Link } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { THEME } from '../lib/constants';
import { useEnvironment, usePortal } from './root-actor';
import { UserMenu } from './UserMenu';
import { NewDeliveryButton } from '../features/booking/NewDeliveryButton';

// The drawer (dialog, focus trap) loads after the first paint; the first load stays inside its budget.
const MainDrawer = lazy(() => import('./MainDrawer'));

function MenuButtonPlaceholder() {
  return <Box w="40px" h="40px" aria-hidden />;
}

/** Logo with the portal's country code, the environment badge off production, the drawer and the account links. */
export function Header() {
  const portal = usePortal();
  const environment = useEnvironment();
  return (
    <Box as="header" h={`${THEME.headerHeight}px`} bg="primary" color="white" px={4} position="sticky" top={0} zIndex="sticky">
      <Flex h="full" align="center" justify="space-between" gap={3}>
        <Flex align="center" gap={2}>
          <Suspense fallback={<MenuButtonPlaceholder />}>
            <MainDrawer />
          </Suspense>
          <Link asChild color="white" fontWeight="bold" fontSize="xl" _hover={{ textDecoration: 'none' }}>
            <RouterLink to="/" aria-label={`Courier home, ${portal.name}`}>
              Courier<Box as="span" color="secondary">.</Box>
            </RouterLink>
          </Link>
          <Badge data-testid="portal-cca2" bg="secondary" color="white" aria-label={`Country ${portal.name}`}>{portal.cca2}</Badge>
          {environment !== 'production' && (
            <Badge data-testid="environment-badge" variant="outline" color="white" borderColor="whiteAlpha.700">{environment}</Badge>
          )}
        </Flex>
        <Flex align="center" gap={2}>
          <NewDeliveryButton />
          <UserMenu />
        </Flex>
      </Flex>
    </Box>
  );
}
