// Issue 20: the deposit modal is reachable from the console's drivers tab — a driver's details offer "Record
// deposit"; the dialog sends the amount typed in rands as integer cents with the key made when it opened.
import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { components } from '../../src/api/generated/connect';
import { DashboardView } from '../../src/features/dashboard/DashboardView';
import { DepositButton, DepositModal } from '../../src/features/dashboard/DepositModal';
import { DASHBOARD_TEXTS, DEPOSIT_TEXTS } from '../../src/lib/dashboard-texts';
import { formatMoney } from '../../src/lib/money';
import { dashboardMachine } from '../../src/machines/dashboard/dashboard.machine';
import { depositMachine } from '../../src/machines/operations/deposit.machine';
import { liveMergeMachine } from '../../src/machines/operations/live-merge.machine';
import type { DashboardDetails, Driver } from '../../src/machines/operations/operations.api';
import { DRIVER_AVAILABILITY } from '../../src/lib/statuses';
import { liveMergeListsSample, liveMergeSamples } from '../../src/machines/operations/live-merge.samples';
import { system } from '../../src/ui/theme';

type Form = components['schemas']['DriverDepositForm'];

function renderConsole() {
  const sent: { driverId: number; body: Form }[] = [];
  // The listed driver (Thabo Mokoena) as getdriver answers it.
  const listed = liveMergeListsSample.drivers[0]!;
  const driver: Driver = {
    id: listed.id, xmin: '50', firstName: 'Thabo', lastName: 'Mokoena', fullName: String(listed.fullName), email: 'thabo@example.com', phoneNumber: null,
    roles: ['Driver'], driverAvailabilityId: DRIVER_AVAILABILITY.BUSY, driverAvailability: 'Busy', lastLocation: null, lastLocationAt: null, openJobCount: 1,
  };
  const live = createActor(liveMergeMachine.provide({
    actors: {
      hubUpdates: fromCallback(() => undefined),
      reconnects: fromCallback(() => undefined),
      loadLists: fromPromise(async () => liveMergeListsSample),
      loadDetails: fromPromise(async (): Promise<DashboardDetails> => ({ kind: 'driver', details: { driver, jobs: [] } })),
    },
    actions: { playSound: () => undefined },
  }), { input: liveMergeSamples.scenarios[0]!.input }).start();
  const view = createActor(dashboardMachine).start();
  const deposit = createActor(depositMachine.provide({
    actors: {
      recordDeposit: fromPromise(async ({ input }: { input: { cca2: string; driverId: number; body: Form } }) => {
        sent.push({ driverId: input.driverId, body: input.body });
        return { id: 1, driverId: input.driverId, amountCents: input.body.amountCents, reference: input.body.reference, note: input.body.note ?? null,
          depositedAt: input.body.depositedAt, recordedByUserId: 7, createdAt: input.body.depositedAt };
      }),
    },
  }), { input: { cca2: 'ZA' } }).start();
  render(
    <ChakraProvider value={system}>
      <DashboardView live={live} view={view}
        driverActions={(driverId, driverName) => <DepositButton actor={deposit} driverId={driverId} driverName={driverName ?? String(driverId)} />}
        messaging={<DepositModal actor={deposit} />} />
    </ChakraProvider>,
  );
  return { sent, driver };
}

describe('deposit modal', () => {
  it('opens from a driver of the drivers tab and records the amount in cents with one key per opening', async () => {
    const { sent, driver } = renderConsole();
    const tab = () => screen.getByRole('tab', { name: new RegExp(`^${DASHBOARD_TEXTS.drivers} \\(`) });
    fireEvent.click(await screen.findByRole('tab', { name: new RegExp(`^${DASHBOARD_TEXTS.drivers} \\(`) }));
    await waitFor(() => expect(tab().getAttribute('aria-selected')).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: DASHBOARD_TEXTS.openDetails('driver', driver.fullName) }));
    fireEvent.click(await screen.findByRole('button', { name: DEPOSIT_TEXTS.open }));

    const dialog = within(await screen.findByRole('dialog', { name: DEPOSIT_TEXTS.title(driver.fullName) }));
    const save = () => dialog.getByRole('button', { name: DEPOSIT_TEXTS.submit });
    expect(save().hasAttribute('disabled')).toBe(true);
    fireEvent.change(dialog.getByLabelText(DEPOSIT_TEXTS.amount), { target: { value: '1 250,50' } });
    fireEvent.change(dialog.getByLabelText(DEPOSIT_TEXTS.reference), { target: { value: 'FNB slip 00417' } });
    fireEvent.click(save());

    await waitFor(() => expect(dialog.getByRole('status').textContent).toBe(DEPOSIT_TEXTS.recorded(formatMoney(125_050), 'FNB slip 00417')));
    expect(sent).toEqual([{ driverId: driver.id, body: expect.objectContaining({ amountCents: 125_050, reference: 'FNB slip 00417', note: null }) }]);
    expect(sent[0]!.body.idempotencyKey.length).toBeGreaterThanOrEqual(8);
    expect(Number.isNaN(Date.parse(sent[0]!.body.depositedAt))).toBe(false);
  });
});
