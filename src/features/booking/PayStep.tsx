import { Box, Button, chakra, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor, ActorRefFrom } from 'xstate';
import { canPayByCard } from '../../lib/booking-rules';
import { cardExpiry, maskedCardNumber, PAID_TEXTS, PAY_STEP_TEXTS, WIZARD_TEXTS } from '../../lib/booking-texts';
import { SEARCH_TEXTS } from '../../lib/search-texts';
import { formatMoney } from '../../lib/money';
import type { Permissions } from '../../lib/roles';
import { paymentReturnUrl } from '../../machines/booking/booking.actors';
import { seesTotals } from '../../machines/booking/booking.model';
import type { searchSelectMachine } from '../../machines/lists/search-select.machine';
import { ACCOUNT_SELECT_ID, canPostPay, type payMachine } from '../../machines/booking/pay.machine';
import { SearchSelect } from '../../ui/SearchSelect';
import { ProblemAlert } from './booking-ui';

type Pay = ActorRefFrom<typeof payMachine>;
type AccountSelect = Actor<typeof searchSelectMachine>;

/** Step 6: Account → Details → Payment (the card provider's widget). */
export function PayStep({ pay, permissions }: { pay: Pay; permissions: Permissions }) {
  const subStep = useSelector(pay, (s) => (s.matches('account') ? 0 : s.matches('details') ? 1 : 2));
  const completed = useSelector(pay, (s) => s.matches('completed'));
  const problem = useSelector(pay, (s) => s.context.problem);
  return (
    <Box>
      <Box as="ol" display="flex" gap={4} listStyleType="none" mb={3} aria-label={PAY_STEP_TEXTS.subStepsLabel}>
        {PAY_STEP_TEXTS.subSteps.map((title, index) => (
          <Text as="li" key={title} fontWeight={index === subStep ? 'bold' : 'normal'} aria-current={index === subStep ? 'step' : undefined}>{title}</Text>
        ))}
      </Box>
      <ProblemAlert problem={problem} />
      {completed && (
        <Flex direction="column" gap={3} data-testid="pay-completed">
          <Text>{PAY_STEP_TEXTS.allStepsCompleted}</Text>
          <Box><Button variant="outline" onClick={() => pay.send({ type: 'pay.reset' })}>{PAY_STEP_TEXTS.reset}</Button></Box>
        </Flex>
      )}
      {subStep === 0 ? <AccountChoice pay={pay} permissions={permissions} /> : subStep === 1 ? <PaymentDetails pay={pay} permissions={permissions} /> : (
        // Submitted, the card form stays in the page, hidden: the provider's frame is still sending the card, and
        // the provider then sends the browser to the return page. Taking the frame out would cancel the payment.
        <Box hidden={completed}><CardPayment pay={pay} /></Box>
      )}
    </Box>
  );
}

