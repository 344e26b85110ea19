import type { components } from '../../api/generated/connect';

export type CurrentAnnouncement = components['schemas']['CurrentAnnouncement'];

export interface AnnouncementBannerInput {
  cca2: string;
}

export interface AnnouncementBannerContext {
  cca2: string;
  announcements: CurrentAnnouncement[];
  /** The announcement being closed. */
  dismissing: number | null;
  /** Why the last close did not go through (the banner stays). */
  problem: string | null;
}

export type AnnouncementBannerEvent = { type: 'banner.dismiss'; id: number };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface AnnouncementBannerSchema {
  input: AnnouncementBannerInput;
  context: AnnouncementBannerContext;
  events: AnnouncementBannerEvent;
  tags: 'busy';
}
