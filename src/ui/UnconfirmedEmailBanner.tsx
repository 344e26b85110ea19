import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { GUARD_REDIRECTS } from '../lib/access';
import { UNCONFIRMED_EMAIL_BANNER } from '../lib/shell-texts';
import { usePermissions } from '../machines/root/root-actor';

const LINK_TEXT = 'click here';
const [BEFORE, AFTER] = UNCONFIRMED_EMAIL_BANNER.split(LINK_TEXT) as [string, string];

/**
 * 001 section 2: signed-in users whose email is not confirmed see the spec's banner; "click here" opens
 * /confirm-email (where the banner is not repeated).
 */
export function UnconfirmedEmailBanner() {
  const permissions = usePermissions();
  const { pathname } = useLocation();
  if (!permissions || permissions.emailConfirmed || pathname === GUARD_REDIRECTS.confirmEmail) return null;
  return (
    <Alert.Root status="warning" borderRadius={0} role="region" aria-label="Email not confirmed">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          {BEFORE}
          <Link asChild fontWeight="semibold" textDecoration="underline">
            <RouterLink to={GUARD_REDIRECTS.confirmEmail}>{LINK_TEXT}</RouterLink>
          </Link>
          {AFTER}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