function AccountChoice({ pay, permissions }: { pay: Pay; permissions: Permissions }) {
  const accounts = useSelector(pay, (s) => s.context.accounts);
  const accountId = useSelector(pay, (s) => s.context.accountId);
  const account = useSelector(pay, (s) => s.context.account);
  const busy = useSelector(pay, (s) => s.hasTag('busy') || s.hasTag('loading'));
  const loading = useSelector(pay, (s) => s.hasTag('loading'));
  // The account search select lives while the account is being chosen (pay chart, account.choosing).
  const select = useSelector(pay, (s) => s.children[ACCOUNT_SELECT_ID] as AccountSelect | undefined);
  // The chosen account's balance is known once it was selected (back from Details): shown to privileged users.
  const balance = seesTotals(permissions) && account && account.id === accountId ? account.balance : null;
  // Nothing to choose from at all: 'No matching accounts found.' (001 section 5) as the field's message.
  const none = !loading && accounts.length === 0;
  const errorId = none ? 'pay-account-none' : undefined;
  const label = `${PAY_STEP_TEXTS.selectAccount} *`;
  const chosenName = accounts.find((option) => option.key === accountId)?.value ?? (account?.id === accountId ? account?.accountName : undefined);
  return (
    <form noValidate data-testid="pay-account" onSubmit={(event) => { event.preventDefault(); pay.send({ type: 'pay.next' }); }}>
      <Box mb={3}>
        {select ? (
          <SearchSelect label={label} actor={select} errorId={errorId} disabled={busy}
            texts={{ placeholder: PAY_STEP_TEXTS.accountPlaceholder, empty: SEARCH_TEXTS.enterAccountName, noResults: PAY_STEP_TEXTS.noMatchingAccounts }} />
        ) : (
          // Loading the payable accounts, or confirming the chosen one: the same field, not usable meanwhile.
          <Stack gap={1}>
            <chakra.label htmlFor="pay-account-pending" fontWeight="medium" fontSize="sm">{label}</chakra.label>
            {chosenName && <Text fontSize="sm" data-testid="search-select-selected">{chosenName}</Text>}
            <Input id="pay-account-pending" size="sm" role="combobox" aria-expanded={false} disabled placeholder={PAY_STEP_TEXTS.accountPlaceholder} value="" readOnly />
          </Stack>
        )}
        {none && <Text id={errorId} role="alert" fontSize="sm" color="fg.error">{PAY_STEP_TEXTS.noMatchingAccounts}</Text>}
      </Box>
      {balance !== null && <Text mb={3} data-testid="account-balance">{PAY_STEP_TEXTS.currentBalance}: {formatMoney(balance)}</Text>}
      <Button type="submit" disabled={busy || accountId === null} aria-busy={busy}>{PAY_STEP_TEXTS.next}</Button>
    </form>
  );
}

function PaymentDetails({ pay, permissions }: { pay: Pay; permissions: Permissions }) {
  const quote = useSelector(pay, (s) => s.context.quote);
  const account = useSelector(pay, (s) => s.context.account);
  const cards = useSelector(pay, (s) => s.context.cards);
  const busy = useSelector(pay, (s) => s.hasTag('busy'));
  const totals = seesTotals(permissions);
  return (
    <Box data-testid="pay-details">
      <Heading as="h3" size="md" mb={2}>{PAY_STEP_TEXTS.paymentDetails}</Heading>
      {totals && account && <Text data-testid="account-balance">{PAY_STEP_TEXTS.currentBalance}: {formatMoney(account.balance)}</Text>}
      {totals && (
        <Box as="dl" mb={3} data-testid="pay-totals">
          <Text as="dt">{PAY_STEP_TEXTS.total}</Text><Text as="dd">{formatMoney(quote.paymentTotal)}</Text>
          <Text as="dt">{PAY_STEP_TEXTS.creditApplied}</Text><Text as="dd">{formatMoney(quote.paymentCreditApplied)}</Text>
          {quote.paymentOutStanding > 0 && (<><Text as="dt">{PAY_STEP_TEXTS.outstanding}</Text><Text as="dd">{formatMoney(quote.paymentOutStanding)}</Text></>)}
        </Box>
      )}
      <Text fontWeight="bold" mb={3} data-testid="total-due">{PAY_STEP_TEXTS.totalDue}: {formatMoney(quote.paymentTotalDue)}</Text>
      <PaymentSplit quote={quote} />
      {cards.length > 0 && (
        <Box mb={3}>
          <Heading as="h4" size="sm" id="saved-cards-heading">{PAY_STEP_TEXTS.savedCards}</Heading>
          <Box as="ul" listStyleType="none" aria-labelledby="saved-cards-heading">
            {cards.map((card) => (
              <Flex as="li" key={card.id} gap={2} align="center" data-testid="saved-card">
                <Text>{[card.paymentBrand, card.paymentType, card.holder].filter(Boolean).join(' ')} {maskedCardNumber(card.lastFourDigits)} {cardExpiry(card.expiryMonth, card.expiryYear)}</Text>
                {card.expired && <Text color="fg.error">{PAY_STEP_TEXTS.expired}</Text>}
                <Button size="xs" bg="secondary" color="white" disabled={card.expired || busy} onClick={() => pay.send({ type: 'pay.savedCard', cardId: card.id })}
                  aria-label={`${PAY_STEP_TEXTS.payNow} ${maskedCardNumber(card.lastFourDigits)}`}>{PAY_STEP_TEXTS.payNow}</Button>
                <Button size="xs" variant="outline" disabled={busy} onClick={() => pay.send({ type: 'pay.removeCard', cardId: card.id })}
                  aria-label={`${PAY_STEP_TEXTS.remove} ${maskedCardNumber(card.lastFourDigits)}`}>{PAY_STEP_TEXTS.remove}</Button>
              </Flex>
            ))}
          </Box>
        </Box>
      )}
      <Flex gap={2} wrap="wrap">
        <Button variant="outline" disabled={busy} onClick={() => pay.send({ type: 'pay.back' })}>{PAY_STEP_TEXTS.back}</Button>
        {/* 'Pay by card', or 'Pay with new card' beside saved cards; hidden when nothing is due. */}
        {canPayByCard(quote.paymentTotalDue) && (
          <Button bg="secondary" color="white" disabled={busy} aria-busy={busy} onClick={() => pay.send({ type: 'pay.newCard' })}>
            {cards.length > 0 ? PAY_STEP_TEXTS.payWithNewCard : PAY_STEP_TEXTS.payByCard}
          </Button>
        )}
        {/* 'Post pay' settles later on the account; 'Pay' when nothing is due (credit covers it). Hidden for Prepay with a total due. */}
        {canPostPay(account, quote) && (
          // The one primary action when no card is offered (nothing due: 'Pay' settles it from the balance).
          <Button {...(canPayByCard(quote.paymentTotalDue) ? { variant: 'outline' as const } : { bg: 'secondary', color: 'white' })} disabled={busy} aria-busy={busy}
            onClick={() => pay.send({ type: 'pay.postPay' })}>
            {quote.paymentTotalDue > 0 ? PAY_STEP_TEXTS.postPay : PAY_STEP_TEXTS.pay}
          </Button>
        )}
      </Flex>
      <Text textStyle="xs" mt={2}>{PAY_STEP_TEXTS.acceptedBrands}</Text>
    </Box>
  );
}

