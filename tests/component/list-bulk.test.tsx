import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { system } from '../../src/ui/theme';
import { ListView } from '../../src/ui/admin/ListView';
import { DELIVERY_ADMIN_TEXTS } from '../../src/lib/deliveries-admin';
import { deliveriesResource } from '../../src/resources/deliveries';
import { BULK_TEXTS } from '../../src/resources/bulk';
import type { Page, ResourceRow } from '../../src/resources/types';
import { listMachine } from '../../src/machines/lists/list.machine';
import type { RunBulkInput } from '../../src/machines/lists/list.types';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['deliveries']));

const rows = [7, 8, 9].map((id) => ({ id, waybill: `WBL00000${id}`, logisticStatus: 'Ready', paymentStatus: 'Paid', lotNumber: 0, distanceKm: 3, isReturnToSender: false, createdAt: '2026-09-01T06:00:00.000Z', xmin: '1' }));

function renderList(options: { bulkActions?: typeof deliveriesResource.bulkActions } = {}) {
  const runs: RunBulkInput[] = [];
  let loads = 0;
  const actor = createActor(listMachine.provide({
    actors: {
      loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async () => {
        loads += 1;
        return { items: rows, paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 3 } };
      }),
      runBulk: fromPromise(async ({ input }: { input: RunBulkInput }) => {
        runs.push(input);
        return input.ids.length;
      }),
    },
  }), { input: { resource: 'deliveries', cca2: 'ZA', search: '' } }).start();
  render(<ChakraProvider value={system}><MemoryRouter>
    <ListView actor={actor} mayEdit bulkActions={options.bulkActions ?? deliveriesResource.bulkActions} />
  </MemoryRouter></ChakraProvider>);
  return { actor, runs, loads: () => loads };
}

describe('list selection and bulk actions', { timeout: 30_000 }, () => {
  it('selects rows by their named checkboxes, the page by the header box (mixed when some), and shows the count', async () => {
    renderList();
    const first = await screen.findByRole('checkbox', { name: BULK_TEXTS.selectRow('WBL000007') }, { timeout: 10_000 });
    const page = screen.getByRole('checkbox', { name: BULK_TEXTS.selectPage }) as HTMLInputElement;
    expect(screen.queryByRole('region', { name: BULK_TEXTS.bulkActions })).toBeNull();

    act(() => { fireEvent.click(first); });
    expect((first as HTMLInputElement).checked).toBe(true);
    expect(page.indeterminate).toBe(true);
    // The bar's code loads with the first list that has bulk actions (ListView): it shows once loaded.
    expect((await screen.findByRole('region', { name: BULK_TEXTS.bulkActions }, { timeout: 10_000 })).textContent).toContain(BULK_TEXTS.selected(1));

    act(() => { fireEvent.click(page); });
    expect(screen.getAllByRole('checkbox', { name: /^Select WBL/ }).every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(page.checked).toBe(true);
    expect(screen.getByText(BULK_TEXTS.selected(3))).toBeTruthy();

    act(() => { fireEvent.click(page); });
    expect(screen.queryByRole('region', { name: BULK_TEXTS.bulkActions })).toBeNull();
  });

  it('changes the delivery date: confirm with the date, ids sent, selection cleared and the list reloaded', async () => {
    const { runs, loads } = renderList();
    const box = await screen.findByRole('checkbox', { name: BULK_TEXTS.selectRow('WBL000008') }, { timeout: 10_000 });
    act(() => { fireEvent.click(box); });
    act(() => { fireEvent.click(screen.getByRole('checkbox', { name: BULK_TEXTS.selectRow('WBL000009') })); });
    const changeDate = await screen.findByRole('button', { name: DELIVERY_ADMIN_TEXTS.bulkDateTitle }, { timeout: 10_000 });
    act(() => { fireEvent.click(changeDate); });
    const dialog = await screen.findByRole('alertdialog', undefined, { timeout: 10_000 });
    expect(dialog.textContent).toContain(DELIVERY_ADMIN_TEXTS.bulkDateQuestion(2));
    const yes = screen.getByRole('button', { name: 'Yes' }) as HTMLButtonElement;
    expect(yes.disabled).toBe(true);
    act(() => { fireEvent.change(screen.getByLabelText(DELIVERY_ADMIN_TEXTS.deliveryDate), { target: { value: '01-12-2026' } }); });
    expect(yes.disabled).toBe(false);
    const before = loads();
    act(() => { fireEvent.click(yes); });
    await waitFor(() => expect(runs).toEqual([{ resource: 'deliveries', cca2: 'ZA', action: 'deliveryDate', ids: [8, 9], value: '2026-12-01' }]), { timeout: 10_000 });
    await waitFor(() => expect(loads()).toBe(before + 1), { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: BULK_TEXTS.bulkActions })).toBeNull();
  });

  it('delete asks its question; No closes the dialog and keeps the selection', async () => {
    const { runs } = renderList();
    const box = await screen.findByRole('checkbox', { name: BULK_TEXTS.selectRow('WBL000007') }, { timeout: 10_000 });
    act(() => { fireEvent.click(box); });
    const remove = await screen.findByRole('button', { name: 'Delete' }, { timeout: 10_000 });
    act(() => { fireEvent.click(remove); });
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Are you sure you want to delete 1 delivery?');
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'No' })); });
    expect(runs).toEqual([]);
    expect(screen.getByText(BULK_TEXTS.selected(1))).toBeTruthy();
  });

  it('a reload asked for while the action runs waits for it (the list reloads once it is done)', async () => {
    const actor = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async () => ({ items: rows, paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 3 } })),
        runBulk: fromPromise(() => new Promise<number>(() => undefined)),
      },
    }), { input: { resource: 'deliveries', cca2: 'ZA', search: '' } }).start();
    await waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true), { timeout: 10_000 });
    actor.send({ type: 'list.select', id: 7, selected: true });
    actor.send({ type: 'list.bulk', action: 'delete' });
    actor.send({ type: 'list.bulkYes' });
    actor.send({ type: 'list.reload' });
    actor.send({ type: 'connection.reconnected' });
    expect(actor.getSnapshot().matches({ ready: 'running' })).toBe(true);
    actor.stop();
  });

  it('a caller who may run no bulk action sees no checkboxes', async () => {
    renderList({ bulkActions: [] });
    await screen.findByText('WBL000007', undefined, { timeout: 10_000 });
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});

