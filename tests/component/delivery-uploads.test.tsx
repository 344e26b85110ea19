import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { components } from '../../src/api/generated/connect';
import { DELIVERY_BATCH_TEXTS } from '../../src/features/rates/DeliveryBatchesPage';
import { RATE_BATCH_TEXTS, RateBatchView } from '../../src/features/rates/RateBatchView';
import { RATE_IMPACT_TEXTS } from '../../src/features/rates/RateImpactView';
import { CANCEL_TEXTS, RateUploadCancelDialogs, UploadCancelButton } from '../../src/features/rates/RateUploadCancel';
import { DELIVERY_UPLOAD_TEXTS } from '../../src/lib/delivery-uploads';
import { canCancelDeliveryUpload } from '../../src/lib/statuses';
import { rateUploadCancelMachine } from '../../src/machines/rates/rate-upload-cancel.machine';
import type { CancelCallInput, CancellableUpload } from '../../src/machines/rates/rate-upload-cancel.types';
import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { listMachine } from '../../src/machines/lists/list.machine';
import { deliveryBatchActors } from '../../src/machines/rates/delivery-batch.actors';
import { rateBatchMachine } from '../../src/machines/rates/rate-batch.machine';
import type { BatchCallInput, UploadBatch, UploadSheetInput } from '../../src/machines/rates/rate-batch.types';
import { deliveryUploadBody } from '../../src/resources/delivery-uploads';
import type { ListParams, Page, ResourceRow } from '../../src/resources/types';
import { withFixedFilters } from '../../src/ui/admin/nested-list';
import { ListView } from '../../src/ui/admin/ListView';
import { system } from '../../src/ui/theme';
import { permissionsOf, renderShell } from '../support/shell-harness';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['deliveryUploads', 'rateBatches']));

const render_ = (ui: ReactNode) => render(<ChakraProvider value={system}><MemoryRouter>{ui}</MemoryRouter></ChakraProvider>);

const BATCH: components['schemas']['DeliveryUploadBatch'] = {
  id: 31, storeId: 4, storeName: 'Acme Sea Point', fileName: 'deliveries.csv', uploadStatusId: 0, uploadStatus: 'Unprocessed', createdBy: 'Sello Store-Admin',
  createdAt: '2026-11-26T08:00:00.000Z', totalRows: 3, validRows: 2, invalidRows: 1, cancelledRows: 0, processedRows: 0, deliveriesCreated: 0,
  quotedTotalExclCents: 15_400, submittedAt: null,
};

const ROW: components['schemas']['DeliveryUpload'] = {
  id: 77, uploadBatchId: 31, rowNumber: 4, orderReference: 'UP-3', customerIdentifier: null, originAddress: null, destinationAddress: null,
  originContactName: null, originPhoneNumber: null, destinationContactName: null, destinationPhoneNumber: '12', deliveryDate: null, deliveryTime: null,
  slaType: 'Standard', parcelTypeId: 1, parcelName: 'Small', length: 30, width: 20, height: 15, weight: 2, parcelCount: 1, distanceKm: null, priceExclCents: null,
  deliveryId: null, waybill: null, uploadStatusId: 0, uploadStatus: 'Unprocessed', uploadedBy: 'Sello Store-Admin', uploadedByUserId: 9,
  errors: { destinationAddressText: ['Drop-off is required'], deliveryDate: ['Date is required'] }, xmin: '5',
};

