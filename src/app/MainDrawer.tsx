import { Box, CloseButton, Drawer, IconButton, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { APP_VERSION } from '../lib/constants';
import { formatDate } from '../lib/dates';
import { usePortal } from './root-actor';

/** The drawer: navigation, and the version with the build time (000 section 2). */
export default function MainDrawer() {
  const portal = usePortal();
  const builtAt = formatDate(__BUILD_TIME__, 'dd-MM-yyyy HH:mm', portal.timeZone) || __BUILD_TIME__;
  return (
    <Drawer.Root placement="start">
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open menu" variant="ghost" color="white" _hover={{ bg: 'whiteAlpha.200' }}>
          <Box as="span" aria-hidden fontSize="xl" lineHeight={1}>☰</Box>
        </IconButton>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Main" gap={2}>
                <Drawer.ActionTrigger asChild>
                  <Link asChild><RouterLink to="/">Home</RouterLink></Link>
                </Drawer.ActionTrigger>
              </Stack>
            </Drawer.Body>
            <Drawer.Footer justifyContent="flex-start">
              <Text fontSize="sm" color="fg.muted" data-testid="app-version">
                Version {APP_VERSION} · built {builtAt}
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
