import { useParams } from 'react-router-dom';
import { FINANCE_TEXTS } from '../../lib/finance-texts';
import { transactionDetailMachine } from '../../machines/finance/transaction-detail.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { resourceOf } from '../../resources';
import { exportTransaction } from '../../resources/finance';
import { AdminPage } from '../../ui/AdminPage';
import { financePaths } from './paths';
import { TransactionDetailView } from './TransactionDetailView';

const idOf = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : 0);

/** /accounts/:accountId/transactions/:transactionId: one transaction of the account's statement, with its items. */
export function Component() {
  const { accountId, transactionId } = useParams();
  const [account, transaction] = [idOf(accountId), idOf(transactionId)];
  if (account < 1 || transaction < 1) throw new Response('Not found', { status: 404 });
  return <TransactionDetail key={`${account}-${transaction}`} accountId={account} transactionId={transaction} />;
}

function TransactionDetail({ accountId, transactionId }: { accountId: number; transactionId: number }) {
  const portal = usePortal();
  const input = { cca2: portal.cca2, accountId, transactionId };
  const actor = useScreenActor(transactionDetailMachine, input);
  const title = FINANCE_TEXTS.transactionTitle(transactionId);
  return (
    <AdminPage title={title}
      parents={[
        { label: resourceOf('accounts').title, to: financePaths.accounts },
        { label: FINANCE_TEXTS.transactions, to: financePaths.transactions(accountId) },
      ]}
      current={{ label: title, to: financePaths.transaction(accountId, transactionId) }}>
      <TransactionDetailView actor={actor} timeZone={portal.timeZone} money={{ currency: portal.currency, decimals: portal.currencyDecimals }}
        exportRequest={(signal) => exportTransaction(input, signal)} />
    </AdminPage>
  );
}