describe('delivery upload batches of a store (/stores/:id/batches)', () => {
  it('runs the rate batch\'s chart with the store\'s delivery calls: the sheet goes to the store, the rows link under it', async () => {
    const sent: UploadSheetInput[] = [];
    const machine = rateBatchMachine.provide({
      actors: {
        ...deliveryBatchActors(4),
        uploadSheet: fromPromise<UploadBatch, UploadSheetInput>(async ({ input }) => { sent.push(input); return BATCH; }),
        submitBatch: fromPromise<UploadBatch, BatchCallInput>(async () => ({ ...BATCH, uploadStatusId: 1000 })),
        readBatch: fromPromise<UploadBatch, BatchCallInput>(async () => ({ ...BATCH, uploadStatusId: 4000, processedRows: 2, deliveriesCreated: 2 })),
      },
    });
    const actor = createActor(machine, { input: { cca2: 'ZA' } }).start();
    render_(<RateBatchView actor={actor} texts={DELIVERY_BATCH_TEXTS} rowsPath={(id) => `/stores/4/batches/${id}/uploads`} />);
    const input = screen.getByLabelText(DELIVERY_BATCH_TEXTS.sheet);
    const file = new File(['Order reference\n'], 'deliveries.csv', { type: 'text/csv' });
    act(() => { fireEvent.change(input, { target: { files: [file] } }); });
    act(() => { fireEvent.click(screen.getByRole('button', { name: RATE_BATCH_TEXTS.upload })); });
    expect(await screen.findByText(/2 valid rows, 1 rows with errors/)).toBeTruthy();
    expect(sent.map((call) => call.file.name)).toEqual(['deliveries.csv']);
    expect(screen.getByRole('link', { name: RATE_BATCH_TEXTS.rows }).getAttribute('href')).toBe('/stores/4/batches/31/uploads');
    // A delivery batch changes no prices: it has no impact preview.
    expect(screen.queryByRole('button', { name: RATE_IMPACT_TEXTS.preview })).toBeNull();
    // The delivery batch completes with what it booked.
    act(() => { fireEvent.click(screen.getByRole('button', { name: RATE_BATCH_TEXTS.submit })); });
    await screen.findByRole('progressbar', { name: RATE_BATCH_TEXTS.progress });
    act(() => { actor.send({ type: 'batch.progress', processedRows: 2, uploadStatusId: 4000 }); });
    expect((await screen.findByRole('status')).textContent).toBe("Completed: 2 deliveries created and charged to the store's account.");
  });

  it('opens for a store administrator with the sheet input and the store\'s batches', async () => {
    renderShell({ path: '/stores/4/batches', permissions: permissionsOf(['StoreAdministrator']) });
    // Named by its number until the store's name is read (no server here; the browser test sees the name).
    expect(await screen.findByRole('heading', { name: 'Delivery uploads of Store #4' }, { timeout: 10_000 })).toBeTruthy();
    expect((screen.getByLabelText(DELIVERY_BATCH_TEXTS.sheet) as HTMLInputElement).accept).toBe('.xlsx,.csv');
    expect(screen.getByRole('heading', { name: DELIVERY_BATCH_TEXTS.batches })).toBeTruthy();
  }, 20_000);
});

