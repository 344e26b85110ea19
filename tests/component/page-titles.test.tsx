import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { authMachine } from '../../src/machines/auth/auth.machine';
import type { SessionOutput } from '../../src/machines/auth/auth.actors';
import { portalMachine } from '../../src/machines/portal/portal.machine';
import { samplePortalZa } from '../../src/machines/portal/portal.samples';
import { renderApp } from '../support/render-app';

const portal = portalMachine.provide({ actors: { lookupPortal: fromPromise(async () => samplePortalZa) } });
const signedOut = authMachine.provide({
  actors: { restoreSession: fromPromise<SessionOutput>(async () => { throw toApiError(401, undefined, '/identity/v1/auth/refreshToken'); }) },
});

describe('each route sets the document title', () => {
  it('names the page and follows navigation', async () => {
    const view = renderApp({ portal, auth: signedOut, path: '/pricing' });
    await waitFor(() => expect(document.title).toBe('Pricing · Courier'));
    await act(() => view.router.navigate('/login'));
    await waitFor(() => expect(document.title).toBe('Log in · Courier'));
    await act(() => view.router.navigate('/'));
    await waitFor(() => expect(document.title).toBe('Courier'));
    await act(() => view.router.navigate('/no-such-page'));
    await waitFor(() => expect(document.title).toBe('Error · Courier'));
  });
});
