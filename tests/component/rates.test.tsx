import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { components } from '../../src/api/generated/connect';
import { system } from '../../src/ui/theme';
import { FormView } from '../../src/ui/admin/FormView';
import { ListView } from '../../src/ui/admin/ListView';
import { rateBody } from '../../src/resources/rates';
import type { FormValues, ListParams, Page, ResourceId, ResourceRow } from '../../src/resources/types';
import { formMachine } from '../../src/machines/lists/form.machine';
import type { Row } from '../../src/machines/lists/form.types';
import { listMachine } from '../../src/machines/lists/list.machine';
import { permissionsOf, renderShell } from '../support/shell-harness';
import { RATE_BATCH_TEXTS } from '../../src/features/rates/RateBatchView';
import { sheetTypeOf } from '../../src/machines/rates/rate-batch.machine';
import { SAMPLE_IMPACT, SAMPLE_SHEET } from '../../src/machines/rates/rate-batch.samples';
import { RATE_IMPACT_TEXTS, RateImpactView } from '../../src/features/rates/RateImpactView';
import { formatMoney } from '../../src/lib/money';
import { SAMPLE_ROW } from '../../src/machines/rates/rate-upload-row.samples';
import { withFixedFilters } from '../../src/ui/admin/nested-list';
import { LIST_TEXTS } from '../../src/lib/resource-texts';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['rateUploads', 'rates']));

const render_ = (ui: ReactNode) => render(<ChakraProvider value={system}><MemoryRouter>{ui}</MemoryRouter></ChakraProvider>);

/** The record as the form holds it: its inputs' text. */
const formRate = (overrides: Partial<components['schemas']['Rate']> = {}, priceText = '65.00'): Row => ({
  ...rate(overrides), parcelTypeId: '1', startKmRange: '0', endKmRange: '10', priceCents: priceText,
});

const rate = (overrides: Partial<components['schemas']['Rate']> = {}): components['schemas']['Rate'] => ({
  id: 5, name: 'Standard, parcel type 1, Weekday, 0-10 km', companyId: null, companyName: null, slaType: 'Standard', parcelTypeId: 1,
  rateType: 'Base', dayOfWeekType: 'Weekday', pricingTier: 'Standard', startKmRange: 0, endKmRange: 10, priceCents: 6500,
  isReturnToSenderRate: false, isHighRisk: false, isActive: true, xmin: '77', ...overrides,
});

describe('rates list (/rates)', () => {
  it('shows the price list with company (or the portal default), km range and price; the URL\'s filters reach the call', async () => {
    let asked: ListParams | undefined;
    const list = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
          asked = input.params;
          return { items: [rate(), rate({ id: 6, name: 'Acme own', companyId: 3, companyName: 'Acme Retail', priceCents: 5900, startKmRange: 10, endKmRange: 25 })], paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 2 } };
        }),
      },
    }), { input: { resource: 'rates', cca2: 'ZA', search: '?slaType=Standard&minPrice=50&isDefault=false' } }).start();
    render_(<ListView actor={list} mayEdit />);
    await screen.findByText('Acme own');
    expect(screen.getByRole('cell', { name: 'Portal default' })).toBeTruthy();
    expect(screen.getByText('Acme Retail')).toBeTruthy();
    expect(screen.getByText('10-25 km')).toBeTruthy();
    expect(screen.getByText(/65,00/)).toBeTruthy();
    expect(asked?.filters).toEqual({ slaType: 'Standard', minPrice: '50', isDefault: 'false' });
    const parcel = screen.getByRole('combobox', { name: 'Parcel type' }) as HTMLSelectElement;
    expect([...parcel.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Small', 'Medium', 'Large']));
  });
});

