import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { components } from '../../src/api/generated/connect';
import { RATE_BATCH_TEXTS, RateBatchView } from '../../src/features/rates/RateBatchView';
import { RATE_IMPACT_TEXTS } from '../../src/features/rates/RateImpactView';
import { CANCEL_TEXTS, RateUploadCancelDialogs, UploadCancelButton } from '../../src/features/rates/RateUploadCancel';
import { STORE_BATCH_TEXTS } from '../../src/features/rates/StoreBatchAddPage';
import { canCancelStoreUpload, STORE_UPLOAD_TEXTS } from '../../src/lib/store-uploads';
import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { listMachine } from '../../src/machines/lists/list.machine';
import { rateBatchMachine } from '../../src/machines/rates/rate-batch.machine';
import type { BatchCallInput, UploadBatch, UploadSheetInput } from '../../src/machines/rates/rate-batch.types';
import { rateUploadCancelMachine } from '../../src/machines/rates/rate-upload-cancel.machine';
import type { CancelCallInput, CancellableUpload } from '../../src/machines/rates/rate-upload-cancel.types';
import { storeBatchActors } from '../../src/machines/rates/store-batch.actors';
import { storeUploadBody } from '../../src/resources/store-uploads';
import type { ListParams, Page, ResourceRow } from '../../src/resources/types';
import { withFixedFilters } from '../../src/ui/admin/nested-list';
import { ListView } from '../../src/ui/admin/ListView';
import { system } from '../../src/ui/theme';
import { permissionsOf, renderShell } from '../support/shell-harness';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['storeUploads']));

const render_ = (ui: ReactNode) => render(<ChakraProvider value={system}><MemoryRouter>{ui}</MemoryRouter></ChakraProvider>);

const BATCH: components['schemas']['StoreUploadBatch'] = {
  id: 41, fileName: 'stores.csv', uploadStatusId: 0, uploadStatus: 'Unprocessed', createdBy: 'Ada Administrator', createdAt: '2026-11-26T08:00:00.000Z',
  totalRows: 3, validRows: 2, invalidRows: 1, cancelledRows: 0, processedRows: 0, storesCreated: 0, submittedAt: null,
};

const ROW: components['schemas']['StoreUpload'] = {
  id: 88, uploadBatchId: 41, rowNumber: 4, storeId: null, storeName: null, companyId: 3, contactName: null, phoneNumber: '12', email: null,
  address: 'Zzyzx', resolvedAddress: null, unitName: null, unitNumber: null, isActive: true, qsrMode: false, createdStoreId: null,
  uploadStatusId: 0, uploadStatus: 'Unprocessed', uploadedBy: 'Ada Administrator', uploadedByUserId: 1,
  errors: { storeName: ['Store name is required'], address: ["Address 'Zzyzx' could not be found"] }, xmin: '7',
};

describe('store upload batches (/stores/batches/add)', () => {
  it('runs the rate batch\'s chart with the store calls: upload, rows link, submit, progress to completed', async () => {
    const sent: UploadSheetInput[] = [];
    const machine = rateBatchMachine.provide({
      actors: {
        ...storeBatchActors,
        uploadSheet: fromPromise<UploadBatch, UploadSheetInput>(async ({ input }) => { sent.push(input); return BATCH; }),
        submitBatch: fromPromise<UploadBatch, BatchCallInput>(async () => ({ ...BATCH, uploadStatusId: 1000 })),
        readBatch: fromPromise<UploadBatch, BatchCallInput>(async () => ({ ...BATCH, uploadStatusId: 4000, processedRows: 2, storesCreated: 2 })),
      },
    });
    const actor = createActor(machine, { input: { cca2: 'ZA' } }).start();
    render_(<RateBatchView actor={actor} texts={STORE_BATCH_TEXTS} rowsPath={(id) => `/stores/batches/${id}/uploads`} />);
    const file = new File(['Store name,Address\n'], 'stores.csv', { type: 'text/csv' });
    act(() => { fireEvent.change(screen.getByLabelText(STORE_BATCH_TEXTS.sheet), { target: { files: [file] } }); });
    act(() => { fireEvent.click(screen.getByRole('button', { name: RATE_BATCH_TEXTS.upload })); });
    expect(await screen.findByText(/2 valid rows, 1 rows with errors/)).toBeTruthy();
    expect(sent.map((call) => call.file.name)).toEqual(['stores.csv']);
    expect(screen.getByRole('link', { name: RATE_BATCH_TEXTS.rows }).getAttribute('href')).toBe('/stores/batches/41/uploads');
    expect(screen.queryByRole('button', { name: RATE_IMPACT_TEXTS.preview })).toBeNull();
    act(() => { fireEvent.click(screen.getByRole('button', { name: RATE_BATCH_TEXTS.submit })); });
    await screen.findByRole('progressbar', { name: RATE_BATCH_TEXTS.progress });
    act(() => { actor.send({ type: 'batch.progress', processedRows: 2, uploadStatusId: 4000 }); });
    expect((await screen.findByRole('status')).textContent).toBe('Completed: 2 stores created or changed.');
  });

  it('opens for staff with the sheet input and the batches', async () => {
    renderShell({ path: '/stores/batches/add', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { name: STORE_BATCH_TEXTS.title }, { timeout: 10_000 })).toBeTruthy();
    expect((screen.getByLabelText(STORE_BATCH_TEXTS.sheet) as HTMLInputElement).accept).toBe('.xlsx,.csv');
    expect(screen.getByRole('heading', { name: STORE_BATCH_TEXTS.batches })).toBeTruthy();
  }, 20_000);
});

