import { decideOperationAccess, OPERATION_ACCESS } from '../lib/access';
import type { Permissions } from '../lib/roles';
import { resourceOf } from './index';
import type { FieldDef } from './types';

/**
 * Whether a form shows a field to this user: a lookup only if they may search its options (the select variant of
 * its resource's list). Otherwise the server decides the value — a partner's driver invite is for its own partner
 * company — and the form never calls a lookup that would answer 403.
 */
export function formFieldAllowed(field: FieldDef, permissions: Permissions | null | undefined): boolean {
  if (field.kind !== 'lookup' || !field.resource) return true;
  return decideOperationAccess(OPERATION_ACCESS[resourceOf(field.resource).operations.list], permissions ?? undefined, 'select') === 'allowed';
}
