import { Alert, Button, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { DATE_FORMATS } from '../../lib/constants';
import { formatDate } from '../../lib/date-format';
import { FINANCE_TEXTS } from '../../lib/finance-texts';
import { formatMoney } from '../../lib/money';
import type { transactionDetailMachine } from '../../machines/finance/transaction-detail.machine';
import { ExportButton } from '../../ui/ExportButton';
import { stackedTableCss } from '../../ui/table-styles';

interface Money { currency: string; decimals: number }

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <HStack gap={2} align="baseline">
      <chakra.dt fontSize="sm" fontWeight="medium" minW="140px">{label}</chakra.dt>
      <chakra.dd fontSize="sm" data-testid={`transaction-${label}`}>{children}</chakra.dd>
    </HStack>
  );
}

/** One transaction: what it was, what it did to this account, its items and totals, and its download. */
export function TransactionDetailView({ actor, timeZone, money: moneyFormat, exportRequest }: {
  actor: Actor<typeof transactionDetailMachine>;
  timeZone: string;
  money: Money;
  exportRequest: (signal: AbortSignal) => Promise<Response>;
}) {
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const detail = useSelector(actor, (snapshot) => snapshot.context.detail);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const transactionId = useSelector(actor, (snapshot) => snapshot.context.transactionId);
  const money = (cents: number) => formatMoney(cents, moneyFormat);
  if (state === 'loading') return <Text role="status" fontSize="sm">{FINANCE_TEXTS.loading}</Text>;
  if (state === 'notFound') return <Text role="alert" fontSize="sm">{FINANCE_TEXTS.notFound}</Text>;
  if (state === 'loadFailed' || !detail) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title role="alert">{problem}</Alert.Title>
        <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'detail.retry' })}>{FINANCE_TEXTS.retry}</Button>
      </Alert.Root>
    );
  }
  const { transaction, items } = detail;
  const [description, quantity, amountExcl] = [FINANCE_TEXTS.description, FINANCE_TEXTS.quantity, FINANCE_TEXTS.amountExcl];
  return (
    <Stack gap={5}>
      <chakra.dl display="grid" gap={1}>
        <Detail label={FINANCE_TEXTS.date}>{formatDate(transaction.createdAt, DATE_FORMATS.dateTime, timeZone)}</Detail>
        <Detail label={FINANCE_TEXTS.transactionType}>{transaction.transactionType}</Detail>
        <Detail label={FINANCE_TEXTS.transactionStatus}>{transaction.transactionStatus}</Detail>
        <Detail label={FINANCE_TEXTS.description}>{transaction.description}</Detail>
        {transaction.waybill && <Detail label={FINANCE_TEXTS.waybill}>{transaction.waybill}</Detail>}
        {transaction.reversalOfId !== null && transaction.reversalOfId !== undefined && (
          <Detail label={FINANCE_TEXTS.reversalOf}>#{transaction.reversalOfId}</Detail>
        )}
        <Detail label={FINANCE_TEXTS.amount}>{money(transaction.amount)}</Detail>
        <Detail label={FINANCE_TEXTS.balanceAfter}>{money(transaction.balanceAfter)}</Detail>
      </chakra.dl>
      <chakra.section aria-label={FINANCE_TEXTS.items}>
        <Text fontWeight="bold" mb={1}>{FINANCE_TEXTS.items}</Text>
        {items.length === 0 ? <Text fontSize="sm">{FINANCE_TEXTS.noItems}</Text> : (
          <chakra.table width="100%" fontSize="sm" css={{ borderCollapse: 'collapse', '& th, & td': { padding: '4px 8px', borderBottom: '1px solid #e2e2e2', textAlign: 'left' }, ...stackedTableCss }}>
            <thead><tr>{[description, quantity, amountExcl].map((header) => <th key={header} scope="col">{header}</th>)}</tr></thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td data-label={description}>{item.description}</td>
                  <td data-label={quantity}>{item.quantity}</td>
                  <td data-label={amountExcl}>{money(item.amountExcl)}</td>
                </tr>
              ))}
            </tbody>
          </chakra.table>
        )}
        <chakra.dl display="grid" gap={1} mt={2}>
          <Detail label={FINANCE_TEXTS.subtotal}>{money(detail.subtotal)}</Detail>
          <Detail label={FINANCE_TEXTS.vat}>{money(detail.vat)}</Detail>
          <Detail label={FINANCE_TEXTS.total}>{money(detail.total)}</Detail>
        </chakra.dl>
      </chakra.section>
      <ExportButton fileName={FINANCE_TEXTS.transactionExport(transactionId)} request={exportRequest} />
    </Stack>
  );
}
