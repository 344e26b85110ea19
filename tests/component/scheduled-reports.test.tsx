import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { formMachine } from '../../src/machines/lists/form.machine';
import { SCHEDULED_REPORT_TYPES } from '../../src/lib/reports';
import type { FormValues, ResourceId } from '../../src/resources/types';
import { FormView } from '../../src/ui/admin/FormView';
import { system } from '../../src/ui/theme';

describe('the scheduled report form (/scheduledreports/add)', () => {
  it('offers the nine report types of 002 section 9, the periods and days, and requires a type, period and recipients', () => {
    const actor = createActor(formMachine, { input: { resource: 'scheduledReports', cca2: 'ZA' } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><FormView actor={actor} /></MemoryRouter></ChakraProvider>);
    const type = screen.getByLabelText(/Report type/) as HTMLSelectElement;
    expect([...type.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(Object.values(SCHEDULED_REPORT_TYPES).map((item) => item.name)));
    const day = screen.getByLabelText(/Scheduled day/) as HTMLSelectElement;
    expect([...day.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Monday', 'Sunday']));
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(expect.arrayContaining([
      'Report type is required', 'Period is required', 'Recipients (e-mail addresses, comma-separated) is required',
    ]));
  });

  it('sends what was filled in to the create call', async () => {
    const created: FormValues[] = [];
    const actor = createActor(formMachine.provide({
      actors: {
        saveRecord: fromPromise<Record<string, unknown> & { id: number; xmin: string }, { resource: ResourceId; cca2: string; id: number | undefined; values: FormValues; xmin: string | undefined }>(
          async ({ input }) => {
            created.push(input.values);
            return { id: 1, xmin: '1' };
          },
        ),
      },
    }), { input: { resource: 'scheduledReports', cca2: 'ZA' } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><FormView actor={actor} /></MemoryRouter></ChakraProvider>);
    fireEvent.change(screen.getByLabelText(/Report type/), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText(/Period/), { target: { value: 'Weekly' } });
    fireEvent.change(screen.getByLabelText(/Scheduled day/), { target: { value: 'Monday' } });
    fireEvent.change(screen.getByLabelText(/Recipients/), { target: { value: 'ops@example.test' } });
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ reportType: '4', period: 'Weekly', scheduledDay: 'Monday', recipients: 'ops@example.test' });
  });
});
