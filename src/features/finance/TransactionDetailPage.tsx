import { useParams } from 'react-router-dom';
import { FINANCE_TEXTS } from '../../lib/finance-texts';
import { transactionDetailMachine } from '../../machines/finance/transaction-detail.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { exportTransaction } from '../../resources/finance';
import { AdminPage } from '../../ui/AdminPage';
import { ownerCrumbs, ownerResources } from './crumbs';
import { financePathsOf, pathId, useAccountOwner, type AccountOwner } from './paths';
import { TransactionDetailView } from './TransactionDetailView';

/** /accounts/:accountId/transactions/:transactionId (also under a user, company or store): one transaction of the statement, with its items. */
export function Component() {
  const owner = useAccountOwner();
  const params = useParams();
  const [accountId, transactionId] = [pathId(params.accountId), pathId(params.transactionId)];
  return <TransactionDetail key={`${owner?.kind}-${owner?.id}-${accountId}-${transactionId}`} owner={owner} accountId={accountId} transactionId={transactionId} />;
}

function TransactionDetail({ owner, accountId, transactionId }: { owner: AccountOwner; accountId: number; transactionId: number }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['accounts', ...ownerResources(owner)]);
  const paths = financePathsOf(owner);
  const portal = usePortal();
  const input = { cca2: portal.cca2, accountId, transactionId };
  const actor = useScreenActor(transactionDetailMachine, input);
  const title = FINANCE_TEXTS.transactionTitle(transactionId);
  return (
    <AdminPage title={title}
      parents={[
        ...ownerCrumbs(owner),
        { label: resourceOf('accounts').title, to: paths.accounts },
        { label: FINANCE_TEXTS.transactions, to: paths.transactions(accountId) },
      ]}
      current={{ label: title, to: paths.transaction(accountId, transactionId) }}>
      <TransactionDetailView actor={actor} timeZone={portal.timeZone} money={{ currency: portal.currency, decimals: portal.currencyDecimals }}
        exportRequest={(signal) => exportTransaction(input, signal)} />
    </AdminPage>
  );
}
