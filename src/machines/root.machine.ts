import { setup, type ActorRefFrom } from 'xstate';
import { portalMachine, type PortalInput } from './portal/portal.machine';

export type RootInput = PortalInput;

/**
 * The app's one root actor. It owns the long-lived children, each with a systemId so any actor can find it
 * (`system.get('portal')`). Later work adds auth, idle, connection and notifications beside the portal.
 */
export const rootMachine = setup({
  types: {
    input: {} as RootInput,
    context: {} as { portal: ActorRefFrom<typeof portalMachine> },
  },
  actors: { portal: portalMachine },
}).createMachine({
  id: 'root',
  description: 'Owns the long-lived actors of the app: first the portal lookup.',
  context: ({ spawn, input }) => ({
    portal: spawn('portal', { id: 'portal', systemId: 'portal', input }),
  }),
});
