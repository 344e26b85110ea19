import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { RevealedSecretView } from '../../src/features/integrations/RevealedSecretView';
import { SECRET_TEXTS } from '../../src/lib/integrations';
import { revealedSecretMachine } from '../../src/machines/integrations/revealed-secret.machine';
import { revealedSecretSamples } from '../../src/machines/integrations/revealed-secret.samples';
import { describeModel } from '../support/model-paths';

let issued = 0;

describeModel({
  machine: revealedSecretMachine,
  scenarios: revealedSecretSamples.scenarios,
  targets: revealedSecretSamples.targets,
  guards: true,
  start(machine, input, clock) {
    issued = 0;
    const actor = createActor(machine, { input, clock });
    actor.on('secret.issued', () => { issued += 1; });
    actor.start();
    render(<ChakraProvider value={system}><RevealedSecretView actor={actor} /></ChakraProvider>);
    const texts = SECRET_TEXTS[input.kind];
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'secret.issue': fireEvent.click(screen.getByRole('button', { name: texts.issue })); break;
            case 'secret.confirmNo': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'No' })); break;
            case 'secret.confirmYes': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' })); break;
            case 'secret.dismiss': fireEvent.click(screen.getByRole('button', { name: 'Done' })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    start: () => expect(screen.queryByTestId('revealed-secret')).toBeNull(),
    idle: async (snapshot) => {
      expect(screen.getByRole('button', { name: SECRET_TEXTS[snapshot.context.kind].issue })).toBeTruthy();
      expect(screen.queryByTestId('revealed-secret')).toBeNull();
      // The dialog closes after its exit animation.
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      if (snapshot.context.problem) expect(screen.getByRole('alert').textContent).toContain(snapshot.context.problem);
    },
    confirming: (snapshot) => expect(screen.getByRole('alertdialog').textContent).toContain(SECRET_TEXTS[snapshot.context.kind].question),
    issuing: () => expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: /Yes/ }).hasAttribute('disabled')).toBe(true),
    shown: async (snapshot) => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(screen.getByTestId('revealed-secret').textContent).toBe(snapshot.context.secret);
      expect(screen.getByRole('region', { name: SECRET_TEXTS[snapshot.context.kind].label }).textContent).toContain(SECRET_TEXTS[snapshot.context.kind].note);
      // A secret answered by the add call is shown without a new one being issued; otherwise one was.
      const created = revealedSecretSamples.scenarios.some((scenario) => scenario.input.revealed === snapshot.context.secret);
      expect(issued).toBe(created ? 0 : 1);
    },
  },
});
