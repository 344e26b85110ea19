import { resourceOf, type ResourceId } from '../../resources';
import type { AccountOwner } from './paths';

/** The resource of the owner whose crumbs a finance screen shows: the screen loads its declaration first. */
export function ownerResources(owner: AccountOwner): ResourceId[] {
  return owner ? [owner.kind] : [];
}

/** The owner's list and record before the finance screens' own crumbs (Users / #7 / Accounts ...). */
export function ownerCrumbs(owner: AccountOwner): { label: string; to: string }[] {
  if (!owner) return [];
  const resource = resourceOf(owner.kind);
  return [{ label: resource.title, to: resource.routes.list }, { label: `#${owner.id}`, to: resource.routes.edit.replace(':id', String(owner.id)) }];
}
