import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from './access';
import { pageTitle } from './page-titles';
import { roleFlagsOf, type Permissions } from './roles';

describe('pageTitle', () => {
  it('names each page, then what it belongs to, then the app', () => {
    expect(pageTitle('/')).toBe('Courier');
    expect(pageTitle('/deliveries')).toBe('Deliveries · Courier');
    expect(pageTitle('/deliveries/edit/:id')).toBe('Edit · Deliveries · Courier');
    expect(pageTitle('/users/:id/accounts')).toBe('Accounts · Users · Courier');
    expect(pageTitle('/login')).toBe('Log in · Courier');
    expect(pageTitle('/dashboard')).toBe('Dashboard · Courier');
    expect(pageTitle('/track/:hash')).toBe('Track · Courier');
  });

  it("uses the label of the user's own menu: a customer's /dashboard is My deliveries", () => {
    const base = { id: 7, companyId: null, storeId: null, email: 'someone@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false };
    const customer: Permissions = { ...base, ...roleFlagsOf(7, []) };
    const administrator: Permissions = { ...base, ...roleFlagsOf(7, ['Administrator']) };
    expect(pageTitle('/dashboard', customer)).toBe('My deliveries · Courier');
    expect(pageTitle('/dashboard', administrator)).toBe('Dashboard · Courier');
  });

  it('gives every route but the public home a title of its own', () => {
    const plain = ROUTE_ACCESS.filter((route) => route.path !== '/' && pageTitle(route.path) === 'Courier');
    expect(plain).toEqual([]);
    for (const route of ROUTE_ACCESS) expect(pageTitle(route.path)).toMatch(/^(.+ · )?Courier$/);
  });
});
