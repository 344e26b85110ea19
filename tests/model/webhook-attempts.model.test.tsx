import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { WebhookAttemptsView } from '../../src/features/integrations/WebhookAttemptsView';
import { INTEGRATION_TEXTS } from '../../src/lib/integrations';
import { LIST_TEXTS } from '../../src/lib/resource-texts';
import { webhookAttemptsMachine } from '../../src/machines/integrations/webhook-attempts.machine';
import { webhookAttemptsSamples } from '../../src/machines/integrations/webhook-attempts.samples';
import { describeModel } from '../support/model-paths';

describeModel({
  machine: webhookAttemptsMachine,
  scenarios: webhookAttemptsSamples.scenarios,
  targets: webhookAttemptsSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock });
    actor.start();
    render(<ChakraProvider value={system}><WebhookAttemptsView actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'attempts.test': fireEvent.click(screen.getByRole('button', { name: INTEGRATION_TEXTS.sendTest })); break;
            case 'attempts.refresh': fireEvent.click(screen.getByRole('button', { name: 'Refresh' })); break;
            case 'attempts.retry': fireEvent.click(screen.getByRole('button', { name: LIST_TEXTS.tryAgain })); break;
            case 'attempts.page': fireEvent.click(screen.getByRole('button', { name: LIST_TEXTS.nextPage })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => expect(screen.getByText(LIST_TEXTS.loading)).toBeTruthy(),
    loadFailed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toContain(snapshot.context.problem!);
      expect(screen.getByRole('button', { name: LIST_TEXTS.tryAgain })).toBeTruthy();
    },
    ready: (snapshot) => {
      const rows = screen.getAllByTestId('webhook-attempt');
      expect(rows).toHaveLength(snapshot.context.attempts!.items.length);
      // Every result of 002 section 4 shows by its name, with the HTTP status and the error.
      expect(rows.map((row) => row.textContent).join('|')).toMatch(/Unknown.*\|.*Success.*200.*\|.*Failed.*500.*The receiver answered 500/);
      expect(screen.getByText(LIST_TEXTS.pageOf(snapshot.context.page, 2))).toBeTruthy();
      expect((screen.getByRole('button', { name: INTEGRATION_TEXTS.sendTest }) as HTMLButtonElement).disabled).toBe(false);
      if (snapshot.context.problem) expect(screen.getByRole('alert').textContent).toContain(snapshot.context.problem);
      if (snapshot.context.lastTest) expect(screen.getByTestId('webhook-test-result').textContent).toContain('Success (HTTP 200)');
    },
    testing: () => {
      expect((screen.getByRole('button', { name: INTEGRATION_TEXTS.sendTest }) as HTMLButtonElement).disabled).toBe(true);
    },
  },
});