describe('rate form', () => {
  it('requires the key, range and price; offers the catalogue\'s choices', async () => {
    const actor = createActor(formMachine, { input: { resource: 'rates', cca2: 'ZA' } }).start();
    render_(<FormView actor={actor} />);
    const day = screen.getByLabelText(/Day of the week/) as HTMLSelectElement;
    expect([...day.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Weekday', 'Weekend']));
    const rateType = screen.getByLabelText(/Rate type/) as HTMLSelectElement;
    expect([...rateType.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Base', 'Surcharge']));
    expect(screen.getByLabelText(/High-risk area surcharge/)).toBeTruthy();
    expect(screen.getByLabelText(/Return-to-sender rate/)).toBeTruthy();
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(expect.arrayContaining([
      'Name is required', 'Rate type is required', 'SLA type is required', 'Parcel type is required', 'Day of the week is required',
      'Start km is required', 'End km is required', 'Price (excl. VAT) is required',
    ]));
  }, 20_000);

  it('edits a rate: the price shows in currency units and is saved as cents', async () => {
    let body: Record<string, unknown> | undefined;
    const form = createActor(formMachine.provide({
      actors: {
        loadRecord: fromPromise(async () => formRate()),
        saveRecord: fromPromise<Row, { resource: ResourceId; cca2: string; id: number | undefined; values: FormValues; xmin: string | undefined }>(async ({ input }) => {
          body = rateBody(input.values);
          return formRate({ xmin: '78' }, '72.50');
        }),
      },
    }), { input: { resource: 'rates', cca2: 'ZA', id: 5 } }).start();
    render_(<FormView actor={form} />);
    const price = await screen.findByDisplayValue('65.00');
    fireEvent.change(price, { target: { value: '72,50' } });
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    await waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({ priceCents: 7250, startKmRange: 0, endKmRange: 10, parcelTypeId: 1, companyId: null, slaType: 'Standard' });
  }, 20_000);

  it('/rates/add in the app for staff', async () => {
    renderShell({ path: '/rates/add', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { name: 'Add rate' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Company (none: the portal default)' })).toBeTruthy();
  }, 20_000);
});

describe('rate batch upload (/rates/batches/add)', () => {
  it('opens for staff with the sheet input; Upload waits for a file', async () => {
    renderShell({ path: '/rates/batches/add', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { name: 'Upload rates' }, { timeout: 10_000 })).toBeTruthy();
    const input = screen.getByLabelText(RATE_BATCH_TEXTS.sheet) as HTMLInputElement;
    expect(input.accept).toBe('.xlsx,.csv');
    expect(screen.getByRole('button', { name: RATE_BATCH_TEXTS.upload }).hasAttribute('disabled')).toBe(true);
    // The heading can show before the screen's actor has replaced its stand-in (a lazy route rendering outside act on
    // a busy machine), and the stand-in drops the choice: choose again until the screen's own chart has it.
    await waitFor(() => {
      act(() => { fireEvent.change(input, { target: { files: [SAMPLE_SHEET] } }); });
      expect(screen.getByRole('button', { name: RATE_BATCH_TEXTS.upload }).hasAttribute('disabled')).toBe(false);
    });
  }, 20_000);

  it('sends the sheet with its media type from the file name', () => {
    expect(sheetTypeOf(new File(['x'], 'Rates.CSV', { type: 'application/vnd.ms-excel' }))).toBe('text/csv');
    expect(sheetTypeOf(new File(['x'], 'rates.xlsx'))).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });
});

describe('rate batch impact preview', () => {
  it('shows the figures per company and service level and the latest quotes old vs new, signed', () => {
    render_(<RateImpactView impact={SAMPLE_IMPACT} money={(cents) => formatMoney(cents)} />);
    const region = screen.getByRole('region', { name: RATE_IMPACT_TEXTS.heading });
    expect(region.textContent).toContain('4 of 9 quotes would be priced differently; 1 would be priced that are not today.');
    expect(region.textContent).toContain('2 rows change or add a rate.');
    const group = screen.getByRole('table', { name: RATE_IMPACT_TEXTS.byGroup }).querySelectorAll('tbody td');
    expect([...group].map((cell) => cell.textContent)).toEqual([
      RATE_IMPACT_TEXTS.listPrice, 'Standard', '4', `+${formatMoney(250)}`, `+${formatMoney(1125)}`, `+${formatMoney(1125)}`, `+${formatMoney(3625)}`,
    ]);
    const sample = screen.getByRole('table', { name: RATE_IMPACT_TEXTS.latest }).querySelectorAll('tbody td');
    expect([...sample].map((cell) => cell.textContent)).toEqual(['WB000041', RATE_IMPACT_TEXTS.listPrice, 'Standard', formatMoney(7000), formatMoney(8125), `+${formatMoney(1125)}`]);
  });

  it('says when nothing changes and which rows would be refused, without empty tables', () => {
    render_(<RateImpactView impact={{ ...SAMPLE_IMPACT, changed: 0, newlyPriced: 0, noLongerPriced: 2, rowsRefused: 1, groups: [], samples: [] }} money={(cents) => formatMoney(cents)} />);
    expect(screen.getByText('0 of 9 quotes would be priced differently; 2 would no longer be priced.')).toBeTruthy();
    expect(screen.getByText('2 rows change or add a rate; 1 overlap another rate and would be refused.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('rate uploads of a batch (/rates/batches/:uploadBatchId/uploads)', () => {
  it('lists the rows with their errors; filters by upload status and user; the batch comes from the path', async () => {
    let asked: ListParams | undefined;
    const list = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
          asked = input.params;
          return { items: [SAMPLE_ROW], paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 1 } };
        }),
      },
    }), { input: { resource: 'rateUploads', cca2: 'ZA', search: withFixedFilters('?uploadstatus=0', { uploadBatchId: '12' }) } }).start();
    render_(<ListView actor={list} mayEdit />);
    await screen.findByText('No range');
    expect(screen.getByRole('cell', { name: 'Start km is required; End km is required' })).toBeTruthy();
    expect(asked?.filters).toEqual({ uploadBatchId: '12', uploadstatus: '0' });
    const status = screen.getByRole('combobox', { name: 'Upload status' }) as HTMLSelectElement;
    expect([...status.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Unprocessed', 'Submitted', 'In progress', 'Cancelled']));
  });

  it('/rates/batches/12/uploads/edit/41 is "Update rate upload" with Back to the batch\'s uploads', async () => {
    renderShell({ path: '/rates/batches/12/uploads/edit/41', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { name: 'Update rate upload' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/rates/batches/12/uploads');
  }, 20_000);
});

describe('/rates in the app', () => {
  it('offers Upload (the rate batch screen) beside Create for staff', async () => {
    renderShell({ path: '/rates', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rates' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: LIST_TEXTS.upload }).getAttribute('href')).toBe('/rates/batches/add');
  }, 20_000);
});
