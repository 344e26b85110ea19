import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { components } from '../../src/api/generated/connect';
import { DISTANCE_BATCH_TEXTS } from '../../src/features/rates/DistanceDiscoveryPage';
import { RATE_BATCH_TEXTS, RateBatchView } from '../../src/features/rates/RateBatchView';
import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { listMachine } from '../../src/machines/lists/list.machine';
import { distanceBatchActors } from '../../src/machines/rates/distance-batch.actors';
import { rateBatchMachine } from '../../src/machines/rates/rate-batch.machine';
import type { BatchCallInput, UploadBatch, UploadSheetInput } from '../../src/machines/rates/rate-batch.types';
import type { Page, ResourceRow } from '../../src/resources/types';
import { withFixedFilters } from '../../src/ui/admin/nested-list';
import { ListView } from '../../src/ui/admin/ListView';
import { system } from '../../src/ui/theme';
import { permissionsOf, renderShell } from '../support/shell-harness';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['distanceUploads']));

const BATCH: components['schemas']['DistanceUploadBatch'] = {
  id: 51, fileName: 'pairs.csv', uploadStatusId: 0, uploadStatus: 'Unprocessed', createdBy: 'Ada Administrator', createdAt: '2026-11-26T08:00:00.000Z',
  totalRows: 2, validRows: 2, invalidRows: 0, cancelledRows: 0, processedRows: 0, distancesFound: 0, submittedAt: null,
};

describe('distance discovery (/admin/distancediscovery)', () => {
  it('runs the rate batch\'s chart with the distance calls: upload, submit, progress to the distances found', async () => {
    const machine = rateBatchMachine.provide({
      actors: {
        ...distanceBatchActors,
        uploadSheet: fromPromise<UploadBatch, UploadSheetInput>(async () => BATCH),
        submitBatch: fromPromise<UploadBatch, BatchCallInput>(async () => ({ ...BATCH, uploadStatusId: 1000 })),
        readBatch: fromPromise<UploadBatch, BatchCallInput>(async () => ({ ...BATCH, uploadStatusId: 4000, processedRows: 2, distancesFound: 2 })),
      },
    });
    const actor = createActor(machine, { input: { cca2: 'ZA' } }).start();
    render(<ChakraProvider value={system}><MemoryRouter>
      <RateBatchView actor={actor} texts={DISTANCE_BATCH_TEXTS} rowsPath={(id) => `/admin/distancediscovery/batches/${id}/uploads`} />
    </MemoryRouter></ChakraProvider>);
    act(() => { fireEvent.change(screen.getByLabelText(DISTANCE_BATCH_TEXTS.sheet), { target: { files: [new File(['Origin address\n'], 'pairs.csv')] } }); });
    act(() => { fireEvent.click(screen.getByRole('button', { name: RATE_BATCH_TEXTS.upload })); });
    expect((await screen.findByRole('link', { name: RATE_BATCH_TEXTS.rows })).getAttribute('href')).toBe('/admin/distancediscovery/batches/51/uploads');
    act(() => { fireEvent.click(screen.getByRole('button', { name: RATE_BATCH_TEXTS.submit })); });
    await screen.findByRole('progressbar', { name: RATE_BATCH_TEXTS.progress });
    act(() => { actor.send({ type: 'batch.progress', processedRows: 2, uploadStatusId: 4000 }); });
    expect((await screen.findByRole('status')).textContent).toBe('Completed: 2 driving distances found.');
  });

  it('lists a batch\'s pairs with the addresses found and the distance', async () => {
    const row: components['schemas']['DistanceUpload'] & { xmin: string } = {
      id: 9, uploadBatchId: 51, rowNumber: 2, reference: 'A', originAddress: 'Sea Point', destinationAddress: 'Stellenbosch', resolvedOrigin: 'Sea Point, Cape Town',
      resolvedDestination: 'Stellenbosch', distanceKm: 61.5, uploadStatusId: 4000, uploadStatus: 'Completed', errors: {}, xmin: '4000',
    };
    const list = createActor(listMachine.provide({
      actors: { loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async () => ({ items: [row], paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 1 } })) },
    }), { input: { resource: 'distanceUploads', cca2: 'ZA', search: withFixedFilters('', { uploadBatchId: '51' }) } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><ListView actor={list} mayEdit={false} /></MemoryRouter></ChakraProvider>);
    expect(await screen.findByRole('cell', { name: '61.50' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Sea Point, Cape Town' })).toBeTruthy();
  });

  it('opens for an administrator', async () => {
    renderShell({ path: '/admin/distancediscovery', permissions: permissionsOf(['Administrator']) });
    expect(await screen.findByRole('heading', { name: 'Distance Discovery' }, { timeout: 10_000 })).toBeTruthy();
    expect((screen.getByLabelText(DISTANCE_BATCH_TEXTS.sheet) as HTMLInputElement).accept).toBe('.xlsx,.csv');
  }, 20_000);
});
