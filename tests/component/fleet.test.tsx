import type { LoadPageInput } from '../../src/machines/lists/list.types';
import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { system } from '../../src/ui/theme';
import { FormView } from '../../src/ui/admin/FormView';
import { HubDetailView } from '../../src/features/fleet/HubDetailPage';
import { MobileDevicesView } from '../../src/features/fleet/MobileDevicesPage';
import { FLEET_TEXTS } from '../../src/lib/fleet';
import type { FleetHubDetail } from '../../src/resources/hubs';
import type { Page, ResourceRow } from '../../src/resources/types';
import type { Permissions } from '../../src/lib/roles';
import { deviceActionsMachine } from '../../src/machines/fleet/device-actions.machine';
import type { MobileDevice } from '../../src/machines/fleet/device-actions.types';
import { SAMPLE_DEVICE } from '../../src/machines/fleet/device-actions.samples';
import { formMachine } from '../../src/machines/lists/form.machine';
import { listMachine } from '../../src/machines/lists/list.machine';
import { searchSelectMachine } from '../../src/machines/lists/search-select.machine';
import { permissionsOf, renderShell } from '../support/shell-harness';
import { ROUTE_MAP_TEXTS } from '../../src/ui/RouteMap';
import { loadResources } from '../../src/resources';

// The views get their actors here, not from their screens: the declarations those read are loaded first, as the screens do.
beforeAll(() => loadResources(['mobileDevices', 'hubs', 'vehicles']));

const INACTIVE: MobileDevice = { ...SAMPLE_DEVICE, id: 8, deviceModel: 'Galaxy A14', isActive: false, trusted: false };

function renderDevices(permissions: Permissions, delink?: () => Promise<MobileDevice>) {
  let loads = 0;
  const list = createActor(listMachine.provide({
    actors: {
      loadPage: fromPromise<Page<ResourceRow>, LoadPageInput>(async () => {
        loads += 1;
        return { items: [SAMPLE_DEVICE, INACTIVE], paging: { page: 1, pageSize: 20, totalPages: 1, totalItems: 2 } };
      }),
    },
  }), { input: { resource: 'mobileDevices', cca2: 'ZA', search: '' } }).start();
  const actions = createActor(deviceActionsMachine.provide({
    actors: { delinkDevice: fromPromise(async () => (delink ? delink() : SAMPLE_DEVICE)) },
  }), { input: { cca2: 'ZA' } }).start();
  actions.on('devices.changed', () => list.send({ type: 'list.reload' }));
  const owner = createActor(searchSelectMachine, { input: { resource: 'mobileDevices', cca2: 'ZA' } }).start();
  render(<ChakraProvider value={system}><MemoryRouter><MobileDevicesView list={list} actions={actions} owner={owner} permissions={permissions} /></MemoryRouter></ChakraProvider>);
  return { list, actions, loads: () => loads };
}

const button = (name: string, model: string) => screen.getByRole('button', { name: `${name} Samsung ${model} (Dumisani Driver)` });

describe('mobile devices screen', () => {
  it('staff without beta: Delink only, disabled for an inactive device; Active fixed to Yes; no row selection', async () => {
    renderDevices(permissionsOf(['StaffOperator']));
    await screen.findByText('Galaxy A14');
    expect(screen.queryByRole('button', { name: /^Notify/ })).toBeNull();
    expect(button(FLEET_TEXTS.delink, 'Galaxy A54').hasAttribute('disabled')).toBe(false);
    expect(button(FLEET_TEXTS.delink, 'Galaxy A14').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('active-fixed').textContent).toBe(FLEET_TEXTS.activeFixed);
    expect(screen.getByRole('combobox', { name: FLEET_TEXTS.owner })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /^Select / })).toBeNull();
  }, 20_000);

  it('an administrator with beta: Notify and Delink (both disabled when inactive), and rows can be selected for delete', async () => {
    renderDevices(permissionsOf(['Administrator'], { beta: true }));
    await screen.findByText('Galaxy A14');
    expect(button(FLEET_TEXTS.notify, 'Galaxy A54').hasAttribute('disabled')).toBe(false);
    expect(button(FLEET_TEXTS.notify, 'Galaxy A14').hasAttribute('disabled')).toBe(true);
    expect(button(FLEET_TEXTS.delink, 'Galaxy A14').hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByRole('checkbox', { name: /^Select / }).length).toBeGreaterThan(0);
  }, 20_000);

  it('Delink asks first, then delinks and reloads the list', async () => {
    let delinked = 0;
    const { loads } = renderDevices(permissionsOf(['StaffOperator']), async () => {
      delinked += 1;
      return { ...SAMPLE_DEVICE, isActive: false };
    });
    await screen.findByText('Galaxy A14');
    const before = loads();
    act(() => { fireEvent.click(button(FLEET_TEXTS.delink, 'Galaxy A54')); });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(FLEET_TEXTS.delinkQuestion('Samsung Galaxy A54 (Dumisani Driver)'));
    act(() => { fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' })); });
    await waitFor(() => expect(delinked).toBe(1));
    await waitFor(() => expect(loads()).toBeGreaterThan(before));
  }, 20_000);
});

