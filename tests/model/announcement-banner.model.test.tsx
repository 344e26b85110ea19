import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createActor } from 'xstate';
import { expect } from 'vitest';
import { system } from '../../src/ui/theme';
import { AnnouncementBannerView } from '../../src/features/content/AnnouncementBanner';
import { CONTENT_TEXTS } from '../../src/lib/content-texts';
import { announcementBannerMachine } from '../../src/machines/content/announcement-banner.machine';
import { announcementBannerSamples } from '../../src/machines/content/announcement-banner.samples';
import { describeModel } from '../support/model-paths';

const region = () => screen.queryByRole('region', { name: CONTENT_TEXTS.announcementsRegion });

describeModel({
  machine: announcementBannerMachine,
  scenarios: announcementBannerSamples.scenarios,
  targets: announcementBannerSamples.targets,
  guards: true,
  start(machine, input, clock) {
    const actor = createActor(machine, { input, clock }).start();
    render(<ChakraProvider value={system}><AnnouncementBannerView actor={actor} /></ChakraProvider>);
    return {
      send(event) {
        if (event.type === 'banner.dismiss') {
          const title = actor.getSnapshot().context.announcements.find((announcement) => announcement.id === event.id)!.title;
          fireEvent.click(screen.getByRole('button', { name: `${CONTENT_TEXTS.dismiss} ${title}` }));
          return;
        }
        throw new Error(`No UI action for ${event.type}`);
      },
    };
  },
  states: {
    loading: () => {
      expect(region()).toBeNull();
    },
    showing: async (snapshot) => {
      await waitFor(() => expect(region()).toBeTruthy());
      for (const announcement of snapshot.context.announcements) {
        expect(region()!.textContent).toContain(announcement.title);
        expect(region()!.textContent).toContain(announcement.message);
        expect((screen.getByRole('button', { name: `${CONTENT_TEXTS.dismiss} ${announcement.title}` }) as HTMLButtonElement).disabled).toBe(false);
      }
      if (snapshot.context.problem) expect(region()!.textContent).toContain(snapshot.context.problem);
    },
    dismissing: () => {
      for (const button of screen.getAllByRole('button')) expect((button as HTMLButtonElement).disabled).toBe(true);
    },
    hidden: async () => {
      await waitFor(() => expect(region()).toBeNull());
    },
  },
});
