import { Button, Menu, Portal } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme';
import { useNavigate } from 'react-router-dom';
import { USER_MENU_TEXTS } from '../lib/shell-texts';
import type { Permissions } from '../lib/roles';
import { headerButton } from './header-button';
import { useAuthActor } from '../machines/root/root-actor';

/** While impersonating, "My profile" opens this menu: "Impersonated profile" and "Stop impersonation". */
export default function ImpersonationMenu({ permissions }: { permissions: Permissions }) {
  const auth = useAuthActor();
  const navigate = useNavigate();
  return (
    <Menu.Root recipe={menuSlotRecipe}
      onSelect={({ value }) => {
        if (value === 'profile') navigate('/profile');
        if (value === 'stop') auth.send({ type: 'auth.impersonation.stop' });
      }}
    >
      <Menu.Trigger asChild>
        <Button {...headerButton} aria-label={USER_MENU_TEXTS.impersonatingLabel(permissions.email)}>
          {USER_MENU_TEXTS.myProfile}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>{USER_MENU_TEXTS.impersonating(permissions.email)}</Menu.ItemGroupLabel>
              <Menu.Item value="profile">{USER_MENU_TEXTS.impersonatedProfile}</Menu.Item>
              <Menu.Item value="stop">{USER_MENU_TEXTS.stopImpersonation}</Menu.Item>
            </Menu.ItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
