import { useLocation, useParams } from 'react-router-dom';

/** Whose accounts a finance screen shows: everyone's in the caller's scope, or one user's, company's or store's. */
export type AccountOwner = { kind: 'users' | 'companies' | 'stores'; id: number } | undefined;

/** The list filter that narrows accounts to the owner (getaccounts' appuserid / companyid / storeid). */
export const OWNER_FILTER = { users: 'appuserid', companies: 'companyid', stores: 'storeid' } as const;

/** The finance screens' paths (000 section 2), top-level or under the owner's screen (/users/:id/accounts ...). */
export function financePathsOf(owner: AccountOwner) {
  const accounts = owner ? `/${owner.kind}/${owner.id}/accounts` : '/accounts';
  return {
    accounts,
    add: `${accounts}/add`,
    edit: (accountId: number | string) => `${accounts}/edit/${accountId}`,
    transactions: (accountId: number) => `${accounts}/${accountId}/transactions`,
    transaction: (accountId: number, transactionId: number) => `${accounts}/${accountId}/transactions/${transactionId}`,
  };
}

export const financePaths = financePathsOf(undefined);

/** The account form's owner field that an owner's screen fills in (/companies/3/accounts/add → companyId 3). */
export const OWNER_FIELD = { users: 'userId', companies: 'companyId', stores: 'storeId' } as const;

const positive = (value: string | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

/** The owner named by the current path (/users/7/accounts/... → user 7); a malformed id is a 404. */
export function useAccountOwner(): AccountOwner {
  const { pathname } = useLocation();
  const { id } = useParams();
  const kind = (['users', 'companies', 'stores'] as const).find((candidate) => pathname.startsWith(`/${candidate}/`));
  if (!kind) return undefined;
  const ownerId = positive(id);
  if (ownerId === undefined) throw new Response('Not found', { status: 404 });
  return { kind, id: ownerId };
}

/** A path id (:accountId, :transactionId) as a positive number; anything else is a 404. */
export function pathId(value: string | undefined): number {
  const id = positive(value);
  if (id === undefined) throw new Response('Not found', { status: 404 });
  return id;
}
