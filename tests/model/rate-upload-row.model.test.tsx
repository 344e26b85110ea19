import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { RATE_TEXTS } from '../../src/lib/rate-texts';
import { ROW_TEXTS, RateUploadRowView } from '../../src/features/rates/RateUploadRowView';
import { rateUploadRowMachine } from '../../src/machines/rates/rate-upload-row.machine';
import { rateUploadRowSamples } from '../../src/machines/rates/rate-upload-row.samples';
import { describeModel } from '../support/model-paths';

const button = (name: string) => screen.getByRole('button', { name, hidden: true });

let running: ReturnType<typeof createActor<typeof rateUploadRowMachine>> | undefined;

describeModel({
  machine: rateUploadRowMachine,
  scenarios: rateUploadRowSamples.scenarios,
  targets: rateUploadRowSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock }).start();
    running = actor;
    render(<ChakraProvider value={system}><MemoryRouter><RateUploadRowView actor={actor} backTo="/rates/batches/12/uploads" /></MemoryRouter></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'row.change': fireEvent.change(screen.getByLabelText('Start km'), { target: { value: String(event.value) } }); break;
            case 'row.save': fireEvent.click(button(ROW_TEXTS.save)); break;
            case 'row.cancelUpload': fireEvent.click(button(ROW_TEXTS.cancelUpload)); break;
            case 'row.confirmNo': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'No' })); break;
            case 'row.confirmYes': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    loading: () => {
      expect(screen.getByRole('link', { name: ROW_TEXTS.back }).getAttribute('href')).toBe('/rates/batches/12/uploads');
      expect(screen.queryByLabelText('Start km')).toBeNull();
    },
    loadFailed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error!.message);
    },
    editing: (snapshot) => {
      const row = snapshot.context.row!;
      expect((screen.getByLabelText('Start km') as HTMLInputElement).value).toBe(snapshot.context.draft.startKmRange);
      // The spec's text verbatim, double space included.
      if (row.errors.startKmRange) expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Start km  is required');
      if (row.uploadStatusId === -1000) expect(button(ROW_TEXTS.save).hasAttribute('disabled')).toBe(true);
      else expect(button(ROW_TEXTS.save).hasAttribute('disabled')).toBe(false);
      // The chart agrees with the disabled Save (changeable).
      expect(running!.getSnapshot().can({ type: 'row.save' })).toBe(!button(ROW_TEXTS.save).hasAttribute('disabled'));
      // A refusal of save or cancel stays on the form as an alert.
      if (snapshot.context.error) expect(screen.getAllByRole('alert').some((alert) => /can no longer be/.test(alert.textContent ?? ''))).toBe(true);
    },
    saving: () => {
      expect(button(ROW_TEXTS.save).hasAttribute('disabled')).toBe(true);
    },
    confirmingCancel: () => {
      expect(screen.getByRole('alertdialog').textContent).toContain(RATE_TEXTS.cancelUploadQuestion(41));
      expect(screen.getByRole('alertdialog').textContent).toContain('This action cannot be undone. Are you sure you want to cancel rate upload #41?');
    },
    cancelling: () => {
      expect(within(screen.getByRole('alertdialog')).getByRole('button', { name: /Yes/ }).hasAttribute('disabled')).toBe(true);
    },
  },
});
