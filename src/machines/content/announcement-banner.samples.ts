import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { announcementBannerMachine } from './announcement-banner.machine';
import type { CurrentAnnouncement } from './announcement-banner.types';

const festive: CurrentAnnouncement = {
  id: 1, title: 'Festive season cut-off dates', message: 'Book Standard deliveries by 18 December.', startDate: '2026-01-01', endDate: null,
};
const hub: CurrentAnnouncement = {
  id: 2, title: 'New hub in Gqeberha', message: 'Eastern Cape deliveries pass through Gqeberha.', startDate: '2026-02-01', endDate: '2026-12-31',
};

export const announcementBannerSamples = defineSamples(announcementBannerMachine, [
  {
    name: 'one current announcement',
    input: { cca2: 'za' },
    events: [
      { type: 'xstate.done.actor.loadAnnouncements', output: [festive] },
      { type: 'xstate.error.actor.loadAnnouncements', error: toApiError(500, { message: 'E1' }, '/connect/announcements/current/za') },
      { type: 'banner.dismiss', id: festive.id },
      { type: 'xstate.done.actor.dismissAnnouncement', output: undefined },
      { type: 'xstate.error.actor.dismissAnnouncement', error: toApiError(500, { message: 'E2' }, '/connect/announcements/dismiss/za/1') },
    ],
  },
  {
    name: 'two announcements, one closed',
    input: { cca2: 'za' },
    events: [
      { type: 'xstate.done.actor.loadAnnouncements', output: [hub, festive] },
      { type: 'banner.dismiss', id: hub.id },
      { type: 'xstate.done.actor.dismissAnnouncement', output: undefined },
    ],
  },
  {
    name: 'nothing current',
    input: { cca2: 'za' },
    events: [{ type: 'xstate.done.actor.loadAnnouncements', output: [] }],
  },
], 'transitions');
