import { Alert, Button, Input, Stack } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { Actor } from 'xstate';
import { mayCall } from '../../lib/access';
import { FINANCE_ADMIN_TEXTS } from '../../lib/finance-admin-texts';
import { payoutRequestMachine } from '../../machines/finance/payout-request.machine';
import type { PayoutForm, PayoutKind } from '../../machines/finance/payout-request.types';
import { useAuth, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { AdminPage } from '../../ui/AdminPage';
import { FieldError } from '../../ui/FieldError';
import { Select } from '../../ui/Select';
import { ListView } from '../../ui/admin/ListView';
import { useResourceList } from '../../ui/admin/use-resource-list';

/**
 * /withdrawals and /advances (issue 15; 000 section 6): the requests of the caller's accounts (staff: all).
 * Partners, companies and stores request one; administrators and management complete or cancel the selected ones.
 */
export function Component() {
  const { pathname } = useLocation();
  const kind: PayoutKind = pathname.startsWith('/advances') ? 'advances' : 'withdrawals';
  return <Payouts key={kind} kind={kind} />;
}

function Payouts({ kind }: { kind: PayoutKind }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources([kind]);
  const resource = resourceOf(kind);
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const portal = usePortal();
  const list = useResourceList(kind);
  const request = useScreenActor(payoutRequestMachine, { cca2: portal.cca2, kind });
  useEffect(() => {
    const subscription = request.on('payout.requested', () => list.send({ type: 'list.reload' }));
    return () => subscription.unsubscribe();
  }, [request, list]);
  return (
    <AdminPage title={resource.title} current={{ label: resource.title, to: resource.routes.list }}>
      {mayCall('requestpayout', permissions) && <PayoutRequestForm actor={request} kind={kind} />}
      <ListView actor={list} mayEdit={false} bulkActions={(resource.bulkActions ?? []).filter((action) => mayCall(action.operation, permissions))} />
    </AdminPage>
  );
}

/** The request form, drawn from its machine (also mounted alone by the model test). */
export function PayoutRequestForm({ actor, kind }: { actor: Actor<typeof payoutRequestMachine>; kind: PayoutKind }) {
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const change = (field: keyof PayoutForm) => (value: string) => actor.send({ type: 'payout.change', field, value });
  if (state === 'closed') {
    return <Button alignSelf="flex-start" size="sm" onClick={() => actor.send({ type: 'payout.open' })}>{FINANCE_ADMIN_TEXTS.request(kind)}</Button>;
  }
  if (state === 'loadFailed') {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Description>{context.error?.message}</Alert.Description>
        <Button size="xs" onClick={() => actor.send({ type: 'payout.open' })}>{FINANCE_ADMIN_TEXTS.retry}</Button>
        <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'payout.close' })}>{FINANCE_ADMIN_TEXTS.close}</Button>
      </Alert.Root>
    );
  }
  const busy = state === 'loading' || state === 'submitting';
  return (
    <form aria-label={FINANCE_ADMIN_TEXTS.request(kind)} aria-busy={busy} onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'payout.submit' }); }}>
      <Stack gap={3} maxW="md">
        {context.error && <Alert.Root status="error" role="alert"><Alert.Description>{context.error.message}</Alert.Description></Alert.Root>}
        <Select label={FINANCE_ADMIN_TEXTS.account} id="payout-account" value={context.form.accountId} onChange={change('accountId')} invalid={Boolean(context.invalid.accountId)} busy={state === 'loading'}>
          <option value="">{FINANCE_ADMIN_TEXTS.choose}</option>
          {context.accounts.map((option) => <option key={option.key} value={option.key}>{option.value}</option>)}
        </Select>
        {context.invalid.accountId && <FieldError id="payout-account-error">{context.invalid.accountId}</FieldError>}
        <Select label={FINANCE_ADMIN_TEXTS.bankAccountField} id="payout-bank" value={context.form.bankAccountId} onChange={change('bankAccountId')} invalid={Boolean(context.invalid.bankAccountId)} busy={state === 'loading'}>
          <option value="">{FINANCE_ADMIN_TEXTS.choose}</option>
          {context.bankAccounts.map((option) => <option key={option.key} value={option.key}>{option.value}</option>)}
        </Select>
        {context.invalid.bankAccountId && <FieldError id="payout-bank-error">{context.invalid.bankAccountId}</FieldError>}
        <label htmlFor="payout-amount">{FINANCE_ADMIN_TEXTS.amountField}</label>
        <Input id="payout-amount" inputMode="decimal" value={context.form.amount} aria-invalid={Boolean(context.invalid.amount)}
          onChange={(event) => change('amount')(event.currentTarget.value)} />
        {context.invalid.amount && <FieldError id="payout-amount-error">{context.invalid.amount}</FieldError>}
        <label htmlFor="payout-reason">{FINANCE_ADMIN_TEXTS.reason}</label>
        <Input id="payout-reason" value={context.form.reason} maxLength={500} onChange={(event) => change('reason')(event.currentTarget.value)} />
        <Stack direction="row" gap={2}>
          <Button type="submit" size="sm" disabled={busy}>{FINANCE_ADMIN_TEXTS.submit}</Button>
          <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'payout.close' })}>{FINANCE_ADMIN_TEXTS.close}</Button>
        </Stack>
      </Stack>
    </form>
  );
}
