import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { ERROR_TEXTS } from '../../src/lib/error-catalogue';
import { notificationsMachine } from '../../src/machines/session/notifications.machine';
import { notificationsSamples } from '../../src/machines/session/notifications.samples';
import { toaster } from '../../src/app/Toaster';
import { describeModel } from '../support/model-paths';
import { preloadScreens } from '../support/preload-screens';
import { findFlushing, renderShell } from '../support/shell-harness';

describeModel({
  machine: notificationsMachine,
  scenarios: notificationsSamples.scenarios,
  targets: notificationsSamples.targets,
  guards: true,
  async start(machine, _input, clock) {
    // The toaster's store is the app's one: toasts of an earlier replay in the same test (random walks) go first.
    toaster.remove();
    // The home screen and the error dialog are lazy chunks: loaded before the first render (see preloadScreens).
    await Promise.all([preloadScreens('/'), import('../../src/app/ErrorDialog')]);
    let rendered: ReturnType<typeof renderShell> | undefined;
    await act(async () => { rendered = renderShell({ path: '/', permissions: null, notifications: machine, screenLogic: { clock } }); });
    const view = rendered!;
    await screen.findByRole('heading', { level: 1 });
    return {
      send(event) {
        if (event.type === 'notify.dismiss') {
          fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Close' }));
        } else if (event.type === 'notify.toastShown') {
          // The toaster acknowledges each toast by itself as soon as it shows it.
        } else {
          act(() => view.notifications().send(event as never));
        }
      },
    };
  },
  states: {
    dialog: async (snapshot) => {
      // A success waiting for the toaster is on screen (the toaster takes it at once), unless the connection-error
      // screen has replaced the app (toasts included) until it reloads.
      if (snapshot.matches({ connection: 'lost' })) return;
      for (const text of snapshot.context.toasts) expect(await findFlushing(text)).toBeTruthy();
    },
    'dialog.closed': async () => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    },
    'dialog.open': async (snapshot) => {
      if (snapshot.matches({ connection: 'lost' })) {
        expect(screen.queryByRole('alertdialog')).toBeNull();
        return;
      }
      const error = snapshot.context.errors[0]!;
      await waitFor(() => expect(within(screen.getByRole('alertdialog')).getByRole('heading').textContent).toBe(error.title));
      const dialog = screen.getByRole('alertdialog');
      expect(within(dialog).getByText(error.message)).toBeTruthy();
      if (error.detail) expect(within(dialog).getByText(error.detail)).toBeTruthy();
    },
    connection: () => {
      expect(screen.queryByText(ERROR_TEXTS.noResponse) === null).toBe(screen.queryByRole('banner', { hidden: true }) !== null);
    },
    'connection.connected': () => {
      expect(screen.getByRole('banner', { hidden: true })).toBeTruthy();
      expect(screen.queryByRole('timer')).toBeNull();
    },
    'connection.lost': () => {
      expect(screen.getByRole('alert').textContent).toBe(ERROR_TEXTS.noResponse);
      expect(screen.getByRole('timer').textContent).toBe('30 seconds');
      expect(screen.queryByRole('banner', { hidden: true })).toBeNull();
    },
  },
});
