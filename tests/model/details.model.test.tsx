import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { fromPromise } from 'xstate';
import { defaultBookingLogic } from '../../src/features/booking/booking-logic';
import { STEP_FORM_ID } from '../../src/features/booking/booking-ui';
import { ACCEPT_STEP_TEXTS, DETAILS_STEP_TEXTS, QUOTE_STEP_TEXTS, WIZARD_TEXTS } from '../../src/lib/booking-texts';
import type { Quote } from '../../src/machines/booking/booking.model';
import { canUseMyDetails, detailsMachine } from '../../src/machines/booking/details.machine';
import type { ContactSide } from '../../src/machines/booking/details.types';
import { detailsSamples } from '../../src/machines/booking/details.samples';
import { inWizard, renderBooking, wizardDialog } from '../support/booking-harness';
import { describeModel } from '../support/model-paths';


type Snapshot = ReturnType<typeof detailsMachine.getInitialSnapshot>;

const FIELD_LABELS = { contactName: DETAILS_STEP_TEXTS.name, phoneNumber: DETAILS_STEP_TEXTS.phone, contactCountry: DETAILS_STEP_TEXTS.country } as const;
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
const fieldOf = (text: string) => inWizard().getByLabelText(label(text)) as HTMLInputElement;
const nextButton = () => inWizard().getByRole('button', { name: WIZARD_TEXTS.next });

function expectSubStep(index: number) {
  expect(inWizard().getByText(DETAILS_STEP_TEXTS.subSteps[index]!).getAttribute('aria-current')).toBe('step');
  expect(inWizard().getByTestId('step-of').textContent).toBe(WIZARD_TEXTS.stepOf(4));
}

function expectContact(snapshot: Snapshot, side: ContactSide) {
  const values = snapshot.context[side];
  expect(fieldOf(DETAILS_STEP_TEXTS.name).value).toBe(values.contactName);
  expect(fieldOf(DETAILS_STEP_TEXTS.phone).value).toBe(values.phoneNumber);
  const myDetails = inWizard().getByRole('checkbox', { name: DETAILS_STEP_TEXTS.myDetails }) as HTMLInputElement;
  expect(myDetails.checked).toBe(values.sameAsUser);
  // Unusable unless the phone is confirmed or a store is set (001 section 2); the chart ignores it then.
  expect(myDetails.matches(':disabled')).toBe(!canUseMyDetails(snapshot.context, side) || snapshot.hasTag('busy'));
}

const noAlert = () => expect(inWizard().queryAllByRole('alert').map((node) => node.textContent)).toEqual([]);
const problemShown = (snapshot: Snapshot) => expect(inWizard().getByTestId('booking-problem').textContent).toContain(snapshot.context.problem!);
const footer = () => within(inWizard().getByTestId('wizard-footer'));
const detailsForm = () => within(document.getElementById(STEP_FORM_ID)!);
const footerStatus = () => footer().getByRole('status').textContent;

/** Pick-up and Drop-off (001 section 2): the footer shows a spacer in Next's place, an empty element hidden from readers. */
function footerSpacer() {
  expect(footer().getByTestId('next-spacer').getAttribute('aria-hidden')).toBe('true');
  expect(footer().getByTestId('next-spacer').textContent).toBe('');
  expect(footer().queryByRole('button', { name: WIZARD_TEXTS.next })).toBeNull();
}

/** Pick-up and Drop-off have their own Next in the details view: it submits the sub-step's form. */
function subStepNext() {
  expect(detailsForm().getByRole('button', { name: WIZARD_TEXTS.next }).getAttribute('type')).toBe('submit');
  expect(inWizard().getAllByRole('button', { name: WIZARD_TEXTS.next })).toHaveLength(1);
  expect(footerStatus()).toBe('');
}

/** Additional details, the last sub-step: the footer's Next submits it; none in the details view. */
function footerNext() {
  const next = footer().getByRole('button', { name: WIZARD_TEXTS.next }) as HTMLButtonElement;
  expect(next.getAttribute('form')).toBe(STEP_FORM_ID);
  expect(next.disabled).toBe(false);
  expect(detailsForm().queryByRole('button', { name: WIZARD_TEXTS.next })).toBeNull();
  expect(footerStatus()).toBe('');
}

/** Saving: no Next anywhere, spacers in its place, and the footer's polite status says it is working. */
const busy = (subStepSpacer: boolean) => () => {
  expect(inWizard().queryByRole('button', { name: WIZARD_TEXTS.next })).toBeNull();
  expect(footer().getByTestId('next-spacer')).toBeTruthy();
  if (subStepSpacer) expect(detailsForm().getByTestId('details-next-spacer').getAttribute('aria-hidden')).toBe('true');
  else expect(inWizard().queryByTestId('details-next-spacer')).toBeNull();
  const status = footer().getByRole('status');
  expect(status.getAttribute('aria-live')).toBe('polite');
  expect(status.textContent).toBe(WIZARD_TEXTS.loading);
  // Back waits for the answer (the chart ignores it while saving).
  expect((footer().getByRole('button', { name: WIZARD_TEXTS.back }) as HTMLButtonElement).disabled).toBe(true);
};

