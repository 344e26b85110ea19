// The deliveries back office's list and stores as the API tests read them (issue 6), through the typed client.
import { SEED_ORDER_REFERENCE_SEARCH } from '../../server/db/seed-deliveries';
import type { SeededLogin } from '../support/seeded-users';
import { dataOf, pageOf, ZA, type ListQuery, type TestServer } from './support';

export type DeliveriesQuery = ListQuery<'/deliveries/{cca2}'>;

/** getdeliveries as a seeded user, answered as it comes (a page, or an error). */
export const deliveriesAs = (server: TestServer, login: SeededLogin, query: DeliveriesQuery = {}) =>
  server.as(login).connect.GET('/deliveries/{cca2}', { params: { path: ZA, query } });

/** The rows of a getdeliveries page that must succeed. */
export const deliveriesPage = async (server: TestServer, login: SeededLogin, query: DeliveriesQuery = {}) =>
  pageOf(await dataOf(deliveriesAs(server, login, query)));

/** The deliveries back office seed's rows (found by their order references; quotes have no waybill), by id, as the administrator sees them. */
export const seededDeliveries = async (server: TestServer, query: DeliveriesQuery = {}) =>
  (await deliveriesPage(server, 'administrator', { pageSize: 500, sortby: 'id', search: SEED_ORDER_REFERENCE_SEARCH, ...query })).items;

/** The portal's stores by id, as the administrator sees them. */
export const storesOf = async (server: TestServer) =>
  pageOf(await dataOf(server.as('administrator').connect.GET('/stores/{cca2}', { params: { path: ZA, query: { sortby: 'id' } } }))).items;
