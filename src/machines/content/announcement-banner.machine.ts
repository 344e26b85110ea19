import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import type { AnnouncementBannerSchema, CurrentAnnouncement } from './announcement-banner.types';

/**
 * The announcements banner of the shell (issue 6; where users see announcements is ours: see
 * server/domain/announcements.ts): the portal's current announcements for the signed-in user, each closable
 * once and for all. Loading fails quietly — a banner is no reason to interrupt anyone.
 */
export const announcementBannerMachine = setup({
  types: {} as AnnouncementBannerSchema,
  actors: {
    loadAnnouncements: fromPromise<CurrentAnnouncement[], { cca2: string }>(async ({ input, signal }) => {
      const { data } = await api.connect.GET('/announcements/current/{cca2}', { params: { path: { cca2: input.cca2 } }, signal });
      return data ?? [];
    }),
    dismissAnnouncement: fromPromise<void, { cca2: string; id: number }>(async ({ input }) => {
      await api.connect.POST('/announcements/dismiss/{cca2}/{id}', { params: { path: { cca2: input.cca2, id: input.id } } });
    }),
  },
  actions: {
    show: assign((_, params: { announcements: CurrentAnnouncement[] }) => ({ announcements: params.announcements })),
    startDismiss: assign((_, params: { id: number }) => ({ dismissing: params.id, problem: null })),
    removeDismissed: assign(({ context }) => ({
      announcements: context.announcements.filter((announcement) => announcement.id !== context.dismissing),
      dismissing: null,
    })),
    failDismiss: assign((_, params: { error: unknown }) => ({ dismissing: null, problem: asApiError(params.error).message })),
  },
  guards: {
    anyToShow: (_, params: { announcements: CurrentAnnouncement[] }) => params.announcements.length > 0,
    othersRemain: ({ context }) => context.announcements.some((announcement) => announcement.id !== context.dismissing),
  },
}).createMachine({
  id: 'announcementBanner',
  description: 'The announcements banner: the current announcements of the portal, each closed once per user.',
  context: ({ input }) => ({ cca2: input.cca2, announcements: [], dismissing: null, problem: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Looking up the announcements shown today that this user has not closed.',
      invoke: {
        id: 'loadAnnouncements',
        src: 'loadAnnouncements',
        input: ({ context }) => ({ cca2: context.cca2 }),
        onDone: [
          {
            guard: { type: 'anyToShow', params: ({ event }) => ({ announcements: event.output }) },
            target: 'showing',
            actions: { type: 'show', params: ({ event }) => ({ announcements: event.output }) },
          },
          { target: 'hidden' },
        ],
        onError: 'hidden',
      },
    },
    showing: {
      description: 'The banner with each announcement and its Dismiss button.',
      on: {
        'banner.dismiss': { target: 'dismissing', actions: { type: 'startDismiss', params: ({ event }) => ({ id: event.id }) } },
      },
    },
    dismissing: {
      description: 'Recording that this user closed the announcement.',
      tags: ['busy'],
      invoke: {
        id: 'dismissAnnouncement',
        src: 'dismissAnnouncement',
        input: ({ context }) => ({ cca2: context.cca2, id: context.dismissing! }),
        onDone: [
          { guard: 'othersRemain', target: 'showing', actions: 'removeDismissed' },
          { target: 'hidden', actions: 'removeDismissed' },
        ],
        onError: { target: 'showing', actions: { type: 'failDismiss', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    hidden: {
      description: 'Nothing to show (none current, all closed, or the lookup failed).',
      type: 'final',
    },
  },
});
