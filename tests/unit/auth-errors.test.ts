import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor, type ActorRefFrom } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { authMachine } from '../../src/machines/auth/auth.machine';
import type { SessionOutput } from '../../src/machines/auth/auth.actors';
import type { Profile } from '../../src/machines/auth/auth.types';
import { NOTIFICATIONS_SYSTEM_ID, notificationsMachine } from '../../src/machines/session/notifications.machine';
import { fakeToken } from '../support/fake-token';

const profile: Profile = {
  id: 7, email: 'customer@demo.test', firstName: 'Cara', lastName: 'Customer', emailConfirmed: true, phoneNumberConfirmed: false,
  contactCountryCode: 'ZA', twoFactorEnabled: false, hasProfilePicture: false,
};
const token = fakeToken({ id: 7, email: 'customer@demo.test', expiresIn: 900, nonce: 'a' });

/** The auth actor beside the notifications actor, as the root actor runs them; the reload answers `failure`. */
function startWith(failure: unknown) {
  const auth = authMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => ({ jwtToken: token, profile })),
      reloadSession: fromPromise<SessionOutput>(async () => { throw failure; }),
    },
  });
  const parent = setup({ actors: { notifications: notificationsMachine, auth } }).createMachine({
    context: ({ spawn }) => ({
      notifications: spawn('notifications', { id: 'notifications', systemId: NOTIFICATIONS_SYSTEM_ID }),
      auth: spawn('auth', { id: 'auth', systemId: 'auth' }),
    }),
  });
  const root = createActor(parent).start();
  const context = root.getSnapshot().context as { notifications: ActorRefFrom<typeof notificationsMachine>; auth: ActorRefFrom<typeof auth> };
  return { ...context, stop: () => root.stop() };
}

describe('failures no form shows go to the global error dialog', () => {
  it('a failed reload after a verification opens the dialog titled by status, and keeps the session', async () => {
    const { auth, notifications, stop } = startWith(toApiError(500, { message: 'E42' }, '/identity/v1/auth/refreshToken'));
    await waitFor(auth, (snapshot) => snapshot.matches({ signedIn: 'active' }));
    auth.send({ type: 'auth.reload' });
    await waitFor(notifications, (snapshot) => snapshot.matches({ dialog: 'open' }));
    expect(notifications.getSnapshot().context.errors[0]).toMatchObject({ status: 500, title: 'Internal Server Error' });
    expect(auth.getSnapshot().matches({ signedIn: 'active' })).toBe(true);
    expect(auth.getSnapshot().context.error).toBeNull();
    stop();
  });

  it('an expired session (440) never opens it: signed out on the session-error screen', async () => {
    const { auth, notifications, stop } = startWith(toApiError(440, undefined, '/identity/v1/auth/refreshToken'));
    await waitFor(auth, (snapshot) => snapshot.matches({ signedIn: 'active' }));
    auth.send({ type: 'auth.reload' });
    await waitFor(auth, (snapshot) => snapshot.matches('sessionExpired'));
    expect(notifications.getSnapshot().matches({ dialog: 'closed' })).toBe(true);
    stop();
  });
});
