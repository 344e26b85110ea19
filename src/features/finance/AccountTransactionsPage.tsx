import { Link as RouterLink, useParams } from 'react-router-dom';
import { FINANCE_TEXTS } from '../../lib/finance-texts';
import { resourceOf } from '../../resources';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { financePaths } from './paths';

/** /accounts/:accountId/transactions: the account's statement, newest first, with filters and the export "Transactions". */
export function Component() {
  const { accountId } = useParams();
  const id = Number(accountId);
  if (!Number.isInteger(id) || id < 1) throw new Response('Not found', { status: 404 });
  return <Statement key={id} accountId={id} />;
}

function Statement({ accountId }: { accountId: number }) {
  const accounts = resourceOf('accounts');
  const actor = useNestedList('accountTransactions', { accountId: String(accountId) });
  return (
    <AdminPage title={FINANCE_TEXTS.transactions}
      parents={[{ label: accounts.title, to: financePaths.accounts }, { label: `#${accountId}`, to: financePaths.transactions(accountId) }]}
      current={{ label: FINANCE_TEXTS.transactions, to: financePaths.transactions(accountId) }}>
      <ListView actor={actor} mayEdit={false} rowAction={(row) => (
        <RouterLink to={financePaths.transaction(accountId, row.id)} aria-label={FINANCE_TEXTS.view(row.id)}>{FINANCE_TEXTS.viewTransaction}</RouterLink>
      )} />
    </AdminPage>
  );
}
