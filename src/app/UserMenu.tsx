import { Button, HStack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { USER_MENU_TEXTS } from '../lib/shell-texts';
import { headerButton } from './header-button';
import { usePermissions } from '../machines/root/root-actor';

// Only impersonating administrators need the menu (and its popper): loaded when one does.
const ImpersonationMenu = lazy(() => import('./ImpersonationMenu'));

/**
 * The header's account links (000 section 2): "Log in / Sign up" when signed out; "My profile" and "Logout"
 * when signed in; while impersonating, "My profile" opens a menu with "Impersonated profile" and "Stop
 * impersonation".
 */
export function UserMenu() {
  const permissions = usePermissions();
  // Nothing while the session is being restored: neither answer would be true yet.
  if (permissions === undefined) return null;
  if (permissions === null) {
    return (
      <Button asChild {...headerButton}>
        <RouterLink to="/login">{USER_MENU_TEXTS.login}</RouterLink>
      </Button>
    );
  }
  return (
    <HStack gap={1}>
      {permissions.act ? (
        <Suspense fallback={<Button {...headerButton} disabled>{USER_MENU_TEXTS.myProfile}</Button>}>
          <ImpersonationMenu permissions={permissions} />
        </Suspense>
      ) : (
        <Button asChild {...headerButton}>
          <RouterLink to="/profile">{USER_MENU_TEXTS.myProfile}</RouterLink>
        </Button>
      )}
      <Button asChild {...headerButton}>
        <RouterLink to="/logout">{USER_MENU_TEXTS.logout}</RouterLink>
      </Button>
    </HStack>
  );
}
