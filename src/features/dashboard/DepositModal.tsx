import { Alert, Button, chakra, Dialog, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { dialogSlotRecipe, textareaRecipe } from '@chakra-ui/react/theme';
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { DEPOSIT_TEXTS } from '../../lib/dashboard-texts';
import { formatMoney } from '../../lib/money';
import { depositErrors } from '../../machines/operations/deposit';
import type { depositMachine } from '../../machines/operations/deposit.machine';
import type { DepositForm } from '../../machines/operations/deposit.types';

export type DepositActor = Actor<typeof depositMachine>;

const texts = DEPOSIT_TEXTS;

/** The driver's details offer the modal; it opens on "now" with a fresh idempotency key. */
export function DepositButton({ actor, driverId, driverName }: { actor: DepositActor; driverId: number; driverName: string }) {
  return (
    <Button size="xs" variant="outline" mt={1}
      onClick={() => actor.send({ type: 'deposit.open', driverId, driverName, now: new Date().toISOString(), key: crypto.randomUUID() })}>
      {texts.open}
    </Button>
  );
}

function Field({ label, value, onChange, type = 'text', error }: { label: string; value: string; onChange: (value: string) => void; type?: string; error?: string }) {
  // A visible label (a placeholder would vanish once typing starts); the error is the input's description.
  const id = useId();
  return (
    <Stack gap={1}>
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">{label}</chakra.label>
      <Input id={id} size="sm" type={type} value={value} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}
        inputMode={label === texts.amount ? 'decimal' : undefined} onChange={(event) => onChange(event.currentTarget.value)} />
      {error && <Text id={`${id}-error`} fontSize="xs" color="red.600">{error}</Text>}
    </Stack>
  );
}

/** The deposit modal (its chart: deposit.machine.ts): the form, the server's refusal, and the deposit recorded. */
export function DepositModal({ actor }: { actor: DepositActor }) {
  const open = useSelector(actor, (snapshot) => !snapshot.matches('closed'));
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const done = useSelector(actor, (snapshot) => snapshot.matches('recorded'));
  const { form, driverName, error, recorded } = useSelector(actor, (snapshot) => snapshot.context);
  const errors = depositErrors(form);
  const change = (fields: Partial<DepositForm>) => actor.send({ type: 'deposit.change', fields });
  // Errors show once the field is typed in (the time is filled in on opening).
  const shown = (field: keyof DepositForm) => (form[field] !== '' ? errors[field as keyof typeof errors] : undefined);
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(details) => { if (!details.open && !saving) actor.send({ type: 'deposit.cancel' }); }} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="420px" mx={4}>
            <Dialog.Header><Dialog.Title>{texts.title(driverName)}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              {done && recorded
                ? <Text role="status">{texts.recorded(formatMoney(recorded.amountCents), recorded.reference)}</Text>
                : (
                  <form id="deposit-form" onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'deposit.submit' }); }}>
                    <Stack gap={2}>
                      {error && <Alert.Root status="error" size="sm"><Alert.Indicator /><Alert.Title>{error.message}</Alert.Title></Alert.Root>}
                      <Field label={texts.amount} value={form.amount} onChange={(amount) => change({ amount })} error={shown('amount')} />
                      <Field label={texts.reference} value={form.reference} onChange={(reference) => change({ reference })} error={shown('reference')} />
                      <Field label={texts.depositedAt} type="datetime-local" value={form.depositedAt} onChange={(depositedAt) => change({ depositedAt })} error={errors.depositedAt} />
                      <Stack gap={1}>
                        <chakra.label htmlFor="deposit-note" fontSize="sm" fontWeight="medium">{texts.note}</chakra.label>
                        <Textarea recipe={textareaRecipe} id="deposit-note" size="sm" value={form.note} maxLength={500} onChange={(event) => change({ note: event.currentTarget.value })} />
                      </Stack>
                      {saving && <Text role="status">{texts.saving}</Text>}
                    </Stack>
                  </form>
                )}
            </Dialog.Body>
            <Dialog.Footer>
              {!done && <Button type="submit" form="deposit-form" disabled={saving || Object.keys(errors).length > 0}>{texts.submit}</Button>}
              <Button variant="outline" disabled={saving} onClick={() => actor.send({ type: 'deposit.cancel' })}>{done ? texts.close : texts.cancel}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
