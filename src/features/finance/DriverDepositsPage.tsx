import { Link as RouterLink, useParams } from 'react-router-dom';
import { mayCall } from '../../lib/access';
import { DRIVER_DEPOSITS_TEXTS } from '../../lib/dashboard-texts';
import { useAuth } from '../../machines/root/root-actor';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { depositPostingsSearch, type DriverDepositRow } from '../../resources/driver-deposits';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { financePathsOf, pathId } from './paths';

/**
 * /users/:id/deposits (issue 20): the cash deposits recorded for a driver (the dashboard's deposit modal), newest
 * first; each opens its two ledger postings (Cash Debit, Cash Credit) in the driver's account statement.
 */
export function Component() {
  const userId = pathId(useParams().id);
  return <DriverDeposits key={userId} userId={userId} />;
}

/** The driver's statement searched for the deposit's postings (both carry "deposit <id> (" in their description). */
export function depositLedgerPath(userId: number, row: Pick<DriverDepositRow, 'id' | 'accountId'>): string | null {
  if (row.accountId === null) return null;
  return `${financePathsOf({ kind: 'users', id: userId }).transactions(row.accountId)}?search=${encodeURIComponent(depositPostingsSearch(row.id))}`;
}

function DriverDeposits({ userId }: { userId: number }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['users', 'driverDeposits']);
  const users = resourceOf('users');
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const actor = useNestedList('driverDeposits', { driverId: String(userId) });
  const mayReadLedger = mayCall('getaccounttransactions', permissions);
  return (
    <AdminPage title={DRIVER_DEPOSITS_TEXTS.title}
      parents={[{ label: users.title, to: users.routes.list }, { label: `#${userId}`, to: users.routes.edit.replace(':id', String(userId)) }]}
      current={{ label: DRIVER_DEPOSITS_TEXTS.title, to: `/users/${userId}/deposits` }}>
      <DepositsList actor={actor} userId={userId} mayReadLedger={mayReadLedger} />
    </AdminPage>
  );
}

export function DepositsList({ actor, userId, mayReadLedger }: { actor: ReturnType<typeof useNestedList>; userId: number; mayReadLedger: boolean }) {
  return (
    <ListView actor={actor} mayEdit={false} rowAction={mayReadLedger ? (row) => {
      const deposit = row as DriverDepositRow;
      const to = depositLedgerPath(userId, deposit);
      return to ? <RouterLink to={to} aria-label={DRIVER_DEPOSITS_TEXTS.ledgerOf(deposit.reference)}>{DRIVER_DEPOSITS_TEXTS.ledger}</RouterLink> : null;
    } : undefined} />
  );
}

