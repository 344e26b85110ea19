import { Alert, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { ADJUSTMENT_TEXTS } from '../../lib/finance-texts';
import { formatMoney, toCents } from '../../lib/money';
import { checkAdjustment, type adjustmentMachine } from '../../machines/finance/adjustment.machine';
import type { AdjustmentForm } from '../../machines/finance/adjustment.types';
import { ConfirmDialog } from '../ConfirmDialog';
import { FieldError } from '../FieldError';

export type AdjustmentActor = Actor<typeof adjustmentMachine>;

/**
 * The Debit and Credit buttons, the adjustment form and its confirmation (002 sections 2 and 5), drawn from the
 * adjustment chart. The screen decides whether it is offered (administrators and management, editing allowed, a
 * paid delivery or a job with a driver) and what the amount is now.
 */
export function AdjustmentDialog({ actor, currentExcl }: { actor: AdjustmentActor; currentExcl: number | null }) {
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const { target, isCredit, form } = context;
  if (state === 'closed') {
    return (
      <HStack gap={2} role="group" aria-label={ADJUSTMENT_TEXTS.group}>
        <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'adjustment.open', isCredit: false, currentExcl })}>{ADJUSTMENT_TEXTS.debit}</Button>
        <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'adjustment.open', isCredit: true, currentExcl })}>{ADJUSTMENT_TEXTS.credit}</Button>
      </HStack>
    );
  }
  const title = ADJUSTMENT_TEXTS.title(target, isCredit);
  const change = (field: keyof AdjustmentForm) => (value: string) => actor.send({ type: 'adjustment.change', field, value });
  // The new amount's check is live: the button stays disabled while the amount would take it below zero.
  const belowZero = checkAdjustment(form, isCredit, context.currentExcl, target).newAmount;
  const busy = state === 'loading' || state === 'submitting';
  const amountText = /^\d+([.,]\d{1,2})?$/.test(form.amount.trim()) ? formatMoney(toCents(form.amount.trim())) : form.amount;
  return (
    <>
      <form aria-label={title} aria-busy={busy} onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'adjustment.submit' }); }}>
        <Stack gap={3} maxW="md" borderWidth="1px" borderRadius="md" p={4}>
          <Text fontWeight="bold">{title}</Text>
          {context.currentExcl !== null && <Text fontSize="sm">{ADJUSTMENT_TEXTS.current}: {formatMoney(context.currentExcl)}</Text>}
          {context.error && <Alert.Root status="error" role="alert"><Alert.Description>{context.error.message}</Alert.Description></Alert.Root>}
          <label htmlFor="adjustment-amount">{ADJUSTMENT_TEXTS.amount}</label>
          <Input id="adjustment-amount" inputMode="decimal" value={form.amount} aria-invalid={Boolean(context.invalid.amount || belowZero)}
            onChange={(event) => change('amount')(event.currentTarget.value)} />
          {context.invalid.amount && <FieldError>{context.invalid.amount}</FieldError>}
          {belowZero && <FieldError>{belowZero}</FieldError>}
          <label htmlFor="adjustment-reason">{ADJUSTMENT_TEXTS.reason}</label>
          <Input id="adjustment-reason" value={form.description} maxLength={200} aria-invalid={Boolean(context.invalid.description)}
            onChange={(event) => change('description')(event.currentTarget.value)} />
          {context.invalid.description && <FieldError>{context.invalid.description}</FieldError>}
          <HStack gap={2}>
            <Button type="submit" size="sm" disabled={busy || Boolean(belowZero)}>{ADJUSTMENT_TEXTS.next}</Button>
            <Button size="sm" variant="outline" disabled={state === 'submitting'} onClick={() => actor.send({ type: 'adjustment.close' })}>{ADJUSTMENT_TEXTS.cancel}</Button>
          </HStack>
        </Stack>
      </form>
      <ConfirmDialog open={state === 'confirming' || state === 'submitting'} busy={state === 'submitting'} title={ADJUSTMENT_TEXTS.cannotBeUndone}
        message={ADJUSTMENT_TEXTS.question(target, isCredit, amountText)}
        onNo={() => actor.send({ type: 'adjustment.back' })} onYes={() => actor.send({ type: 'adjustment.confirm' })} />
    </>
  );
}
