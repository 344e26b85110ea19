import { Alert, Button, Input, Stack, Table, Text } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Actor } from 'xstate';
import { FINANCE_ADMIN_TEXTS } from '../../lib/finance-admin-texts';
import { formatMoney } from '../../lib/money';
import { allocationLines, fundsAllocationMachine, remainderAfter } from '../../machines/finance/funds-allocation.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { AdminPage } from '../../ui/AdminPage';
import { pathId } from './paths';

/** /funds-received/:id/allocation (issue 15). */
export function Component() {
  const id = pathId(useParams().id);
  const portal = usePortal();
  const navigate = useNavigate();
  const actor = useScreenActor(fundsAllocationMachine, { cca2: portal.cca2, id });
  useEffect(() => {
    const subscription = actor.on('allocation.notFound', () => navigate('/404', { replace: true }));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
  return (
    <AdminPage title={FINANCE_ADMIN_TEXTS.allocate} parents={[{ label: FINANCE_ADMIN_TEXTS.fundsReceived, to: '/funds-received' }]}
      current={{ label: FINANCE_ADMIN_TEXTS.allocate, to: `/funds-received/${id}/allocation` }}>
      <FundsAllocationView actor={actor} />
    </AdminPage>
  );
}

/** The allocation drawn from its machine (also mounted alone by the model test). */
export function FundsAllocationView({ actor }: { actor: Actor<typeof fundsAllocationMachine> }) {
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  if (state === 'loading' && !context.funds) return <Text role="status">{FINANCE_ADMIN_TEXTS.loading}</Text>;
  if (state === 'loadFailed') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Description>{context.error?.message}</Alert.Description>
        <Button size="xs" onClick={() => actor.send({ type: 'allocation.retry' })}>{FINANCE_ADMIN_TEXTS.retry}</Button>
      </Alert.Root>
    );
  }
  const funds = context.funds!;
  const remainder = remainderAfter(context);
  const lines = allocationLines(context.amounts);
  const busy = state !== 'ready';
  return (
    <form aria-label={FINANCE_ADMIN_TEXTS.allocationTitle(funds.reference)} aria-busy={busy} onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'allocation.submit' }); }}>
      <Stack gap={3}>
        <Text>{funds.customerName} · {FINANCE_ADMIN_TEXTS.received} {formatMoney(funds.amount)} · {FINANCE_ADMIN_TEXTS.allocated} {formatMoney(funds.allocated)} · {FINANCE_ADMIN_TEXTS.unallocated} {formatMoney(funds.unallocated)}</Text>
        {context.error && <Alert.Root status="error" role="alert"><Alert.Description>{context.error.message}</Alert.Description></Alert.Root>}
        {context.accounts.length === 0 ? <Text>{FINANCE_ADMIN_TEXTS.noAccounts}</Text> : (
          <Table.Root recipe={tableSlotRecipe} size="sm">
            <Table.Header><Table.Row><Table.ColumnHeader>{FINANCE_ADMIN_TEXTS.account}</Table.ColumnHeader><Table.ColumnHeader>{FINANCE_ADMIN_TEXTS.amount}</Table.ColumnHeader></Table.Row></Table.Header>
            <Table.Body>
              {context.accounts.map((account) => (
                <Table.Row key={account.id}>
                  <Table.Cell>{account.accountName} ({formatMoney(account.balance)})</Table.Cell>
                  <Table.Cell>
                    <Input size="sm" inputMode="decimal" aria-label={FINANCE_ADMIN_TEXTS.allocationFor(account.accountName)} value={context.amounts[account.id] ?? ''}
                      onChange={(event) => actor.send({ type: 'allocation.change', accountId: account.id, value: event.currentTarget.value })} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <Text data-testid="remainder">{FINANCE_ADMIN_TEXTS.remainder}: {formatMoney(remainder)}</Text>
        {remainder < 0 && <Text role="alert" color="red.600">{FINANCE_ADMIN_TEXTS.overAllocated}</Text>}
        <Button type="submit" size="sm" alignSelf="flex-start" disabled={busy || remainder < 0 || !lines || lines.length === 0}>{FINANCE_ADMIN_TEXTS.allocateButton}</Button>
        {funds.allocations.length > 0 && (
          <Stack gap={1} as="section" aria-label={FINANCE_ADMIN_TEXTS.allocated}>
            {funds.allocations.map((allocation) => <Text key={allocation.id}>{allocation.accountName}: {formatMoney(allocation.amount)} (#{allocation.ledgerTransactionId})</Text>)}
          </Stack>
        )}
      </Stack>
    </form>
  );
}
