import { Box, Button, CloseButton, Dialog, Flex, Portal, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useAuth, usePortal } from '../../machines/root/root-actor';
import { UnconfirmedEmailBanner } from '../../ui/UnconfirmedEmailBanner';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { WIZARD_TEXTS } from '../../lib/booking-texts';
import { WIZARD_DIALOG } from '../../lib/constants';
import type { Permissions } from '../../lib/roles';
import type { BookingViewer } from '../../machines/booking/booking.model';
import type { detailsMachine } from '../../machines/booking/details.machine';
import type { payMachine } from '../../machines/booking/pay.machine';
import { canGoBack, canGoToStep } from '../../machines/booking/wizard.machine';
import { AcceptStep } from './AcceptStep';
import { useBookingLogic } from './booking-logic';
import { NextSpacer, ProblemAlert, STEP_FORM_ID, useIsChart } from './booking-ui';
import { DeliveryFailedView } from './DeliveryFailedView';
import { DeliveryStep } from './DeliveryStep';
import { DetailsStep } from './DetailsStep';
import { ParcelsStep } from './ParcelsStep';
import { PayStep } from './PayStep';
import { QuotesStep } from './QuotesStep';
import { SuccessView } from './SuccessView';

export interface BookingWizardProps {
  /** Reopen this delivery (after the card provider's return); a new booking without. */
  deliveryId?: number | null;
  /** The step to show (0-5): while there is no quote data the wizard jumps to it when it changes (001 section 4). */
  step?: number;
  onClose: () => void;
  onDashboard: () => void;
  /** 'Place another order': the caller starts a fresh wizard (a new key). */
  onAnother: () => void;
}

/** The signed-in user as the wizard needs them. Render only when signed in. */
function useViewer(): BookingViewer | null {
  const cca2 = usePortal().cca2;
  const permissions = useAuth((s) => s.context.permissions);
  const profile = useAuth((s) => s.context.profile);
  if (!permissions) return null;
  return {
    cca2, permissions,
    profile: profile && {
      firstName: profile.firstName ?? '', lastName: profile.lastName ?? '', email: profile.email, phoneNumber: profile.phoneNumber ?? null,
      contactCountryCode: profile.contactCountryCode ?? '', unitName: profile.unitName ?? null, unitNumber: profile.unitNumber ?? null,
    },
  };
}

/** The booking wizard dialog (001 sections 2 and 4): six steps, the success summary and 'Delivery failed'. */
export function BookingWizard(props: BookingWizardProps) {
  const viewer = useViewer();
  return viewer ? <WizardDialog {...props} viewer={viewer} /> : null;
}

