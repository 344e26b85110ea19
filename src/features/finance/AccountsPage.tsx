import { Link as RouterLink } from 'react-router-dom';
import { FINANCE_TEXTS } from '../../lib/finance-texts';
import { resourceOf } from '../../resources';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { ownerCrumbs } from './crumbs';
import { financePathsOf, OWNER_FILTER, useAccountOwner, type AccountOwner } from './paths';

/**
 * /accounts, and /users/:id/accounts, /companies/:id/accounts, /stores/:id/accounts: the accounts in the caller's
 * scope (narrowed to the owner under an owner's screen) with their balances; each opens its statement.
 */
export function Component() {
  const owner = useAccountOwner();
  return <Accounts key={owner ? `${owner.kind}-${owner.id}` : 'all'} owner={owner} />;
}

function Accounts({ owner }: { owner: AccountOwner }) {
  const resource = resourceOf('accounts');
  const paths = financePathsOf(owner);
  const actor = useNestedList('accounts', owner ? { [OWNER_FILTER[owner.kind]]: String(owner.id) } : {});
  return (
    <AdminPage title={resource.title} parents={ownerCrumbs(owner)} current={{ label: resource.title, to: paths.accounts }}>
      <ListView actor={actor} mayEdit={false} rowAction={(row) => (
        <RouterLink to={paths.transactions(row.id)} aria-label={FINANCE_TEXTS.viewTransactionsOf(resource.label(row))}>
          {FINANCE_TEXTS.viewTransactions}
        </RouterLink>
      )} />
    </AdminPage>
  );
}