/** Each message by its field, announced and tied to it. */
async function errorsShown(snapshot: Snapshot) {
  await waitFor(() => {
    for (const [field, message] of Object.entries(snapshot.context.errors)) {
      const element = fieldOf(FIELD_LABELS[field as keyof typeof FIELD_LABELS]);
      expect(element.getAttribute('aria-invalid')).toBe('true');
      const ids = `${element.getAttribute('aria-describedby') ?? ''} ${element.getAttribute('aria-errormessage') ?? ''}`.split(' ').filter(Boolean);
      const described = ids.map((id) => document.getElementById(id)?.textContent);
      expect(described).toContain(message);
    }
    expect(inWizard().getAllByRole('alert').map((node) => node.textContent)).toEqual(expect.arrayContaining(Object.values(snapshot.context.errors)));
  });
}

describeModel({
  machine: detailsMachine,
  scenarios: detailsSamples.scenarios,
  targets: detailsSamples.targets,
  guards: true,
  async start(machine, input) {
    // The wizard reopens the delivery at step 4 (its payment status) and runs this details chart there.
    const logic = {
      wizard: defaultBookingLogic.wizard.provide({ actors: { getQuote: fromPromise<Quote, { cca2: string; deliveryId: number }>(async () => input.quote), details: machine } }),
    };
    // The signed-in user is the scenario's viewer as far as 'my details' goes (its phone confirmed or not).
    renderBooking({
      path: `/deliveries/add?deliveryid=${input.quote.deliveryId}`, logic, roles: ['Administrator'],
      permissions: { phoneNumberConfirmed: input.viewer.permissions.phoneNumberConfirmed },
    });
    await wizardDialog();
    await screen.findByTestId('contact-origin', {}, { timeout: 5000 });
    return {
      send(event) {
        if (event.type === 'details.submit') fireEvent.click(nextButton());
        else if (event.type === 'details.back') fireEvent.click(inWizard().getByRole('button', { name: WIZARD_TEXTS.back }));
        else if (event.type === 'details.myDetails') fireEvent.click(inWizard().getByRole('checkbox', { name: DETAILS_STEP_TEXTS.myDetails }));
        else if (event.type === 'details.edit') {
          fireEvent.change(fieldOf(FIELD_LABELS[event.field as keyof typeof FIELD_LABELS]), { target: { value: event.value } });
        } else if (event.type === 'details.editAdditional') {
          fireEvent.change(fieldOf(DETAILS_STEP_TEXTS.orderReference), { target: { value: event.value } });
        } else throw new Error(`No UI action for ${event.type}`);
      },
    };
  },
  states: {
    pickUp: (snapshot) => {
      expectSubStep(0);
      expect(inWizard().getByTestId('contact-origin')).toBeTruthy();
      expectContact(snapshot, 'origin');
      footerSpacer();
    },
    'pickUp.editing': () => { noAlert(); subStepNext(); },
    'pickUp.invalid': async (snapshot) => { await errorsShown(snapshot); subStepNext(); },
    'pickUp.failed': (snapshot) => { problemShown(snapshot); subStepNext(); },
    'pickUp.saving': busy(true),
    dropOff: (snapshot) => {
      expectSubStep(1);
      expect(inWizard().getByTestId('contact-destination')).toBeTruthy();
      expectContact(snapshot, 'destination');
      footerSpacer();
    },
    'dropOff.editing': () => { noAlert(); subStepNext(); },
    'dropOff.invalid': async (snapshot) => { await errorsShown(snapshot); subStepNext(); },
    'dropOff.failed': (snapshot) => { problemShown(snapshot); subStepNext(); },
    'dropOff.saving': busy(true),
    additional: (snapshot) => {
      expectSubStep(2);
      expect(fieldOf(DETAILS_STEP_TEXTS.orderReference).value).toBe(snapshot.context.additional.orderReference);
      expect(fieldOf(DETAILS_STEP_TEXTS.customerIdentifier).value).toBe(snapshot.context.additional.customerIdentifier);
    },
    'additional.editing': () => { noAlert(); footerNext(); },
    'additional.failed': (snapshot) => { problemShown(snapshot); footerNext(); },
    'additional.saving': busy(false),
    // All saved: the wizard moves on to Accept.
    done: async () => {
      await screen.findByRole('heading', { name: ACCEPT_STEP_TEXTS.heading });
      expect(inWizard().getByTestId('step-of').textContent).toBe(WIZARD_TEXTS.stepOf(5));
    },
    // Back from Pick-up: the wizard is on Quotes again.
    exited: async () => {
      await screen.findByRole('radiogroup', { name: QUOTE_STEP_TEXTS.options });
      expect(inWizard().getByTestId('step-of').textContent).toBe(WIZARD_TEXTS.stepOf(3));
    },
  },
});
