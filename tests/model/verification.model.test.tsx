import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { ACCOUNT_TEXTS } from '../../src/lib/error-catalogue';
import { verificationMachine } from '../../src/machines/auth/verification.machine';
import type { VerificationKind } from '../../src/machines/auth/verification.types';
import { verificationSamples } from '../../src/machines/auth/verification.samples';
import { click, expectBusy, expectFieldErrors, expectNoAlert, expectProblem, fill, scopeOf } from '../support/account-assertions';
import { accountLogic, pageHeading, renderAccount, sampleProfile } from '../support/account-harness';
import { describeModel } from '../support/model-paths';

/** How each flow looks: where it lives, its buttons, its texts. */
const FLOWS: Record<VerificationKind, {
  path: string; heading: string; section?: string; send: string; confirm: string; intro: string; codeSent: string; confirmed: string;
}> = {
  email: {
    path: '/confirm-email', heading: 'Confirm your email address', send: 'Send code', confirm: 'Confirm email',
    intro: ACCOUNT_TEXTS.emailIntro('customer@demo.test'), codeSent: ACCOUNT_TEXTS.emailCodeSent('customer@demo.test'),
    confirmed: ACCOUNT_TEXTS.emailConfirmed,
  },
  phone: {
    path: '/confirm-phone', heading: 'Confirm your phone number', send: 'Send code', confirm: 'Confirm phone number',
    intro: ACCOUNT_TEXTS.phoneIntro('+27821234567'), codeSent: ACCOUNT_TEXTS.phoneCodeSent('+27821234567'),
    confirmed: ACCOUNT_TEXTS.phoneConfirmed,
  },
  twoFactorEnable: {
    path: '/profile', heading: 'My profile', section: 'Two-factor authentication', send: 'Turn on two-factor authentication',
    confirm: 'Turn on', intro: ACCOUNT_TEXTS.twoFactorIsOff, codeSent: ACCOUNT_TEXTS.twoFactorCodeSent(true),
    confirmed: ACCOUNT_TEXTS.twoFactorEnabled,
  },
  twoFactorDisable: {
    path: '/profile', heading: 'My profile', section: 'Two-factor authentication', send: 'Turn off two-factor authentication',
    confirm: 'Turn off', intro: ACCOUNT_TEXTS.twoFactorIsOn, codeSent: ACCOUNT_TEXTS.twoFactorCodeSent(false),
    confirmed: ACCOUNT_TEXTS.twoFactorDisabled,
  },
};

const PROFILES: Record<VerificationKind, ReturnType<typeof sampleProfile>> = {
  email: sampleProfile({ emailConfirmed: false }),
  phone: sampleProfile({ phoneNumberConfirmed: false }),
  twoFactorEnable: sampleProfile(),
  twoFactorDisable: sampleProfile({ twoFactorEnabled: true }),
};

let reloads: number[] = [];

const LABELS = { code: 'Code' };

describeModel({
  machine: verificationMachine,
  scenarios: verificationSamples.scenarios,
  targets: verificationSamples.targets,
  guards: true,
  async start(machine, input, clock) {
    const flow = FLOWS[input.kind];
    const profile = PROFILES[input.kind];
    const rendered = renderAccount({ path: flow.path, profile, logic: accountLogic(profile, { verification: machine }), clock });
    reloads = rendered.reloads;
    await pageHeading(flow.heading);
    if (flow.section) await screen.findByRole('region', { name: flow.section });
    return {
      send(event) {
        switch (event.type) {
          case 'verification.send':
            return click(flow.send, flow.section);
          case 'verification.confirm':
            fill('Code', event.code, flow.section);
            return click(flow.confirm, flow.section);
          case 'verification.resend':
            return click('Send a new code', flow.section);
          case 'verification.cancel':
            return click('Cancel', flow.section);
          default:
            throw new Error(`No UI action for ${event.type}`);
        }
      },
    };
  },
  states: {
    idle: (snapshot) => {
      const flow = FLOWS[snapshot.context.kind];
      expect(scopeOf(flow.section).textContent).toContain(flow.intro);
      expect(screen.getByRole('button', { name: flow.send })).toBeTruthy();
      expect(screen.queryByLabelText(/^Code/)).toBeNull();
      expect(reloads).toEqual([]);
    },
    'idle.ready': (snapshot) => expectNoAlert(FLOWS[snapshot.context.kind].section),
    'idle.failed': (snapshot) => {
      const section = FLOWS[snapshot.context.kind].section;
      if (snapshot.context.problem) return expectProblem(snapshot.context.problem, section);
      // The send has no fields: what the server named is said in the alert.
      const alerts = within(scopeOf(section)).getAllByRole('alert').map((alert) => alert.textContent ?? '');
      for (const message of Object.values(snapshot.context.errors)) expect(alerts.some((text) => text.includes(message!))).toBe(true);
    },
    sending: (snapshot) => expectBusy('Sending code...', FLOWS[snapshot.context.kind].section),
    codeSent: (snapshot) => {
      const flow = FLOWS[snapshot.context.kind];
      expect(scopeOf(flow.section).textContent).toContain(flow.codeSent);
      expect(screen.getByRole('button', { name: flow.confirm })).toBeTruthy();
      expect(screen.queryByText(ACCOUNT_TEXTS.codeResent) !== null).toBe(snapshot.context.codeResent);
    },
    'codeSent.editing': (snapshot) => {
      const section = FLOWS[snapshot.context.kind].section;
      expectNoAlert(section);
      // The code step takes the focus when the code has gone out.
      expect(document.activeElement?.getAttribute('name')).toBe('code');
    },
    'codeSent.invalid': (snapshot) => expectFieldErrors(snapshot.context.errors, ['code'], LABELS, FLOWS[snapshot.context.kind].section),
    'codeSent.failed': (snapshot) => expectProblem(snapshot.context.problem!, FLOWS[snapshot.context.kind].section),
    resending: (snapshot) => expectBusy('Sending a new code...', FLOWS[snapshot.context.kind].section),
    confirming: (snapshot) => expectBusy('Confirming...', FLOWS[snapshot.context.kind].section),
    confirmed: (snapshot) => {
      const flow = FLOWS[snapshot.context.kind];
      const status = screen.getByTestId(`${flow.section ? 'two-factor' : snapshot.context.kind === 'email' ? 'confirm-email' : 'confirm-phone'}-confirmed`);
      // A 409 to the send: nothing was left to confirm, and the server said so.
      expect(status.textContent).toBe(snapshot.context.alreadyConfirmed ?? flow.confirmed);
      expect(document.activeElement).toBe(status);
      expect(screen.queryByLabelText(/^Code/)).toBeNull();
      // The auth actor was asked to refresh the token and the profile.
      expect(reloads).toHaveLength(1);
    },
  },
});
