import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { system } from '../../src/ui/theme';
import { ListView } from '../../src/ui/admin/ListView';
import { DELIVERY_EDIT_TEXTS, DeliveryEditView } from '../../src/features/deliveries/DeliveryEditView';
import { DELIVERY_ADMIN_TEXTS } from '../../src/lib/deliveries-admin';
import { DRIVER_DISTANCE_TEXTS } from '../../src/lib/driver-distance';
import type { DeliveryAdmin, DeliveryAdminDetail } from '../../src/resources/deliveries';
import { RecordConflict, type Page, type ResourceRow } from '../../src/resources/types';
import { FORM_TEXTS, LIST_TEXTS } from '../../src/lib/resource-texts';
import { LOGISTIC_STATUS, TASK_STATUS, TASK_TYPE } from '../../src/lib/statuses';
import { deliveryActionsMachine } from '../../src/machines/deliveries/delivery-actions.machine';
import { formMachine } from '../../src/machines/lists/form.machine';
import { listMachine } from '../../src/machines/lists/list.machine';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['deliveries']));

const row = (overrides: Partial<DeliveryAdmin> = {}): DeliveryAdmin => ({
  id: 7, waybill: 'WBL000007', orderReference: 'ORD-1', customerIdentifier: null, logisticStatusId: LOGISTIC_STATUS.READY,
  logisticStatus: 'Ready', paymentStatusId: 30001, paymentStatus: 'Paid', companyId: 1, companyName: 'Acme Retail', storeId: 1,
  storeName: 'Acme Sea Point', placedByEmail: 'store.user@demo.test', readyForCollectionDate: '2026-10-05', deliverByDate: null,
  distanceKm: 12.5, isRoundTrip: false, isHighRisk: false, isReturnToSender: false, lotNumber: 0, slaType: 'Standard',
  pricingTier: 'Standard', priceExclCents: 6500, trackingUrl: '/track/abc', ratingUrl: null, deliveredDate: null, dropoffWindowEnd: null,
  createdAt: '2026-09-01T06:00:00.000Z',
  xmin: '100', ...overrides,
});

const detail = (overrides: Partial<DeliveryAdminDetail> = {}): DeliveryAdminDetail => ({
  ...row(),
  originAddress: { description: '1 Main Road, Sea Point, Cape Town' },
  destinationAddress: { description: '12 Long Street, Cape Town City Centre' },
  originContact: { ContactName: 'Nomsa' }, destinationContact: null, originStoreName: 'Acme Sea Point', destinationStoreName: null,
  originContactName: 'Nomsa', originPhoneNumber: '+27825550000', originEmail: null,
  destinationContactName: null, destinationPhoneNumber: null, destinationEmail: null,
  deliveryItems: [
    { id: 1, name: 'small', deliveryItemName: 'Parcel 1', length: 30, width: 20, height: 15, weight: 2, isFragile: false, barCode: 'WBL000007-1' },
  ],
  tasks: [],
  proof: null,
  allowed: {
    edit: true, canceldelivery: true, cancelandreturntosender: false, reverseLogisticStatus: false, recalculateparcels: true,
    recalculatelogistics: true, updatedeliveryproof: false,
  },
  ...overrides,
});

function renderEdit(record: DeliveryAdminDetail, save?: () => Promise<unknown>) {
  const form = createActor(formMachine.provide({
    actors: {
      loadRecord: fromPromise(async () => record as unknown as Record<string, unknown> & { id: number; xmin: string }),
      saveRecord: fromPromise(async () => {
        if (!save) throw new Error('no save in this test');
        return (await save()) as Record<string, unknown> & { id: number; xmin: string };
      }),
    },
  }), { input: { resource: 'deliveries', cca2: 'ZA', id: record.id } }).start();
  const actions = createActor(deliveryActionsMachine, { input: { cca2: 'ZA', id: record.id } }).start();
  render(<ChakraProvider value={system}><MemoryRouter><DeliveryEditView form={form} actions={actions} mayClone timeZone="Africa/Johannesburg" mayOpenJobs /></MemoryRouter></ChakraProvider>);
  return { form, actions };
}

