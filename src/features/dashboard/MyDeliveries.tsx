import { Alert, Box, Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { quoteCancelMachine } from '../../machines/dashboard/quote-cancel.machine';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { RECEIPT_TEXTS } from '../../lib/booking-texts';
import { fetchReceipt } from '../../resources/my-deliveries';
import { ReceiptButton } from '../../ui/ReceiptButton';
import { QuoteCancelView } from './QuoteCancelView';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { DATE_FORMATS, SERVICE_LEVELS } from '../../lib/constants';
import { MY_DELIVERIES_TEXTS as TEXTS } from '../../lib/dashboard-texts';
import { formatDate, formatWindow, localDateTimeToIsoUtc } from '../../lib/dates';
import { isMenuEntryVisible, MENU_ENTRIES } from '../../lib/menus';
import { formatMoney } from '../../lib/money';
import type { MyDelivery } from '../../resources/my-deliveries';
import type { Page } from '../../resources/types';
import type { Permissions } from '../../lib/roles';
import { hasReceipt, isCancellableQuote, isWizardPaymentStatus } from '../../lib/statuses';
import { NewDeliverySlot, type PaymentReturnState } from '../../ui/NewDeliverySlot';
import { Pagination } from '../../ui/Pagination';
import { stackedTableCss } from '../../ui/table-styles';
import { useResourceList } from '../../ui/admin/use-resource-list';

const NEW_DELIVERY = MENU_ENTRIES.find((entry) => entry.id === 'newDelivery')!;
const Table = chakra('table');
const Th = chakra('th');
const Td = chakra('td');

const serviceLevelOf = (slaType: string | null): string =>
  slaType === null ? '' : (SERVICE_LEVELS as Record<string, string>)[slaType] ?? slaType;

/**
 * /dashboard for a customer who may not read the deliveries list (issue 4): the deliveries they placed, newest
 * first, paged through the URL by the shared list machine (resource 'myDeliveries'), reloaded after a reconnect
 * and whenever /dashboard is opened again (the wizard's 'Go to dashboard'). 'Continue' reopens the booking wizard
 * on a delivery still being booked the way /paymentcallback does (router state for the header's New delivery).
 * Issue 21: a paid delivery offers its receipt (PDF); an unpaid quote can be cancelled (quoteCancel chart); expired
 * and cancelled quotes are hidden unless 'Show expired and cancelled quotes' is ticked (a list filter, in the URL).
 */
export function MyDeliveries({ permissions }: { permissions: Permissions }) {
  const actor = useResourceList('myDeliveries');
  const location = useLocation();
  const navigate = useNavigate();
  const portal = usePortal();
  const page = useSelector(actor, (snapshot) => snapshot.context.page) as Page<MyDelivery> | undefined;
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag('loading'));
  const pageSize = useSelector(actor, (snapshot) => snapshot.context.params.pageSize);
  const pageSizes = useSelector(actor, (snapshot) => snapshot.context.shape.pageSizes);
  const showExpired = useSelector(actor, (snapshot) => snapshot.context.params.filters.showExpired === 'true');
  const mayBook = isMenuEntryVisible(NEW_DELIVERY, permissions);
  const cancel = useScreenActor(quoteCancelMachine, { cca2: portal.cca2 });
  const cancelling = useSelector(cancel, (snapshot) => snapshot.hasTag('busy'));
  // A cancelled quote leaves the list: reload it.
  useEffect(() => {
    const subscription = cancel.on('cancel.done', () => actor.send({ type: 'list.reload' }));
    return () => subscription.unsubscribe();
  }, [cancel, actor]);
  // Opening /dashboard again (e.g. 'Go to dashboard' after paying) shows the list as it is now.
  useEffect(() => {
    actor.send({ type: 'list.reload' });
  }, [actor, location.key]);

  const reopen = (deliveryId: number) => {
    const returnState: PaymentReturnState = { bookingDeliveryId: deliveryId };
    void navigate({ pathname: location.pathname, search: location.search }, { state: returnState });
  };
  // The ready-for-collection day, then the pick-up window read against it (a bound on another day shows its day).
  const windowOf = (row: MyDelivery) => {
    const day = localDateTimeToIsoUtc(row.readyForCollectionDate, '12:00', portal.timeZone);
    return TEXTS.window(formatDate(day, DATE_FORMATS.displayDate, portal.timeZone),
      formatWindow(row.pickupWindowStartUtc, row.pickupWindowEndUtc, { timeZone: portal.timeZone, anchorUtc: day }));
  };
  const money = (cents: number) => formatMoney(cents, { currency: portal.currency, decimals: portal.currencyDecimals });

  return (
    <Box as="main" px={{ base: 3, md: 6 }} py={6} data-testid="my-deliveries">
      <Stack gap={4}>
        <Stack gap={1}>
          <Heading as="h1" size="lg">{TEXTS.title}</Heading>
          <Text color="fg.muted">{TEXTS.intro}</Text>
        </Stack>
        {failed && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{error?.message}</Alert.Title>
            <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'list.retry' })}>{TEXTS.tryAgain}</Button>
          </Alert.Root>
        )}
        <QuoteCancelView cancel={cancel} />
        <label>
          <input type="checkbox" checked={showExpired}
            onChange={(event) => actor.send({ type: 'list.filter', name: 'showExpired', value: event.target.checked ? 'true' : undefined })} />
          {' '}{TEXTS.showExpired}
        </label>
        {!page && loading && <div role="status">{TEXTS.loading}</div>}
        {page && page.paging.totalItems === 0 && (
          <Stack gap={3} align="flex-start" data-testid="my-deliveries-empty">
            <Text fontWeight="semibold">{TEXTS.empty}</Text>
            {mayBook && (
              <>
                <Text>{TEXTS.emptyBook}</Text>
                <NewDeliverySlot />
              </>
            )}
          </Stack>
        )}
        {page && page.paging.totalItems > 0 && (
          <>
            <Box overflowX="auto">
              {/* On a phone each delivery is a card (the shared stacked table style). */}
              <Table role="table" width="full" fontSize="sm" aria-busy={loading} css={stackedTableCss}>
                <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{TEXTS.title}</caption>
                <thead>
                  <tr>
                    {[TEXTS.waybill, TEXTS.pickUp, TEXTS.serviceLevel, TEXTS.route, TEXTS.payment, TEXTS.status, TEXTS.totalPaid, TEXTS.actions].map((header) => (
                      <Th key={header} data-static="" textAlign="start" px={2} py={2} borderBottomWidth="1px" whiteSpace="nowrap">{header}</Th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((row) => {
                    const waybill = row.waybill ?? TEXTS.unpaid;
                    return (
                      <tr key={row.id} data-testid={`my-delivery-${row.id}`}>
                        <Td data-label={TEXTS.waybill} px={2} py={2} borderBottomWidth="1px" fontWeight="semibold">{waybill}</Td>
                        <Td data-label={TEXTS.pickUp} px={2} py={2} borderBottomWidth="1px" whiteSpace="nowrap">{windowOf(row)}</Td>
                        <Td data-label={TEXTS.serviceLevel} px={2} py={2} borderBottomWidth="1px">{serviceLevelOf(row.slaType)}</Td>
                        <Td data-label={TEXTS.route} px={2} py={2} borderBottomWidth="1px">{TEXTS.fromTo(row.originDescription, row.destinationDescription)}</Td>
                        <Td data-label={TEXTS.payment} px={2} py={2} borderBottomWidth="1px">{row.quoteExpired && isWizardPaymentStatus(row.paymentStatusId) ? TEXTS.expired : row.paymentStatus}</Td>
                        <Td data-label={TEXTS.status} px={2} py={2} borderBottomWidth="1px">{row.logisticStatus}</Td>
                        <Td data-label={TEXTS.totalPaid} px={2} py={2} borderBottomWidth="1px" whiteSpace="nowrap">{hasReceipt(row.paymentStatusId) ? money(row.totalPaidCents) : ''}</Td>
                        <Td data-label={TEXTS.actions} px={2} py={2} borderBottomWidth="1px" whiteSpace="nowrap">
                          <Stack direction="row" gap={2}>
                            {row.trackingHash && (
                              <RouterLink to={`/track/${row.trackingHash}`} aria-label={TEXTS.trackLabel(waybill)}>{TEXTS.track}</RouterLink>
                            )}
                            {mayBook && isWizardPaymentStatus(row.paymentStatusId) && (
                              <Button size="xs" variant="outline" aria-label={TEXTS.continueLabel(row.id)} onClick={() => reopen(row.id)}>{TEXTS.continue}</Button>
                            )}
                            {isCancellableQuote(row.paymentStatusId) && (
                              <Button size="xs" variant="outline" aria-label={TEXTS.cancelLabel(row.id)} disabled={cancelling}
                                onClick={() => cancel.send({ type: 'cancel.request', target: { id: row.id, xmin: row.xmin, label: `#${row.id}` } })}>{TEXTS.cancel}</Button>
                            )}
                            {hasReceipt(row.paymentStatusId) && (
                              <ReceiptButton fileName={RECEIPT_TEXTS.fileName(waybill)} reference={waybill} request={() => fetchReceipt(portal.cca2, row.id)} />
                            )}
                          </Stack>
                        </Td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            </Box>
            <Pagination page={page.paging.page} totalPages={page.paging.totalPages} totalItems={page.paging.totalItems}
              pageSize={pageSize} pageSizes={pageSizes}
              onPage={(next) => actor.send({ type: 'list.page', page: next })} onPageSize={(size) => actor.send({ type: 'list.pageSize', pageSize: size })} />
          </>
        )}
      </Stack>
    </Box>
  );
}
