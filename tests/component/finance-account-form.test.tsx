import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { formMachine } from '../../src/machines/lists/form.machine';
import type { Row } from '../../src/machines/lists/form.types';
import { accountCreateBody, accountUpdateBody, accountsResource } from '../../src/resources/finance';
import type { FormValues, ResourceId } from '../../src/resources/types';
import { FormView } from '../../src/ui/admin/FormView';
import { system } from '../../src/ui/theme';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['accounts']));

type SaveInput = { resource: ResourceId; cca2: string; id: number | undefined; values: FormValues; xmin: string | undefined };
const show = (actor: Parameters<typeof FormView>[0]['actor']) =>
  render(<ChakraProvider value={system}><MemoryRouter><FormView actor={actor} /></MemoryRouter></ChakraProvider>);

describe('the account form (/accounts/add, /accounts/edit/:id)', () => {
  it('adds with a name, a customer type and one owner; the type and owner are required or offered only when adding', () => {
    expect(accountsResource.routes).toMatchObject({ add: '/accounts/add', edit: '/accounts/edit/:id' });
    const actor = createActor(formMachine, { input: { resource: 'accounts', cca2: 'ZA' } }).start();
    show(actor);
    const type = screen.getByLabelText(/^Type/) as HTMLSelectElement;
    // System accounts are the platform's own: never added from here.
    expect([...type.options].map((option) => option.value).filter(Boolean)).toEqual(['Prepay', 'PostPay']);
    expect(screen.getByText('Company')).toBeTruthy();
    expect(screen.getByText('Store')).toBeTruthy();
    expect(screen.getByText('User')).toBeTruthy();
    expect(screen.getByLabelText(/Credit limit/)).toBeTruthy();
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(expect.arrayContaining(['Account is required', 'Type is required']));
  });

  it('sends what was typed; the credit limit goes as integer cents and blank owners as null', async () => {
    const saved: FormValues[] = [];
    const actor = createActor(formMachine.provide({
      actors: { saveRecord: fromPromise<Row, SaveInput>(async ({ input }) => { saved.push(input.values); return { id: 9, xmin: '1' }; }) },
    }), { input: { resource: 'accounts', cca2: 'ZA' } }).start();
    show(actor);
    fireEvent.change(screen.getByLabelText(/^Account/), { target: { value: 'Acme Credit' } });
    fireEvent.change(screen.getByLabelText(/^Type/), { target: { value: 'PostPay' } });
    fireEvent.change(screen.getByLabelText(/Credit limit/), { target: { value: '1250.50' } });
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(accountCreateBody({ ...saved[0]!, companyId: 4 })).toEqual({
      accountName: 'Acme Credit', accountType: 'PostPay', userId: null, companyId: 4, storeId: null, creditLimit: 125_050, isActive: expect.any(Boolean),
    });
    expect(accountCreateBody({ accountName: 'A', accountType: 'Prepay', creditLimit: '' }).creditLimit).toBeNull();
    // Not an amount: sent as typed, so the server's 400 names the field.
    expect(accountCreateBody({ accountName: 'A', accountType: 'Prepay', creditLimit: '12,5x' }).creditLimit).toBe('12,5x');
  });

  it('edits the name, credit limit and status only: the type and owner are fixed once the account has entries', async () => {
    const actor = createActor(formMachine.provide({
      actors: {
        loadRecord: fromPromise<Row, { resource: ResourceId; cca2: string; id: number }>(async () => ({
          id: 6, xmin: '12', accountName: 'Acme Retail', accountType: 'PostPay', ownerName: 'Acme Retail', userId: null, companyId: 1, storeId: null,
          balance: -123_456, creditLimit: '5000.00', isActive: true, createdAt: '2026-11-01T08:00:00Z',
        })),
      },
    }), { input: { resource: 'accounts', cca2: 'ZA', id: 6 } }).start();
    show(actor);
    expect(((await screen.findByLabelText(/^Account/)) as HTMLInputElement).value).toBe('Acme Retail');
    expect((screen.getByLabelText(/Credit limit/) as HTMLInputElement).value).toBe('5000.00');
    expect(screen.queryByLabelText(/^Type/)).toBeNull();
    expect(screen.queryByText('Company')).toBeNull();
    expect(accountUpdateBody({ accountName: 'Acme', accountType: 'Prepay', companyId: 2, creditLimit: '10', isActive: false }))
      .toEqual({ accountName: 'Acme', creditLimit: 1_000, isActive: false });
  });
});
