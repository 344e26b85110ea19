import { Alert, Box, Field } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';

/** The id of the current step's form: the dialog's Next button submits it (Enter in a field does too). */
export const STEP_FORM_ID = 'booking-step-form';

/**
 * What stands in place of a Next button while it is hidden (001 section 2: 'replaced by a spacer while loading,
 * and on step 4 until the last details sub-step'): empty, hidden from assistive technology, and the size of the
 * md button with its 'Next' label (height 10, about 4rem wide) so the footer does not jump.
 */
export function NextSpacer({ testId = 'next-spacer' }: { testId?: string }) {
  return <Box data-testid={testId} aria-hidden="true" h="10" w="16" flexShrink={0} />;
}

/**
 * A labelled field whose message is announced (role=alert) and tied to the input: the root's `invalid` sets
 * aria-invalid, and the message is the field's helper text, which Field links with aria-describedby (read by every
 * screen reader; aria-errormessage, which Field.ErrorText would use instead, is not).
 */
export function BookingField({ label, error, required = false, disabled = false, children }: {
  label: string; error?: string | undefined; required?: boolean; disabled?: boolean; children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled} mb={3}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {error && <Field.HelperText role="alert" color="fg.error" data-testid="field-error">{error}</Field.HelperText>}
    </Field.Root>
  );
}

/** The server's message for the step (001 section 8). */
export function ProblemAlert({ problem }: { problem: string | null }) {
  if (!problem) return null;
  return (
    <Alert.Root status="error" role="alert" mb={3} data-testid="booking-problem">
      <Alert.Indicator />
      <Alert.Title>{problem}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * Whether an invoked child is a running chart (tests may replace a sub-chart with a plain promise): a machine's
 * snapshot has a state value. Read through a subscription, not getSnapshot() during render.
 */
export function useIsChart(actor: AnyActorRef | undefined): boolean {
  return useSelector(actor, (snapshot: unknown) => typeof snapshot === 'object' && snapshot !== null && 'value' in snapshot);
}
