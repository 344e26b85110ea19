import { eq, or, sql, type SQL } from 'drizzle-orm';
import { hasAnyRole, STAFF_ROLES, type Permissions, type Role } from '../../../src/lib/roles';
import type { Database } from '../../db/database';
import { jobs } from '../../db/schema';
import type { Live } from '../../realtime/publish';
import type { PortalData } from '../portals';

/** Who carries out jobs: they see and work the jobs assigned to them only. */
export const FIELD_ROLES = ['Partner', 'Driver', 'Assistant'] as const satisfies readonly Role[];
/** Company roles that see their company's jobs on the dashboard (read only). */
export const JOB_COMPANY_ROLES = ['CompanyAdministrator', 'CompanyOperator'] as const satisfies readonly Role[];

/** Everything an operations call needs: the database, the live channel, the portal and the caller. */
export interface OpsContext {
  db: Database;
  live: Live;
  portal: PortalData;
  permissions: Permissions;
}

export const isStaff = (permissions: Permissions): boolean => hasAnyRole(permissions, STAFF_ROLES);

/**
 * The jobs a caller may read, from the token only: staff the whole portal; partners, drivers and assistants the
 * jobs assigned to them (a partner also its drivers' jobs); company administrators and operators the jobs of their company. Anything else is
 * answered as not found (never 403), so ids of other companies' jobs reveal nothing.
 */
export function jobReadScope(permissions: Permissions): SQL | undefined {
  if (isStaff(permissions)) return undefined;
  const conditions: SQL[] = [];
  if (hasAnyRole(permissions, FIELD_ROLES)) conditions.push(eq(jobs.driverId, permissions.id));
  // Issue 20: a partner reads the jobs of its drivers too (drivers.partner_company_id); it works only its own.
  if (hasAnyRole(permissions, ['Partner']) && permissions.companyId) conditions.push(partnerDriversJobs(permissions.companyId));
  if (hasAnyRole(permissions, JOB_COMPANY_ROLES) && permissions.companyId) conditions.push(eq(jobs.companyId, permissions.companyId));
  return conditions.length > 0 ? or(...conditions) : sql`false`;
}

/** Jobs carried out by the drivers of this partner company (all partners' when null). */
export function partnerDriversJobs(partnerCompanyId: number | null): SQL {
  return partnerCompanyId === null
    ? sql`exists (select 1 from drivers pd where pd.user_id = ${jobs.driverId} and pd.partner_company_id is not null)`
    : sql`exists (select 1 from drivers pd where pd.user_id = ${jobs.driverId} and pd.partner_company_id = ${partnerCompanyId})`;
}

/** The jobs a caller may work (task calls, start, reject, delay): staff any; field roles their own. */
export function jobWorkScope(permissions: Permissions): SQL | undefined {
  if (isStaff(permissions)) return undefined;
  if (hasAnyRole(permissions, FIELD_ROLES)) return eq(jobs.driverId, permissions.id);
  return sql`false`;
}
