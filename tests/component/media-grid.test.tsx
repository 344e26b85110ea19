import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { system } from '../../src/ui/theme';
import { MediaGridView } from '../../src/features/content/MediaGridPage';
import { CONTENT_TEXTS } from '../../src/lib/content-texts';
import type { MediaItem } from '../../src/resources/media';
import type { Page, ResourceRow } from '../../src/resources/types';
import { listMachine } from '../../src/machines/lists/list.machine';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['deliveryPictures']));

const item = (id: number, aiScore: number | null): MediaItem => ({
  id, kind: 'deliveryPicture', aiScore, deliveryId: 100 + id, waybill: `WBL00000${id}`, appUserId: 7, userEmail: 'driver@demo.test',
  contentType: 'image/png', byteSize: 20_480, width: 320, height: 240, createdAt: '2026-11-20T08:30:00.000Z',
  imageUrl: `/connect/media/image/za/${id}?token=t${id}`, xmin: '1',
});

function renderGrid(items: MediaItem[], search = '') {
  const loads: string[] = [];
  const page: Page<MediaItem> = { items, paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: items.length } };
  const actor = createActor(listMachine.provide({
    actors: {
      loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
        loads.push(JSON.stringify(input.params));
        return page;
      }) as never,
    },
  }), { input: { resource: 'deliveryPictures', cca2: 'za', search } }).start();
  const navigations: string[] = [];
  actor.on('list.navigate', (event) => navigations.push(event.search));
  render(<ChakraProvider value={system}><MediaGridView actor={actor} timeZone="Africa/Johannesburg" /></ChakraProvider>);
  return { navigations, loads };
}

describe('media grid', () => {
  it('shows each thumbnail with its aiScore (or "not measured"), waybill and local time', async () => {
    renderGrid([item(1, 87), item(2, null)]);
    const grid = await screen.findByRole('list', { name: 'Delivery Pictures' });
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain(`${CONTENT_TEXTS.aiScore} 87`);
    expect(cards[0]!.textContent).toContain('WBL000001');
    // 08:30 UTC is 10:30 in Johannesburg.
    expect(cards[0]!.textContent).toContain('20-11-2026 10:30');
    expect(cards[1]!.textContent).toContain(CONTENT_TEXTS.aiScoreNotMeasured);
    const thumbnail = within(cards[0]!).getByRole('img') as HTMLImageElement;
    expect(thumbnail.getAttribute('src')).toBe('/connect/media/image/za/1?token=t1');
    expect(screen.getByText('2 records')).toBeTruthy();
  });

  it('a thumbnail opens the full image with its measures; Close closes it', async () => {
    renderGrid([item(3, 55)]);
    fireEvent.click(await screen.findByRole('button', { name: CONTENT_TEXTS.open('delivery picture WBL000003') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img').getAttribute('src')).toBe('/connect/media/image/za/3?token=t3');
    expect(dialog.textContent).toContain('320 × 240');
    expect(dialog.textContent).toContain('20 KB');
    expect(dialog.textContent).toContain(`${CONTENT_TEXTS.aiScore} 55`);
    fireEvent.click(within(dialog).getByRole('button', { name: CONTENT_TEXTS.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sorting by aiScore and filtering by aiScore go to the URL (the list\'s only state)', async () => {
    const { navigations } = renderGrid([item(1, 87)]);
    await screen.findByRole('list', { name: 'Delivery Pictures' });
    fireEvent.click(screen.getByRole('button', { name: 'aiScore' }));
    expect(navigations.at(-1)).toBe('?sortby=aiScore');
    const min = screen.getByLabelText(/aiScore Min/i);
    fireEvent.change(min, { target: { value: '70' } });
    fireEvent.blur(min);
    expect(navigations.at(-1)).toContain('minAiScore=70');
  });

  it('a URL sorted by aiScore descending shows the pressed sort button with its direction', async () => {
    renderGrid([item(1, 87)], '?sortby=aiScore&sortdirection=desc');
    await screen.findByRole('list', { name: 'Delivery Pictures' });
    expect(screen.getByRole('button', { name: 'aiScore ↓' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('an empty page says so', async () => {
    renderGrid([]);
    expect(await screen.findByText(CONTENT_TEXTS.noMedia)).toBeTruthy();
  });
});
