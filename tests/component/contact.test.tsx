import type { LoadPageInput, RunBulkInput } from '../../src/machines/lists/list.types';
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { CONTACT_TEXTS } from '../../src/lib/contact';
import { BULK_TEXTS } from '../../src/resources/bulk';
import { contactMessagesResource, type ContactMessageRow } from '../../src/resources/contact-messages';
import type { Page, ResourceRow } from '../../src/resources/types';
import { listMachine } from '../../src/machines/lists/list.machine';
import { ListView } from '../../src/ui/admin/ListView';
import { system } from '../../src/ui/theme';
import { permissionsOf, renderShell } from '../support/shell-harness';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['contactMessages']));

const message = (overrides: Partial<ContactMessageRow> = {}): ContactMessageRow => ({
  id: 4, name: 'Thandi Nkosi', email: 'thandi@example.test', phone: null, subject: 'Collection from my office',
  message: 'Can a driver collect three boxes on Friday?', created: '2026-11-26T08:15:00.000Z', answeredAt: null, answeredBy: null, xmin: '9', ...overrides,
});

describe('contact messages (/contact-messages)', { timeout: 30_000 }, () => {
  it('lists each message whole with whether it was answered, and marks the selected ones answered', async () => {
    const runs: RunBulkInput[] = [];
    let asked: LoadPageInput['params'] | undefined;
    const actor = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
          asked = input.params;
          return {
            items: [message(), message({ id: 5, subject: 'Invoice copy', message: 'Please send a copy of invoice 1042.', answeredAt: '2026-11-25T12:00:00.000Z', answeredBy: 'Sam Staff' })],
            paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 2 },
          };
        }),
        runBulk: fromPromise(async ({ input }: { input: RunBulkInput }) => { runs.push(input); return input.ids.length; }),
      },
    }), { input: { resource: 'contactMessages', cca2: 'ZA', search: '?answered=false' } }).start();
    render(<ChakraProvider value={system}><MemoryRouter>
      <ListView actor={actor} mayEdit={false} bulkActions={contactMessagesResource.bulkActions} />
    </MemoryRouter></ChakraProvider>);
    expect(await screen.findByText('Can a driver collect three boxes on Friday?', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/by Sam Staff$/)).toBeTruthy();
    expect(asked?.filters).toEqual({ answered: 'false' });
    act(() => { fireEvent.click(screen.getByRole('checkbox', { name: BULK_TEXTS.selectRow('Collection from my office (Thandi Nkosi)') })); });
    const markAnswered = await screen.findByRole('button', { name: CONTACT_TEXTS.markAnswered }, { timeout: 10_000 });
    act(() => { fireEvent.click(markAnswered); });
    const dialog = await screen.findByRole('alertdialog', undefined, { timeout: 10_000 });
    expect(dialog.textContent).toContain(CONTACT_TEXTS.markAnsweredQuestion(1));
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Yes' })); });
    await waitFor(() => expect(runs).toEqual([{ resource: 'contactMessages', cca2: 'ZA', action: 'answered', ids: [4], value: '' }]), { timeout: 10_000 });
  });

  it('opens for staff and is refused to a customer; /contact is open to anyone', async () => {
    const staff = renderShell({ path: '/contact-messages', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { name: CONTACT_TEXTS.listTitle }, { timeout: 15_000 })).toBeTruthy();
    staff.unmount();
    const customer = renderShell({ path: '/contact-messages', permissions: permissionsOf([]) });
    await waitFor(() => expect(customer.router.state.location.pathname).toBe('/forbidden'), { timeout: 15_000 });
    customer.unmount();
    renderShell({ path: '/contact', permissions: null });
    expect(await screen.findByRole('heading', { name: CONTACT_TEXTS.title }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('form', { name: CONTACT_TEXTS.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeTruthy();
  });
});
