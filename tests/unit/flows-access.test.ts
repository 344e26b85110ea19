import { describe, expect, it } from 'vitest';
import { decideRouteAccess, flowsRouteRule, routeRule } from '../../src/lib/access';
import { roleFlagsOf, type Permissions } from '../../src/lib/roles';

function user(roles: string[]): Permissions {
  return {
    id: 1, companyId: null, storeId: null, email: 'x@demo.test', emailConfirmed: true, phoneNumberConfirmed: true, beta: false,
    ...roleFlagsOf(1, roles),
  };
}

describe('/flows access (ours)', () => {
  it('is open to everyone in development builds (tests run as one)', () => {
    expect(flowsRouteRule(true)).toBe('public');
    expect(routeRule('/flows')).toBe('public');
  });

  it('is for administrators and management operators in production builds', () => {
    const rule = flowsRouteRule(false);
    expect(decideRouteAccess(rule, null)).toBe('login');
    expect(decideRouteAccess(rule, user(['Administrator']))).toBe('allowed');
    expect(decideRouteAccess(rule, user(['ManagementOperator']))).toBe('allowed');
    expect(decideRouteAccess(rule, user(['StaffOperator']))).toBe('forbidden');
    expect(decideRouteAccess(rule, user(['NormalUser']))).toBe('forbidden');
  });
});