describe('store uploads of a batch (/stores/batches/:uploadBatchId/uploads)', () => {
  it('lists the rows with their errors; the batch comes from the path', async () => {
    let asked: ListParams | undefined;
    const list = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async ({ input }) => {
          asked = input.params;
          return { items: [ROW], paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 1 } };
        }),
      },
    }), { input: { resource: 'storeUploads', cca2: 'ZA', search: withFixedFilters('?hasErrors=true', { uploadBatchId: '41' }) } }).start();
    render_(<ListView actor={list} mayEdit />);
    expect(await screen.findByRole('cell', { name: "Store name is required; Address 'Zzyzx' could not be found" })).toBeTruthy();
    expect(asked?.filters).toEqual({ uploadBatchId: '41', hasErrors: 'true' });
  });

  it('/stores/batches/41/uploads/edit/88 is "Update store upload" with Back to the batch\'s rows', async () => {
    renderShell({ path: '/stores/batches/41/uploads/edit/88', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { name: 'Update store upload' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/stores/batches/41/uploads');
  }, 20_000);

  it('sends the form\'s text as the row\'s ids', () => {
    expect(storeUploadBody({ storeIdText: '', companyIdText: '3', storeName: ' Acme Bellville ', address: 'Bellville', isActive: true, qsrMode: false }))
      .toMatchObject({ storeId: null, companyId: 3, storeName: 'Acme Bellville', address: 'Bellville', isActive: true, qsrMode: false });
  });

  it('asks before cancelling a row with no store yet, sends its id and reloads; a row whose store exists cannot be cancelled', async () => {
    const cancelled: number[] = [];
    const machine = rateUploadCancelMachine.provide({
      actors: { cancelUpload: fromPromise<CancellableUpload, CancelCallInput>(async ({ input }) => { cancelled.push(input.id); return { ...ROW, uploadStatusId: -1000 }; }) },
    });
    const actor = createActor(machine, { input: { cca2: 'ZA' } }).start();
    let reloads = 0;
    actor.on('uploads.changed', () => { reloads += 1; });
    const made = { ...ROW, id: 89, uploadStatusId: 4000, createdStoreId: 12 };
    render_(
      <>
        <RateUploadCancelDialogs actions={actor} title="Cancel store upload" question={STORE_UPLOAD_TEXTS.cancelUploadQuestion} />
        {[ROW, made].map((row) => (
          <UploadCancelButton key={row.id} actions={actor} row={row} what="store upload" cancellable={canCancelStoreUpload(row.uploadStatusId, row.createdStoreId)} />
        ))}
      </>,
    );
    expect(screen.getByRole('button', { name: `${CANCEL_TEXTS.cancel} store upload #89` }).hasAttribute('disabled')).toBe(true);
    act(() => { fireEvent.click(screen.getByRole('button', { name: `${CANCEL_TEXTS.cancel} store upload #88` })); });
    expect(await screen.findByText('This action cannot be undone. Are you sure you want to cancel store upload #88?')).toBeTruthy();
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Yes' })); });
    await waitFor(() => expect(reloads).toBe(1));
    expect(cancelled).toEqual([88]);
  });
});
