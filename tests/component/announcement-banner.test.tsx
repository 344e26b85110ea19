import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { toApiError } from '../../src/api/api-error';
import { system } from '../../src/ui/theme';
import { AnnouncementBannerView } from '../../src/features/content/AnnouncementBanner';
import { CONTENT_TEXTS } from '../../src/lib/content-texts';
import { announcementBannerMachine } from '../../src/machines/content/announcement-banner.machine';
import type { CurrentAnnouncement } from '../../src/machines/content/announcement-banner.types';

const festive: CurrentAnnouncement = { id: 1, title: 'Festive season cut-off dates', message: 'Book by 18 December.', startDate: '2026-01-01', endDate: null };
const hub: CurrentAnnouncement = { id: 2, title: 'New hub', message: 'Gqeberha opens.', startDate: '2026-02-01', endDate: null };

function renderBanner(current: CurrentAnnouncement[], refuse = false) {
  const dismissed: Array<{ cca2: string; id: number }> = [];
  const actor = createActor(announcementBannerMachine.provide({
    actors: {
      loadAnnouncements: fromPromise(async () => current),
      dismissAnnouncement: fromPromise(async ({ input }: { input: { cca2: string; id: number } }) => {
        if (refuse) throw toApiError(500, { message: 'Something went wrong' }, '/connect/announcements/dismiss/za/1');
        dismissed.push(input);
      }),
    },
  }), { input: { cca2: 'za' } }).start();
  render(<ChakraProvider value={system}><AnnouncementBannerView actor={actor} /></ChakraProvider>);
  return { dismissed, actor };
}

const banner = () => screen.findByRole('region', { name: CONTENT_TEXTS.announcementsRegion });

describe('announcement banner', () => {
  it('shows every current announcement; Dismiss closes one for good and leaves the others', async () => {
    const { dismissed } = renderBanner([hub, festive]);
    const region = await banner();
    expect(region.textContent).toContain('New hub');
    expect(region.textContent).toContain('Book by 18 December.');
    fireEvent.click(within(region).getByRole('button', { name: `${CONTENT_TEXTS.dismiss} New hub` }));
    await waitFor(() => expect(screen.queryByText('New hub')).toBeNull());
    expect(dismissed).toEqual([{ cca2: 'za', id: 2 }]);
    expect(screen.getByText('Festive season cut-off dates')).toBeTruthy();
  });

  it('closing the last one removes the banner', async () => {
    const { actor } = renderBanner([festive]);
    fireEvent.click(within(await banner()).getByRole('button', { name: `${CONTENT_TEXTS.dismiss} ${festive.title}` }));
    await waitFor(() => expect(screen.queryByRole('region', { name: CONTENT_TEXTS.announcementsRegion })).toBeNull());
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a failed dismiss keeps the announcement and says why', async () => {
    const { actor } = renderBanner([festive], true);
    fireEvent.click(within(await banner()).getByRole('button', { name: `${CONTENT_TEXTS.dismiss} ${festive.title}` }));
    // The error catalogue's text for a 500.
    const problem = toApiError(500, { message: 'Something went wrong' }, '/connect/announcements/dismiss/za/1').message;
    await waitFor(() => expect(actor.getSnapshot().context.problem).toBe(problem));
    expect((await banner()).textContent).toContain(problem);
    expect(screen.getByText(festive.title)).toBeTruthy();
  });

  it('nothing current: no banner at all', async () => {
    const { actor } = renderBanner([]);
    await waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(screen.queryByRole('region', { name: CONTENT_TEXTS.announcementsRegion })).toBeNull();
  });
});