describe('deliveries list (registry + list machinery)', { timeout: 30_000 }, () => {
  it('shows the columns, lot number N/A, status filters with their labels, and an export named Deliveries', async () => {
    const list = createActor(listMachine.provide({
      actors: {
        loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async () => ({
          items: [row(), row({ id: 8, waybill: 'WBL000008', lotNumber: 104, logisticStatus: 'Delivered', logisticStatusId: LOGISTIC_STATUS.DELIVERED })],
          paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 2 },
        })),
      },
    }), { input: { resource: 'deliveries', cca2: 'ZA', search: '?logisticstatuses=2501&sortby=distanceKm' } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><ListView actor={list} mayEdit /></MemoryRouter></ChakraProvider>);
    await screen.findByText('WBL000008', undefined, { timeout: 10_000 });
    expect(screen.getByRole('columnheader', { name: /Distance/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getAllByText(DELIVERY_ADMIN_TEXTS.notApplicable).length).toBe(1);
    expect(screen.getByText('104')).toBeTruthy();
    const status = screen.getByRole('combobox', { name: 'Logistic status' }) as HTMLSelectElement;
    expect(status.value).toBe('2501');
    expect([...status.options].map((option) => option.textContent)).toContain('Pending drop-off');
    expect(screen.getByRole('link', { name: 'Edit WBL000007' }).getAttribute('href')).toBe('/deliveries/edit/7');
    expect(screen.getByRole('button', { name: LIST_TEXTS.export })).toBeTruthy();
    expect(list.getSnapshot().context.params).toMatchObject({ sortBy: 'distanceKm', filters: { logisticstatuses: '2501' } });
  });
});

describe('delivery edit screen', { timeout: 30_000 }, () => {
  it('read view: waybill, lot number N/A, addresses, parcels, tracking link; rating only once delivered', async () => {
    renderEdit(detail());
    expect((await screen.findByTestId(`detail-${DELIVERY_EDIT_TEXTS.waybill}`)).textContent).toBe('WBL000007');
    expect(screen.getByTestId(`detail-${DELIVERY_EDIT_TEXTS.lotNumber}`).textContent).toBe('N/A');
    expect(screen.getByTestId(`detail-${DELIVERY_EDIT_TEXTS.pickUp}`).textContent).toContain('Sea Point');
    expect(screen.getByText('WBL000007-1')).toBeTruthy();
    expect(screen.getByRole('link', { name: '/track/abc' }).getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: DELIVERY_EDIT_TEXTS.rating })).toBeNull();
    // Only the actions the delivery allows are offered.
    expect(screen.getByRole('button', { name: DELIVERY_ADMIN_TEXTS.actionLabels.canceldelivery })).toBeTruthy();
    expect(screen.queryByRole('button', { name: DELIVERY_ADMIN_TEXTS.actionLabels.reverseLogisticStatus })).toBeNull();
    expect(screen.getByLabelText('Pick-up contact name')).toBeTruthy();
    expect(screen.getByText(DELIVERY_EDIT_TEXTS.noStops)).toBeTruthy();
  });

  it('its stops: the job, each stop and when it was reached, an arrival far from the stop flagged; when it was delivered', async () => {
    const stop = {
      jobId: 31, deliveryId: 7, waybill: 'WBL000007', arrivedLocation: null, distanceFromDriver: null, address: { description: 'x', coordinates: { lat: -33.9, lon: 18.4 } },
      windowStartUtc: null, exceptionReason: null, xmin: '5',
    } as const;
    renderEdit(detail({
      logisticStatusId: LOGISTIC_STATUS.DELIVERED, logisticStatus: 'Delivered', deliveredDate: '2026-11-25T10:30:00Z',
      tasks: [
        { ...stop, id: 1, taskJobOrder: 1, taskTypeId: TASK_TYPE.STORE_PICK_UP, taskStatusId: TASK_STATUS.COMPLETED, arrivedDate: '2026-11-25T08:00:00Z', arrivedDistanceKm: 0.05, arrivedFarFromStop: false, completedDate: '2026-11-25T08:05:00Z' },
        { ...stop, id: 2, taskJobOrder: 2, taskTypeId: TASK_TYPE.DROP_OFF, taskStatusId: TASK_STATUS.COMPLETED, arrivedDate: '2026-11-25T10:25:00Z', arrivedDistanceKm: 1270.4, arrivedFarFromStop: true, completedDate: '2026-11-25T10:30:00Z' },
      ],
    }));
    const dropOff = await screen.findByTestId('stop-2');
    expect(within(dropOff).getByRole('link', { name: '#31' }).getAttribute('href')).toBe('/jobs/31/deliveries');
    expect(dropOff.textContent).toContain(DRIVER_DISTANCE_TEXTS.arrivedFar(1270.4));
    expect(screen.getByTestId('stop-1').textContent).not.toContain('⚠');
    expect(screen.getByTestId(`detail-${DELIVERY_EDIT_TEXTS.delivered}`).textContent).toBe('25-11-2026 12:30');
  });

  it('a delivered delivery: rating link, lot number, no edit form', async () => {
    renderEdit(detail({
      logisticStatusId: LOGISTIC_STATUS.DELIVERED, logisticStatus: 'Delivered', lotNumber: 12, ratingUrl: '/rate/abc',
      allowed: { ...detail().allowed, edit: false, canceldelivery: false, updatedeliveryproof: true, reverseLogisticStatus: true },
    }));
    expect((await screen.findByRole('link', { name: DELIVERY_EDIT_TEXTS.rating })).getAttribute('href')).toBe('/rate/abc');
    expect(screen.getByTestId(`detail-${DELIVERY_EDIT_TEXTS.lotNumber}`).textContent).toBe('12');
    expect(screen.getByRole('note').textContent).toBe(DELIVERY_EDIT_TEXTS.readOnly);
    expect(screen.queryByLabelText('Pick-up contact name')).toBeNull();
  });

  it('a save from an old version shows the conflict and the current version', async () => {
    const current = detail({ originContactName: 'Someone else', xmin: '101' });
    renderEdit(detail(), () => Promise.reject(new RecordConflict('The delivery was changed by someone else. Reload to see the current version.', current)));
    const name = await screen.findByLabelText('Pick-up contact name');
    act(() => { fireEvent.change(name, { target: { value: 'Mine' } }); });
    act(() => { fireEvent.click(screen.getByRole('button', { name: FORM_TEXTS.save })); });
    await waitFor(() => expect(screen.getByText(FORM_TEXTS.conflictTitle)).toBeTruthy());
    expect(screen.getByTestId('current-originContactName').textContent).toContain('Someone else');
    expect((screen.getByLabelText('Pick-up contact name') as HTMLInputElement).value).toBe('Mine');
  });
});