describe('hub page', () => {
  it('shows the hub, its deliveries and its place on the map, with a link to edit it', async () => {
    const hub: FleetHubDetail = {
      id: 3, hubName: 'Durban Hub', contactName: 'Priya Govender', phoneNumber: '+27315550300', isActive: true, xmin: '9',
      address: { placeId: 'za-durban-pinetown', description: 'Pinetown, Durban, KwaZulu-Natal, South Africa', coordinates: { lat: -29.81, lon: 30.86 }, storeId: null },
      deliveryCount: 12, openDeliveryCount: 4,
    };
    const actor = createActor(formMachine.provide({
      actors: { loadRecord: fromPromise(async () => hub as unknown as Record<string, unknown> & { id: number; xmin: string }) },
    }), { input: { resource: 'hubs', cca2: 'ZA', id: 3 } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><HubDetailView actor={actor} /></MemoryRouter></ChakraProvider>);
    await screen.findByTestId('hub-detail');
    expect(screen.getByTestId(`hub-${FLEET_TEXTS.hubDeliveries}`).textContent).toBe('12');
    expect(screen.getByTestId(`hub-${FLEET_TEXTS.hubOpenDeliveries}`).textContent).toBe('4');
    expect(screen.getByText(hub.address.description)).toBeTruthy();
    const mapName = `${FLEET_TEXTS.hubMap}: Durban Hub`;
    // The map loads on first use (Leaflet is its own chunk).
    expect(await screen.findByRole('region', { name: mapName })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: `${mapName}: ${ROUTE_MAP_TEXTS.stops}` })).getByRole('listitem').textContent).toMatch(/^H: Pinetown/);
    expect(screen.getByRole('link', { name: `${FLEET_TEXTS.edit} Durban Hub` }).getAttribute('href')).toBe('/hubs/edit/3');
  }, 20_000);
});

describe('vehicle form', () => {
  it('offers the vehicle types by name and requires registration, make, model and type', async () => {
    const actor = createActor(formMachine, { input: { resource: 'vehicles', cca2: 'ZA' } }).start();
    render(<ChakraProvider value={system}><MemoryRouter><FormView actor={actor} /></MemoryRouter></ChakraProvider>);
    const type = screen.getByLabelText(/Vehicle type/) as HTMLSelectElement;
    expect([...type.options].map((option) => option.textContent)).toEqual(expect.arrayContaining(['Motorcycle', 'Sedan', 'Flatbed', 'One-ton bakkie (41)']));
    act(() => { fireEvent.click(screen.getByRole('button', { name: 'Save' })); });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(expect.arrayContaining([
      'Registration is required', 'Make is required', 'Model is required', 'Vehicle type is required',
    ]));
  }, 20_000);
});

describe('fleet screens in the app', () => {
  it('/hubs/add: the hub form with its address search over the address contract', async () => {
    renderShell({ path: '/hubs/add', permissions: permissionsOf(['Administrator']) });
    expect(await screen.findByRole('heading', { name: 'Add hub' }, { timeout: 10_000 })).toBeTruthy();
    const address = screen.getByRole('combobox', { name: `${FLEET_TEXTS.hubAddress} *` }) as HTMLInputElement;
    expect(address.placeholder).toBe('Enter an address...');
    expect(screen.getByLabelText(/Hub name/)).toBeTruthy();
  }, 20_000);

  it('/vehicles/add: the vehicle form with the driver and partner company searches', async () => {
    renderShell({ path: '/vehicles/add', permissions: permissionsOf(['StaffOperator']) });
    expect(await screen.findByRole('heading', { name: 'Add vehicle' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Driver' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Partner company' })).toBeTruthy();
    expect(screen.queryByLabelText(/user id/)).toBeNull();
  }, 20_000);
});
