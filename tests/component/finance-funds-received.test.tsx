import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { FINANCE_ADMIN_TEXTS } from '../../src/lib/finance-admin-texts';
import { formMachine } from '../../src/machines/lists/form.machine';
import type { Row } from '../../src/machines/lists/form.types';
import { fundsReceivedBody, fundsReceivedResource } from '../../src/resources/finance-admin';
import type { FormValues, ResourceId } from '../../src/resources/types';
import { FormView } from '../../src/ui/admin/FormView';
import { system } from '../../src/ui/theme';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['fundsReceived']));

type SaveInput = { resource: ResourceId; cca2: string; id: number | undefined; values: FormValues; xmin: string | undefined };

describe('funds received (/funds-received/add)', () => {
  it('requires the amount, reference and date, and sends the amount as integer cents', async () => {
    const saved: FormValues[] = [];
    const actor = createActor(formMachine.provide({
      actors: { saveRecord: fromPromise<Row, SaveInput>(async ({ input }) => { saved.push(input.values); return { id: 5, xmin: '1' }; }) },
    }), { input: { resource: 'fundsReceived', cca2: 'ZA' } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><FormView actor={actor} /></MemoryRouter></ChakraProvider>);
    expect(screen.getByText(FINANCE_ADMIN_TEXTS.customerCompany)).toBeTruthy();
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(expect.arrayContaining([
      `${FINANCE_ADMIN_TEXTS.amountReceived} is required`, `${FINANCE_ADMIN_TEXTS.reference} is required`, `${FINANCE_ADMIN_TEXTS.receivedOn} is required`,
    ]));
    fireEvent.change(screen.getByLabelText(new RegExp(`^${FINANCE_ADMIN_TEXTS.amountReceived}`)), { target: { value: '1500.25' } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${FINANCE_ADMIN_TEXTS.reference}`)), { target: { value: 'EFT 0042' } });
    const date = screen.getByLabelText(new RegExp(`^${FINANCE_ADMIN_TEXTS.receivedOn}`));
    fireEvent.change(date, { target: { value: '26-11-2026' } });
    fireEvent.blur(date);
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(fundsReceivedBody({ ...saved[0]!, companyId: 3 })).toEqual({ companyId: 3, userId: null, amount: 150_025, reference: 'EFT 0042', receivedOn: '2026-11-26' });
    // Not an amount: sent as null, for the server's 400 to name the field.
    expect(fundsReceivedBody({ amount: '12,5x', reference: 'x', receivedOn: '2026-11-26' }).amount).toBeNull();
    expect(fundsReceivedResource.related?.[0]?.path(5)).toBe('/funds-received/5/allocation');
  });
});
