import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { IMPERSONATION_BAR_HEIGHT_VAR, THEME } from '../lib/shell-constants';
import { USER_MENU_TEXTS } from '../lib/shell-texts';
import { useAuth, useAuthActor, usePermissions } from '../machines/root/root-actor';

/**
 * While an administrator acts for someone, a bar under the header says who acts as whom, on every screen and
 * at every width, with "Stop impersonation" (issue 21 item 15: the header's note alone was for screen readers).
 * It sticks under the header so it stays in view while the page scrolls, and keeps its height in a CSS variable so
 * that a page's own sticky parts (a list's selection tools) stop under it rather than slide beneath it.
 */
export function ImpersonationBar() {
  const permissions = usePermissions();
  const auth = useAuthActor();
  const stopping = useAuth((snapshot) => snapshot.matches({ signedIn: 'stoppingImpersonation' }));
  const acting = Boolean(permissions?.act);
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!acting || !element) return;
    const root = document.documentElement.style;
    const keep = () => root.setProperty(IMPERSONATION_BAR_HEIGHT_VAR, `${element.offsetHeight}px`);
    keep();
    const observer = new ResizeObserver(keep);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(IMPERSONATION_BAR_HEIGHT_VAR);
    };
  }, [acting]);
  if (!permissions?.act) return null;
  return (
    <Box as="section" ref={bar} role="region" aria-label={USER_MENU_TEXTS.impersonationBar} data-testid="impersonation-bar"
      position="sticky" top={`${THEME.headerHeight}px`} zIndex="sticky" bg="brand.solid" color="brand.contrast" px={4} py={1.5}>
      <Flex align="center" justify="space-between" gap={3} wrap="wrap">
        <Text textStyle="sm" fontWeight="semibold" minW={0} overflowWrap="anywhere">
          {USER_MENU_TEXTS.actingAs(permissions.act.email, permissions.email)}
        </Text>
        <Button size="xs" variant="outline" color="white" borderColor="whiteAlpha.800" _hover={{ bg: 'whiteAlpha.200' }}
          loading={stopping} loadingText={USER_MENU_TEXTS.stopImpersonation}
          onClick={() => auth.send({ type: 'auth.impersonation.stop' })}>
          {USER_MENU_TEXTS.stopImpersonation}
        </Button>
      </Flex>
    </Box>
  );
}
