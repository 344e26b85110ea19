import { Button } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePermissions } from '../../app/root-actor';
import { WIZARD_TEXTS } from '../../lib/booking-texts';
import { isMenuEntryVisible, MENU_ENTRIES } from '../../lib/menus';

// The wizard (its machines and steps) loads when first opened: the header stays inside the first load's budget.
const BookingWizard = lazy(async () => ({ default: (await import('./BookingWizard')).BookingWizard }));

const NEW_DELIVERY = MENU_ENTRIES.find((entry) => entry.id === 'newDelivery')!;

/** The header's 'New delivery' button (the menu entry's audience) opening the booking wizard. */
export function NewDeliveryButton() {
  const permissions = usePermissions();
  const navigate = useNavigate();
  const [round, setRound] = useState<number | null>(null);
  const close = useCallback(() => setRound(null), []);
  if (!permissions || !isMenuEntryVisible(NEW_DELIVERY, permissions)) return null;
  return (
    <>
      <Button size="sm" bg="secondary" color="white" onClick={() => setRound((n) => (n ?? 0) + 1)}>{WIZARD_TEXTS.newDelivery}</Button>
      {round !== null && (
        <Suspense fallback={null}>
          <BookingWizard key={round} onClose={close} onDashboard={() => { close(); navigate('/'); }} onAnother={() => setRound((n) => (n ?? 0) + 1)} />
        </Suspense>
      )}
    </>
  );
}