describe('delivery uploads of a batch (/stores/:id/batches/:uploadBatchId/uploads)', () => {
  it('lists the rows with the wizard\'s messages; the batch comes from the path', async () => {
    let asked: ListParams | undefined;
    const list = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
          asked = input.params;
          return { items: [ROW], paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 1 } };
        }),
      },
    }), { input: { resource: 'deliveryUploads', cca2: 'ZA', search: withFixedFilters('?hasErrors=true', { uploadBatchId: '31' }) } }).start();
    render_(<ListView actor={list} mayEdit />);
    await screen.findByText('UP-3');
    expect(screen.getByRole('cell', { name: 'Drop-off is required; Date is required' })).toBeTruthy();
    expect(asked?.filters).toEqual({ uploadBatchId: '31', hasErrors: 'true' });
  });

  it('/stores/4/batches/31/uploads/edit/77 is "Update delivery upload" with Back to the batch\'s rows', async () => {
    renderShell({ path: '/stores/4/batches/31/uploads/edit/77', permissions: permissionsOf(['StoreAdministrator']) });
    expect(await screen.findByRole('heading', { name: 'Update delivery upload' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/stores/4/batches/31/uploads');
  }, 20_000);

  it('sends the form\'s text as the row\'s numbers', () => {
    expect(deliveryUploadBody({ orderReference: ' UP-3 ', parcelTypeIdText: '2', lengthText: '30.5', widthText: '', parcelCountText: '3', slaType: 'Priority' }))
      .toMatchObject({ orderReference: 'UP-3', parcelTypeId: 2, length: 30.5, width: null, parcelCount: 3, slaType: 'Priority' });
  });
});

describe('the batches of one rate (/rates/:id/batches)', () => {
  it('lists the batches that made or changed the rate: the rate comes from the path, each row opens its uploads', async () => {
    let asked: ListParams | undefined;
    const list = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
          asked = input.params;
          return {
            items: [{ id: 12, fileName: 'rates.csv', uploadStatusId: 4000, uploadStatus: 'Completed', createdBy: 'Sipho Staff', createdAt: '2026-11-26T08:00:00.000Z', totalRows: 3,
              validRows: 2, invalidRows: 1, cancelledRows: 0, processedRows: 2, ratesCreated: 2, submittedAt: '2026-11-26T08:01:00.000Z', xmin: '4000' }],
            paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 1 },
          };
        }),
      },
    }), { input: { resource: 'rateBatches', cca2: 'ZA', search: withFixedFilters('', { rateId: '5' }) } }).start();
    render_(<ListView actor={list} mayEdit={false} rowAction={(row) => <a href={`/rates/batches/${row.id}/uploads`}>Rows</a>} />);
    await screen.findByText('rates.csv');
    expect(screen.getByRole('cell', { name: 'Completed' })).toBeTruthy();
    expect(asked?.filters).toEqual({ rateId: '5' });
    expect(screen.getByRole('link', { name: 'Rows' }).getAttribute('href')).toBe('/rates/batches/12/uploads');
  });

  it('/rates/5/batches opens for staff', async () => {
    renderShell({ path: '/rates/5/batches', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { name: 'Upload batches of rate #5' }, { timeout: 10_000 })).toBeTruthy();
  }, 20_000);
});

describe('cancel on delivery upload rows', () => {
  it('asks before cancelling a row not yet booked, sends its id, and reloads; a booked row cannot be cancelled', async () => {
    const cancelled: number[] = [];
    const machine = rateUploadCancelMachine.provide({
      actors: { cancelUpload: fromPromise<CancellableUpload, CancelCallInput>(async ({ input }) => { cancelled.push(input.id); return { ...ROW, uploadStatusId: -1000 }; }) },
    });
    const actor = createActor(machine, { input: { cca2: 'ZA' } }).start();
    let reloads = 0;
    actor.on('uploads.changed', () => { reloads += 1; });
    const booked = { ...ROW, id: 78, uploadStatusId: 3000, deliveryId: 501 };
    render_(
      <>
        <RateUploadCancelDialogs actions={actor} title="Cancel delivery upload" question={DELIVERY_UPLOAD_TEXTS.cancelUploadQuestion} />
        {[ROW, booked].map((row) => (
          <UploadCancelButton key={row.id} actions={actor} row={row} what="delivery upload" cancellable={canCancelDeliveryUpload(row.uploadStatusId, row.deliveryId)} />
        ))}
      </>,
    );
    expect(screen.getByRole('button', { name: `${CANCEL_TEXTS.cancel} delivery upload #78` }).hasAttribute('disabled')).toBe(true);
    act(() => { fireEvent.click(screen.getByRole('button', { name: `${CANCEL_TEXTS.cancel} delivery upload #77` })); });
    expect(await screen.findByText('This action cannot be undone. Are you sure you want to cancel delivery upload #77?')).toBeTruthy();
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Yes' })); });
    await waitFor(() => expect(reloads).toBe(1));
    expect(cancelled).toEqual([77]);
  });
});