/**
 * Issue 21: when a Prepay balance covers part of the price, a card pays only the rest: every payer is told, before
 * paying, what comes from the balance and what the card is charged (privileged users also see the totals above).
 */
function PaymentSplit({ quote }: { quote: { paymentCreditApplied: number; paymentTotalDue: number } }) {
  if (quote.paymentCreditApplied <= 0 || quote.paymentTotalDue <= 0) return null;
  return (
    <Text mb={3} data-testid="payment-split">{PAID_TEXTS.split(formatMoney(quote.paymentCreditApplied), formatMoney(quote.paymentTotalDue))}</Text>
  );
}

function CardPayment({ pay }: { pay: Pay }) {
  const quote = useSelector(pay, (s) => s.context.quote);
  const checkout = useSelector(pay, (s) => s.context.checkout);
  const saveCard = useSelector(pay, (s) => s.context.saveCard);
  const loading = useSelector(pay, (s) => s.hasTag('loading'));
  // The provider sends the shopper back to /paymentcallback with deliveryid, the current path and query (the
  // checkout's returnUrl, made from paymentReturnUrl()); the sandbox widget reads this form's action.
  const returnUrl = checkout?.returnUrl ?? paymentReturnUrl(quote.deliveryId);
  return (
    <Box data-testid="pay-payment">
      <Text fontWeight="bold" mb={2} data-testid="payment-total-due">{PAY_STEP_TEXTS.totalDue}: {formatMoney(quote.paymentTotalDue)}</Text>
      <PaymentSplit quote={quote} />
      <label>
        <input type="checkbox" checked={saveCard} onChange={(event) => pay.send({ type: 'pay.saveCard', checked: event.target.checked })} /> {PAY_STEP_TEXTS.saveCard}
      </label>
      {loading && <Text role="status">{WIZARD_TEXTS.loading}</Text>}
      {checkout && <form key={checkout.checkoutId} action={returnUrl} className="paymentWidgets" data-brands={checkout.brands} data-testid="payment-widget"
        aria-label={PAY_STEP_TEXTS.cardForm} />}
      <Button mt={3} variant="outline" onClick={() => pay.send({ type: 'pay.back' })}>{PAY_STEP_TEXTS.back}</Button>
    </Box>
  );
}
