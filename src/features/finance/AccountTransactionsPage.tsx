import { Link as RouterLink, useParams } from 'react-router-dom';
import { FINANCE_TEXTS } from '../../lib/finance-texts';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { ownerCrumbs, ownerResources } from './crumbs';
import { financePathsOf, pathId, useAccountOwner, type AccountOwner } from './paths';

/** /accounts/:accountId/transactions (also under a user, company or store): the statement, newest first, with filters and the export "Transactions". */
export function Component() {
  const owner = useAccountOwner();
  const accountId = pathId(useParams().accountId);
  return <Statement key={`${owner?.kind}-${owner?.id}-${accountId}`} owner={owner} accountId={accountId} />;
}

function Statement({ owner, accountId }: { owner: AccountOwner; accountId: number }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['accounts', 'accountTransactions', ...ownerResources(owner)]);
  const accounts = resourceOf('accounts');
  const paths = financePathsOf(owner);
  const actor = useNestedList('accountTransactions', { accountId: String(accountId) });
  return (
    <AdminPage title={FINANCE_TEXTS.transactions}
      parents={[...ownerCrumbs(owner), { label: accounts.title, to: paths.accounts }, { label: `#${accountId}`, to: paths.transactions(accountId) }]}
      current={{ label: FINANCE_TEXTS.transactions, to: paths.transactions(accountId) }}>
      <ListView actor={actor} mayEdit={false} rowAction={(row) => (
        <RouterLink to={paths.transaction(accountId, row.id)} aria-label={FINANCE_TEXTS.view(row.id)}>{FINANCE_TEXTS.viewTransaction}</RouterLink>
      )} />
    </AdminPage>
  );
}
