import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { REVIEW_TEXTS, ReviewView } from '../../src/features/applications/ReviewView';
import { applicationReviewMachine } from '../../src/machines/applications/application-review.machine';
import { applicationReviewSamples } from '../../src/machines/applications/application-review.samples';
import { system } from '../../src/ui/theme';
import { describeModel } from '../support/model-paths';

const button = (name: string) => screen.getByRole('button', { name, hidden: true });
const identity = () => screen.getByRole('group', { name: 'Identity document' });
const dialog = () => screen.queryByRole('alertdialog');
let running: ReturnType<typeof createActor<typeof applicationReviewMachine>> | undefined;

describeModel({
  machine: applicationReviewMachine,
  scenarios: applicationReviewSamples.scenarios,
  targets: applicationReviewSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock }).start();
    running = actor;
    render(<ChakraProvider value={system}><MemoryRouter><ReviewView actor={actor} /></MemoryRouter></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'review.approveDocument': fireEvent.click(within(identity()).getByRole('button', { name: REVIEW_TEXTS.approveDocument })); break;
            case 'review.rejectDocument': fireEvent.click(within(identity()).getByRole('button', { name: REVIEW_TEXTS.rejectDocument })); break;
            case 'review.approve': fireEvent.click(button(REVIEW_TEXTS.approve)); break;
            case 'review.reject': fireEvent.click(button(REVIEW_TEXTS.reject)); break;
            case 'review.cancel': fireEvent.click(button(REVIEW_TEXTS.cancel)); break;
            case 'review.confirm': {
              const reason = within(dialog()!).queryByLabelText(REVIEW_TEXTS.reason);
              if (reason) fireEvent.change(reason, { target: { value: 'Incomplete' } });
              fireEvent.click(within(dialog()!).getByRole('button', { name: 'Yes' }));
              break;
            }
            case 'review.dismiss':
              if (dialog()) fireEvent.click(within(dialog()!).getByRole('button', { name: 'No' }));
              else fireEvent.click(button(REVIEW_TEXTS.dismiss));
              break;
            case 'review.reload': fireEvent.click(button(REVIEW_TEXTS.reload)); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => { expect(screen.getByText('Loading…')).toBeTruthy(); },
    failed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error!.message);
      expect(button(REVIEW_TEXTS.reload)).toBeTruthy();
    },
    ready: (snapshot) => {
      const application = snapshot.context.application!;
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`${application.applicationType} application #${application.id}`);
      expect(identity().textContent).toContain(application.documents[0]!.documentStatus);
      expect(screen.getByLabelText(REVIEW_TEXTS.timeline).textContent).toContain('Created');
      if (application.applicationStatusId === 0) expect(button(REVIEW_TEXTS.approve).hasAttribute('disabled')).toBe(false);
      else expect(screen.queryByRole('button', { name: REVIEW_TEXTS.approve })).toBeNull();
      if (snapshot.context.error) expect(screen.getByRole('alert').textContent).toContain(snapshot.context.error.message);
      // Dismiss is beside an error only, and only then does the chart take it (hasError).
      expect(screen.queryByRole('button', { name: REVIEW_TEXTS.dismiss }) !== null).toBe(snapshot.context.error !== undefined);
      expect(running!.getSnapshot().can({ type: 'review.dismiss' })).toBe(snapshot.context.error !== undefined);
      // The dialog may still be playing its closing animation.
      expect(dialog()?.getAttribute('data-state') ?? 'closed').toBe('closed');
    },
    confirming: (snapshot) => {
      expect(dialog()!.textContent).toContain(REVIEW_TEXTS.questions[snapshot.context.pending!.kind]);
    },
    calling: () => {
      expect(dialog()).not.toBeNull();
      expect(button(REVIEW_TEXTS.reload).hasAttribute('disabled')).toBe(true);
    },
    approvingDocument: () => {
      expect(within(identity()).getByRole('button', { name: REVIEW_TEXTS.approveDocument }).hasAttribute('disabled')).toBe(true);
    },
  },
});