function WizardDialog({ deliveryId, step, onClose, onDashboard, onAnother, viewer }: BookingWizardProps & { viewer: BookingViewer }) {
  const logic = useBookingLogic();
  const wizard = useScreenActor(logic.wizard, { viewer, deliveryId: deliveryId ?? null });
  useEffect(() => {
    if (step !== undefined) wizard.send({ type: 'wizard.step', step });
  }, [wizard, step]);
  const closed = useSelector(wizard, (s) => s.status === 'done');
  useEffect(() => {
    if (closed) onClose();
  }, [closed, onClose]);
  const timeZone = usePortal().timeZone;
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={!closed} size="lg" closeOnInteractOutside={false}
      onOpenChange={({ open }) => { if (!open) wizard.send({ type: 'wizard.close' }); }}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${WIZARD_DIALOG.maxWidth}px`} minH={`${WIZARD_DIALOG.minHeight}px`} data-testid="booking-wizard">
            <Dialog.Header>
              <Dialog.Title>{WIZARD_TEXTS.dialogTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={WIZARD_TEXTS.close} />
            </Dialog.CloseTrigger>
            {/* 001 section 2: the unconfirmed-email banner, also inside the wizard's dialog. */}
            <UnconfirmedEmailBanner />
            <WizardBody wizard={wizard} permissions={viewer.permissions} timeZone={timeZone} onDashboard={onDashboard} onAnother={onAnother} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type Wizard = ActorRefFrom<typeof import('../../machines/booking/wizard.machine').wizardMachine>;

function WizardBody({ wizard, permissions, timeZone, onDashboard, onAnother }: {
  wizard: Wizard; permissions: Permissions; timeZone: string | undefined; onDashboard: () => void; onAnother: () => void;
}) {
  const cca2 = usePortal().cca2;
  const view = useSelector(wizard, (s) => (s.hasTag('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : s.matches('paid') ? 'paid'
    : s.matches('failed') ? 'failed' : 'steps'));
  const problem = useSelector(wizard, (s) => s.context.problem);
  const busy = useSelector(wizard, (s) => s.hasTag('busy'));
  const deliveryId = useSelector(wizard, (s) => s.context.deliveryId);
  const quote = useSelector(wizard, (s) => s.context.quote);
  if (view === 'loading') {
    return (
      <Dialog.Body><Flex role="status" align="center" justify="center" gap={3} minH="300px"><Spinner /><Text>{WIZARD_TEXTS.loading}</Text></Flex></Dialog.Body>
    );
  }
  if (view === 'loadFailed') {
    return (
      <Dialog.Body>
        <ProblemAlert problem={problem} />
        <Button onClick={() => wizard.send({ type: 'wizard.reattempt' })}>{WIZARD_TEXTS.retry}</Button>
      </Dialog.Body>
    );
  }
  if (view === 'paid') {
    return <Dialog.Body><SuccessView deliveryId={deliveryId} quote={quote} timeZone={timeZone} cca2={cca2} onDashboard={onDashboard} onAnother={onAnother} /></Dialog.Body>;
  }
  if (view === 'failed') {
    return <Dialog.Body><DeliveryFailedView problem={problem} busy={busy} onReattempt={() => wizard.send({ type: 'wizard.reattempt' })} /></Dialog.Body>;
  }
  return <Steps wizard={wizard} permissions={permissions} timeZone={timeZone} />;
}

const sameFlags = (a: boolean[], b: boolean[]) => a.length === b.length && a.every((flag, index) => flag === b[index]);

function Steps({ wizard, permissions, timeZone }: { wizard: Wizard; permissions: Permissions; timeZone: string | undefined }) {
  const activeStep = useSelector(wizard, (s) => s.context.activeStep);
  const problem = useSelector(wizard, (s) => s.context.problem);
  const busy = useSelector(wizard, (s) => s.hasTag('busy'));
  const details = useSelector(wizard, (s) => s.children.details as ActorRefFrom<typeof detailsMachine> | undefined);
  const pay = useSelector(wizard, (s) => s.children.pay as ActorRefFrom<typeof payMachine> | undefined);
  const detailsBusy = useSelector(details, (s) => Boolean(s && 'hasTag' in s && s.hasTag('busy')));
  const payBusy = useSelector(pay, (s) => Boolean(s && 'hasTag' in s && s.hasTag('busy')));
  const detailsIsChart = useIsChart(details);
  const payIsChart = useIsChart(pay);
  // Back and the step buttons follow the chart (001 section 2: not on step 1, not once paid, not while a call
  // runs). The sub-charts' busy flags come from their own subscriptions above.
  // Inline selectors run again on each render, so a sub-chart's change (which re-renders this) is seen too.
  const canBack = useSelector(wizard, (s) => canGoBack(s)) && !detailsBusy && !payBusy;
  const reachable = useSelector(wizard, (s) => WIZARD_TEXTS.steps.map((_, index) => canGoToStep(s, index)), sameFlags)
    .map((flag) => flag && !detailsBusy && !payBusy);
  // Step 4's last sub-step (Additional details): only there does the footer's Next submit the details.
  const lastDetailsSubStep = useSelector(details, (s) => Boolean(s && 'matches' in s && s.matches('additional')));
  // Step 6's Details and Payment sub-steps have their own Back (001 section 2: back to the previous sub-step):
  // the footer's, which leaves the step, gives way to it there, so the step never shows two Back buttons.
  const payOwnBack = useSelector(pay, (s) => Boolean(s && 'matches' in s && (s.matches('details') || s.matches('payment'))));
  const loading = busy || detailsBusy;
  // 001 section 2: Next is replaced by a spacer while loading, and on step 4 until the last details sub-step
  // (Pick-up and Drop-off have their own Next in the details view).
  const nextHidden = loading || (activeStep === 3 && !lastDetailsSubStep);
  // Focus after each step: a new step starts at 'Step N of 6' (read out by screen readers), from where Tab continues
  // into the step's fields. Within a step, the Next a keyboard user pressed may be replaced by the spacer, so focus
  // falls back to the dialog itself (or the page): when the work ends with focus there, it goes to 'Step N of 6' too.
  const stepOf = useRef<HTMLParagraphElement>(null);
  const shownStep = useRef(activeStep);
  useEffect(() => {
    if (loading) return;
    const focused = document.activeElement;
    const lost = !focused || focused === document.body || !focused.isConnected || focused.getAttribute('role') === 'dialog';
    const stepChanged = shownStep.current !== activeStep;
    shownStep.current = activeStep;
    if (lost || stepChanged) stepOf.current?.focus();
  }, [loading, activeStep, lastDetailsSubStep]);
  return (
    <>
      <Dialog.Body>
        {/* The header text 'Step N of 6'; it takes focus when a step starts, so it is not a live region too (no double reading). */}
        <Text ref={stepOf} tabIndex={-1} data-testid="step-of" mb={2} outline="none">{WIZARD_TEXTS.stepOf(activeStep + 1)}</Text>
        {/* The headings Delivery … Pay: earlier steps are buttons (back to that step), the current and later ones are not. */}
        <Box as="ol" display="flex" gap={2} flexWrap="wrap" listStyleType="none" mb={4} aria-label={WIZARD_TEXTS.stepperLabel} data-testid="wizard-stepper">
          {WIZARD_TEXTS.steps.map((title, index) => (
            <li key={title}>
              <Button size="xs" variant={index === activeStep ? 'solid' : 'ghost'} aria-current={index === activeStep ? 'step' : undefined}
                disabled={!reachable[index]} onClick={() => wizard.send({ type: 'step.goto', step: index })} data-step-title={title}>
                {/* Named '2. Parcels': the number is read with the heading, as it is seen. */}
                {index + 1}. {title}
              </Button>
            </li>
          ))}
        </Box>
        <ProblemAlert problem={problem} />
        {activeStep === 0 && <DeliveryStep wizard={wizard} administrator={permissions.isAdministrator} />}
        {activeStep === 1 && <ParcelsStep wizard={wizard} />}
        {activeStep === 2 && <QuotesStep wizard={wizard} permissions={permissions} {...(timeZone && { timeZone })} />}
        {activeStep === 3 && (details && detailsIsChart ? <DetailsStep details={details} /> : <Text role="status">{WIZARD_TEXTS.loading}</Text>)}
        {activeStep === 4 && <AcceptStep wizard={wizard} permissions={permissions} timeZone={timeZone} />}
        {activeStep === 5 && (pay && payIsChart ? <PayStep pay={pay} permissions={permissions} /> : <Text role="status">{WIZARD_TEXTS.loading}</Text>)}
      </Dialog.Body>
      <Dialog.Footer justifyContent="space-between" data-testid="wizard-footer">
        {activeStep === 5 && payOwnBack
          ? <Box aria-hidden="true" data-testid="footer-back-spacer" />
          : <Button variant="outline" disabled={!canBack} onClick={() => wizard.send({ type: 'step.back' })}>{WIZARD_TEXTS.back}</Button>}
        {/* Always present, so screen readers announce the work when it starts (the spacer itself is silent). */}
        <VisuallyHidden role="status" aria-live="polite" data-testid="wizard-footer-status">{loading ? WIZARD_TEXTS.loading : ''}</VisuallyHidden>
        {nextHidden
          ? <NextSpacer />
          : activeStep === 5
            ? <Button disabled>{WIZARD_TEXTS.finish}</Button>
            : <Button type="submit" form={STEP_FORM_ID} bg="secondary" color="white">{WIZARD_TEXTS.next}</Button>}
      </Dialog.Footer>
    </>
  );
}