describe('company and store filters as the shared search select', { timeout: 30_000 }, () => {
  it('a shared link\'s company shows by name; Exclude writes excludecompanyid; choosing another company keeps the mode', async () => {
    const { companiesResource } = await import('../../src/resources/companies');
    const get = vi.spyOn(companiesResource.api, 'get').mockResolvedValue({ id: 2, companyName: 'Blue Crane Logistics', xmin: '1' } as never);
    const options = vi.spyOn(companiesResource.api, 'selectOptions').mockResolvedValue([{ key: '1', value: 'Acme Retail' }]);
    const navigations: string[] = [];
    const actor = createActor(listMachine.provide({
      actors: { loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async () => ({ items: rows, paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 3 } })) },
    }), { input: { resource: 'deliveries', cca2: 'ZA', search: '?companyid=2' } });
    actor.on('list.navigate', (event) => navigations.push(event.search));
    actor.start();
    render(<ChakraProvider value={system}><MemoryRouter><ListView actor={actor} mayEdit /></MemoryRouter></ChakraProvider>);
    await screen.findByText('Blue Crane Logistics', undefined, { timeout: 10_000 });
    expect(get).toHaveBeenCalledWith('ZA', 2);

    const company = screen.getByRole('radiogroup', { name: 'Company: include or exclude' });
    act(() => { fireEvent.click(within(company).getByLabelText('Exclude')); });
    await waitFor(() => expect(navigations.at(-1)).toBe('?excludecompanyid=2'), { timeout: 10_000 });
    // The router's part: the new URL reaches the list.
    act(() => { actor.send({ type: 'list.urlChanged', search: '?excludecompanyid=2' }); });

    act(() => { fireEvent.change(screen.getByRole('combobox', { name: 'Company' }), { target: { value: 'Acm' } }); });
    const option = await screen.findByRole('button', { name: 'Acme Retail' }, { timeout: 10_000 });
    expect(options).toHaveBeenCalledWith('ZA', 'Acm', expect.anything());
    act(() => { fireEvent.click(option); });
    await waitFor(() => expect(navigations.at(-1)).toBe('?excludecompanyid=1'), { timeout: 10_000 });
    act(() => { actor.send({ type: 'list.urlChanged', search: '?excludecompanyid=1' }); });
    expect(actor.getSnapshot().context.params.filters).toEqual({ excludecompanyid: '1' });

    // Clear filters empties the select too.
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Clear filters' })); });
    act(() => { actor.send({ type: 'list.urlChanged', search: '' }); });
    await waitFor(() => expect(screen.queryByText('Acme Retail')).toBeNull(), { timeout: 10_000 });
  });
});
