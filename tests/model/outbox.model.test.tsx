import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { OUTBOX_TEXTS } from '../../src/lib/error-catalogue';
import { outboxMachine } from '../../src/machines/auth/outbox.machine';
import { outboxSamples } from '../../src/machines/auth/outbox.samples';
import { click, expectProblem } from '../support/account-assertions';
import { accountLogic, pageHeading, renderAccount, sampleProfile } from '../support/account-harness';
import { describeModel } from '../support/model-paths';

const administrator = sampleProfile({ email: 'administrator@demo.test' });

describeModel({
  machine: outboxMachine,
  scenarios: outboxSamples.scenarios,
  targets: outboxSamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    renderAccount({ path: '/outbox', profile: administrator, roles: ['Administrator'], logic: accountLogic(administrator, { outbox: machine }), clock });
    await pageHeading(OUTBOX_TEXTS.title);
    return {
      send(event) {
        if (event.type === 'outbox.retry') return click(OUTBOX_TEXTS.retry);
        if (event.type === 'outbox.refresh') return click(OUTBOX_TEXTS.refresh);
        if (event.type === 'outbox.filter') {
          fireEvent.change(screen.getByLabelText(OUTBOX_TEXTS.recipient), { target: { value: event.recipient } });
          return;
        }
        throw new Error(`No UI action for ${event.type}`);
      },
    };
  },
  states: {
    loading: (snapshot) => {
      if (snapshot.context.messages.length === 0) expect(screen.getByLabelText(OUTBOX_TEXTS.refreshing)).toBeTruthy();
      expect(screen.getByRole('button', { name: new RegExp(OUTBOX_TEXTS.refreshing) })).toBeTruthy();
    },
    showing: async (snapshot) => {
      const list = await screen.findByRole('list', { name: OUTBOX_TEXTS.title });
      for (const message of snapshot.context.messages) {
        expect(list.textContent).toContain(message.body);
        expect(list.textContent).toContain(OUTBOX_TEXTS.to(message.recipient));
      }
    },
    'showing.waiting': () => {
      expect(screen.getByRole('button', { name: OUTBOX_TEXTS.refresh })).toBeTruthy();
    },
    'showing.filtering': (snapshot) => {
      expect((screen.getByLabelText(OUTBOX_TEXTS.recipient) as HTMLInputElement).value).toBe(snapshot.context.recipient);
    },
    failed: (snapshot) => {
      expect(snapshot.context.problem?.detail).toContain('E7');
      expectProblem(snapshot.context.problem!);
      expect(screen.getByRole('button', { name: OUTBOX_TEXTS.retry })).toBeTruthy();
    },
    unavailable: async () => {
      await waitFor(() => expect(screen.getByText(OUTBOX_TEXTS.unavailable)).toBeTruthy());
      expect(screen.queryByRole('button', { name: OUTBOX_TEXTS.refresh })).toBeNull();
    },
  },
});
