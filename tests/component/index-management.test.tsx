import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { IndexManagementView } from '../../src/features/admin/IndexManagementView';
import { INDEX_MANAGEMENT_TEXTS as T } from '../../src/lib/index-management';
import { indexManagementMachine } from '../../src/machines/admin/index-management.machine';
import { SAMPLE_INDEXES } from '../../src/machines/admin/index-management.samples';
import type { IndexManagementEvent, IndexMaintenanceJob, MaintainInput } from '../../src/machines/admin/index-management.types';
import { system } from '../../src/ui/theme';
import { permissionsOf, renderShell } from '../support/shell-harness';

describe('index management (/admin/indexmanagement)', () => {
  it('queues a rebuild of the chosen index, shows its progress from the events and reads the list again when it is done', async () => {
    const queued: MaintainInput[] = [];
    let loads = 0;
    let sendProgress: ((event: IndexManagementEvent) => void) | undefined;
    const machine = indexManagementMachine.provide({
      actors: {
        loadIndexes: fromPromise(async () => { loads += 1; return SAMPLE_INDEXES; }),
        maintainIndex: fromPromise<IndexMaintenanceJob, MaintainInput>(async ({ input }) => {
          queued.push(input);
          return { jobId: 'j1', ...input, message: T.queued(input.action, input.indexName) };
        }),
        indexProgress: fromCallback<IndexManagementEvent>(({ sendBack }) => { sendProgress = sendBack; }),
      },
    });
    const actor = createActor(machine, { input: { cca2: 'ZA' } }).start();
    render(<ChakraProvider value={system}><IndexManagementView actor={actor} /></ChakraProvider>);
    const row = await screen.findByRole('row', { name: /deliveries_pkey/ });
    expect(row.textContent).toContain('deliveries');
    expect(row.textContent).toContain('2.3 MB');
    expect(row.textContent).toContain('1250');
    act(() => { fireEvent.click(within(row).getByRole('button', { name: `${T.rebuild} deliveries_pkey` })); });
    await screen.findByText(`${T.rebuild}: queued 0 %`);
    expect(queued).toEqual([{ indexName: 'deliveries_pkey', action: 'rebuild' }]);
    // Another run's button waits while this one is in flight.
    expect(within(row).getByRole('button', { name: `${T.analyze} deliveries_pkey` }).hasAttribute('disabled')).toBe(true);
    act(() => { sendProgress!({ type: 'index.progress', indexName: 'deliveries_pkey', action: 'rebuild', state: 'active', progress: 0 }); });
    await screen.findByText(`${T.rebuild}: active 0 %`);
    expect(loads).toBe(1);
    act(() => { sendProgress!({ type: 'index.progress', indexName: 'deliveries_pkey', action: 'rebuild', state: 'completed', progress: 100, message: T.done('rebuild', 'deliveries_pkey') }); });
    await screen.findByText(`${T.rebuild}: completed 100 %`);
    expect(Number(screen.getByRole('progressbar', { name: `${T.columns.progress} deliveries_pkey` }).getAttribute('aria-valuenow'))).toBe(100);
    await untilTrue(() => loads === 2);
  });

  it('opens for an administrator from the route table', async () => {
    renderShell({ path: '/admin/indexmanagement', permissions: permissionsOf(['Administrator']) });
    expect(await screen.findByRole('heading', { level: 1, name: T.title }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('table', { name: T.title })).toBeTruthy();
    expect(screen.getByRole('button', { name: T.reload })).toBeTruthy();
  }, 20_000);
});

async function untilTrue(done: () => boolean) {
  for (let attempt = 0; attempt < 100 && !done(); attempt += 1) await act(async () => { await new Promise((resolve) => setTimeout(resolve, 10)); });
  expect(done()).toBe(true);
}
