import { Alert, Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { FieldError } from '../../ui/FieldError';
import { Select } from '../../ui/Select';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Actor } from 'xstate';
import { STORED_ROLES } from '../../lib/roles';
import { PERMISSION_TEXTS } from '../../lib/territory-texts';
import type { searchSelectMachine } from '../../machines/lists/search-select.machine';
import type { territoryPermissionsMachine } from '../../machines/territories/territory-permissions.machine';
import { SearchSelect } from '../../ui/SearchSelect';

/** Who may work in the territory: the list, revoke, and grant to a role or (with a user select) a user. */
export function PermissionsPanel({ actor, userSelect }: {
  actor: Actor<typeof territoryPermissionsMachine>;
  userSelect?: Actor<typeof searchSelectMachine>;
}) {
  const permissions = useSelector(actor, (s) => s.context.permissions);
  const error = useSelector(actor, (s) => s.context.error);
  const inFailed = useSelector(actor, (s) => s.matches('failed'));
  const inLoading = useSelector(actor, (s) => s.matches('loading'));
  const busyTag = useSelector(actor, (s) => s.hasTag('busy'));
  const [role, setRole] = useState<string>(STORED_ROLES[0]);
  const busy = busyTag;
  return (
    <Stack as="section" aria-label={PERMISSION_TEXTS.title} gap={2} maxW="600px">
      <Text fontWeight="semibold">{PERMISSION_TEXTS.title}</Text>
      {inLoading && <div role="status">{PERMISSION_TEXTS.loading}</div>}
      {inFailed && (
        <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{error?.message}</Alert.Title>
          <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'permissions.retry' })}>{PERMISSION_TEXTS.retry}</Button>
        </Alert.Root>
      )}
      {!inLoading && !inFailed && (
        <>
          {error && <FieldError>{error.message}</FieldError>}
          {permissions.length === 0 ? <Text fontSize="sm" data-testid="permissions-none">{PERMISSION_TEXTS.none}</Text> : (
            <chakra.ul listStyleType="none" p={0} m={0}>
              {permissions.map((row) => (
                <chakra.li key={row.id} data-testid="permission-row">
                  <HStack gap={2}>
                    <Text fontSize="sm" data-testid="permission-label">{PERMISSION_TEXTS.label(row)}</Text>
                    <Button size="xs" variant="ghost" disabled={busy} aria-label={PERMISSION_TEXTS.revoke(PERMISSION_TEXTS.label(row))}
                      onClick={() => actor.send({ type: 'permissions.revoke', id: row.id })}>×</Button>
                  </HStack>
                </chakra.li>
              ))}
            </chakra.ul>
          )}
          <HStack gap={2} align="flex-end">
            <Select label={PERMISSION_TEXTS.role} value={role} width="240px" disabled={busy} onChange={setRole}>
              {STORED_ROLES.map((name) => <option key={name} value={name}>{name}</option>)}
            </Select>
            <Button size="sm" disabled={busy} onClick={() => actor.send({ type: 'permissions.grant', grant: { role } })}>{PERMISSION_TEXTS.grantRole}</Button>
          </HStack>
          {userSelect && <UserGrant userSelect={userSelect} busy={busy} onGrant={(userId) => actor.send({ type: 'permissions.grant', grant: { userId } })} />}
        </>
      )}
    </Stack>
  );
}

function UserGrant({ userSelect, busy, onGrant }: { userSelect: Actor<typeof searchSelectMachine>; busy: boolean; onGrant(userId: number): void }) {
  const chosen = useSelector(userSelect, (snapshot) => snapshot.context.selected);
  return (
    <HStack gap={2} align="flex-end">
      <SearchSelect label={PERMISSION_TEXTS.user} actor={userSelect} />
      <Button size="sm" disabled={busy || !chosen} onClick={() => chosen && onGrant(Number(chosen.key))}>{PERMISSION_TEXTS.grantUser}</Button>
    </HStack>
  );
}
