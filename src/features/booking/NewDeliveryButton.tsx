import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePermissions } from '../../machines/root/root-actor';
import { SUCCESS_DASHBOARD_PATH as DASHBOARD_PATH } from '../../lib/shell-constants';
import { isMenuEntryVisible, MENU_ENTRIES } from '../../lib/menus';
import type { PaymentReturnState } from '../../ui/NewDeliverySlot';

// The wizard (its machines and steps) loads when first opened: the header stays inside the first load's budget.
const BookingWizard = lazy(async () => ({ default: (await import('./BookingWizard')).BookingWizard }));

// The button's label is the menu entry's (the same words as the wizard's WIZARD_TEXTS.newDelivery): the booking
// texts load with the wizard, not with every signed-in page (issue 19).
const NEW_DELIVERY = MENU_ENTRIES.find((entry) => entry.id === 'newDelivery')!;

/** The header's 'New delivery' button (the menu entry's audience) opening the booking wizard. */
export function NewDeliveryButton() {
  const permissions = usePermissions();
  const navigate = useNavigate();
  const [round, setRound] = useState<number | null>(null);
  // Back from the card provider (/paymentcallback): the wizard reopens on that delivery, once.
  const location = useLocation();
  const returned = (location.state as PaymentReturnState | null)?.bookingDeliveryId;
  const [reopen, setReopen] = useState<number | null>(null);
  const [reopenedAt, setReopenedAt] = useState<string | null>(null);
  if (typeof returned === 'number' && reopenedAt !== location.key) {
    setReopenedAt(location.key);
    setReopen(returned);
    setRound((n) => (n ?? 0) + 1);
  }
  useEffect(() => {
    if (typeof returned === 'number') void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [returned, navigate, location.pathname, location.search]);
  const close = useCallback(() => { setRound(null); setReopen(null); }, []);
  if (!permissions || !isMenuEntryVisible(NEW_DELIVERY, permissions)) return null;
  return (
    <>
      <Button size="sm" bg="secondary" color="white" onClick={() => setRound((n) => (n ?? 0) + 1)}>{NEW_DELIVERY.label}</Button>
      {round !== null && (
        <Suspense fallback={null}>
          <BookingWizard key={round} deliveryId={reopen} onClose={close} onDashboard={() => { close(); void navigate(DASHBOARD_PATH); }}
            onAnother={() => { setReopen(null); setRound((n) => (n ?? 0) + 1); }} />
        </Suspense>
      )}
    </>
  );
}
