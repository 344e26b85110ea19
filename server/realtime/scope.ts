import { hasAnyRole, type Permissions } from '../../src/lib/roles';
import { scopeOf } from '../domain/scope';

/**
 * Whose data a live message is about. The publisher names the owners; the hub decides per connection with the
 * caller's token, by the same rules as the REST lists (server/domain/scope.ts).
 */
export interface LiveScope {
  /** The company (and store) owning the record: company roles see their company's, store roles their store's. */
  companyId?: number | null;
  storeId?: number | null;
  /** The driver the record is assigned to: that driver (partner, assistant) sees it too. */
  driverId?: number | null;
  /** The partner company of that driver (drivers.partner_company_id): the partner sees it too. */
  partnerCompanyId?: number | null;
  /** A message for one user only (notifications, identity): nobody else receives it, not even staff. */
  userId?: number;
  /** Tracking updates: the delivery's tracking hash (the tracking hub's subscribers name it). */
  trackingHashId?: string;
  /** The chat widget (issue 19): the SHA-256 of the visitor conversation's token (the chat hub's subscribers hold the token). */
  visitorTokenHash?: string;
}

/** Whether a signed-in caller may see a message with this scope. */
export function visibleTo(scope: LiveScope, permissions: Permissions | undefined): boolean {
  if (scope.userId !== undefined) return permissions?.id === scope.userId;
  if (!permissions) return false;
  if (scope.driverId != null && scope.driverId === permissions.id) return true;
  if (scope.partnerCompanyId != null && scope.partnerCompanyId === permissions.companyId && hasAnyRole(permissions, ['Partner'])) return true;
  const mine = scopeOf(permissions);
  switch (mine.kind) {
    case 'portal':
      return true;
    case 'company':
      return scope.companyId != null && scope.companyId === mine.companyId;
    case 'store':
      return scope.storeId != null && scope.storeId === mine.storeId;
    default:
      return false;
  }
}
