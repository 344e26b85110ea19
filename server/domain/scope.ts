import { COMPANY_ROLES, hasAnyRole, STAFF_ROLES, STORE_ROLES, type Permissions } from '../../src/lib/roles';

/**
 * Which rows a caller may see, from the token only (never from ids the client sends): staff see the whole
 * portal, store roles their store, company roles their company. The narrowest grant wins for mixed roles
 * except staff, who act for the platform.
 */
export type Scope = { kind: 'portal' } | { kind: 'company'; companyId: number } | { kind: 'store'; companyId: number | null; storeId: number } | { kind: 'none' };

export function scopeOf(permissions: Permissions): Scope {
  if (hasAnyRole(permissions, STAFF_ROLES)) return { kind: 'portal' };
  if (hasAnyRole(permissions, STORE_ROLES) && permissions.storeId) {
    return { kind: 'store', companyId: permissions.companyId, storeId: permissions.storeId };
  }
  if (hasAnyRole(permissions, COMPANY_ROLES) && permissions.companyId) return { kind: 'company', companyId: permissions.companyId };
  return { kind: 'none' };
}
