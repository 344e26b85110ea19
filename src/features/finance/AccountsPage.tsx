import { Link as RouterLink } from 'react-router-dom';
import { FINANCE_TEXTS } from '../../lib/finance-texts';
import { resourceOf } from '../../resources';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useResourceList } from '../../ui/admin/use-resource-list';
import { financePaths } from './paths';

/** /accounts: the accounts in the caller's scope with their balances; each opens its statement. */
export function Component() {
  const resource = resourceOf('accounts');
  const actor = useResourceList('accounts');
  return (
    <AdminPage title={resource.title} current={{ label: resource.title, to: financePaths.accounts }}>
      <ListView actor={actor} mayEdit={false} rowAction={(row) => (
        <RouterLink to={financePaths.transactions(row.id)} aria-label={FINANCE_TEXTS.viewTransactionsOf(resource.label(row))}>
          {FINANCE_TEXTS.viewTransactions}
        </RouterLink>
      )} />
    </AdminPage>
  );
}
