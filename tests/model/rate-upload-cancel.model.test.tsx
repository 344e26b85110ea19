import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { system } from '../../src/ui/theme';
import { CANCEL_TEXTS, RateUploadCancelButton, RateUploadCancelDialogs } from '../../src/features/rates/RateUploadCancel';
import { rateUploadCancelMachine } from '../../src/machines/rates/rate-upload-cancel.machine';
import { rateUploadCancelSamples } from '../../src/machines/rates/rate-upload-cancel.samples';
import { FIXED_ROW } from '../../src/machines/rates/rate-upload-row.samples';
import { describeModel } from '../support/model-paths';

let changed = 0;
const cancelButton = () => screen.getByRole('button', { name: `${CANCEL_TEXTS.cancel} rate upload #41`, hidden: true });

describeModel({
  machine: rateUploadCancelMachine,
  scenarios: rateUploadCancelSamples.scenarios,
  targets: rateUploadCancelSamples.targets,
  guards: true,
  start(machine, input, clock) {
    changed = 0;
    const actor = createActor(machine, { input, clock });
    actor.on('uploads.changed', () => { changed += 1; });
    actor.start();
    render(<ChakraProvider value={system}><RateUploadCancelDialogs actions={actor} /><RateUploadCancelButton actions={actor} row={FIXED_ROW} /></ChakraProvider>);
    return {
      send(event) {
        act(() => {
          switch (event.type) {
            case 'uploads.cancel': fireEvent.click(cancelButton()); break;
            case 'uploads.confirmNo': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'No' })); break;
            case 'uploads.confirmYes': fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes' })); break;
            case 'uploads.dismiss': fireEvent.click(screen.getByRole('button', { name: CANCEL_TEXTS.dismiss })); break;
            default: throw new Error(`No UI action for ${event.type}`);
          }
        });
      },
    };
  },
  states: {
    idle: async () => {
      expect(cancelButton().hasAttribute('disabled')).toBe(false);
      // The dialog leaves after its exit animation.
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    },
    confirming: () => {
      expect(screen.getByRole('alertdialog').textContent).toContain('This action cannot be undone. Are you sure you want to cancel rate upload #41?');
    },
    cancelling: () => {
      expect(cancelButton().hasAttribute('disabled')).toBe(true);
    },
    failed: (snapshot) => {
      expect(screen.getByRole('alert').textContent).toBe(snapshot.context.error!.message);
      expect(changed).toBeGreaterThan(0);
    },
  },
});
