import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SUCCESS_DASHBOARD_PATH as DASHBOARD_PATH } from '../../lib/booking-texts';
import { BookingWizard } from './BookingWizard';

/** `?step=` counts as the header does ('Step N of 6'); the wizard's step prop counts from 0. */
const WIZARD_STEPS = 6;

function stepOf(raw: string | null): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const step = Number(raw);
  return step >= 1 && step <= WIZARD_STEPS ? step - 1 : undefined;
}

/**
 * /deliveries/add: opens the booking wizard, reopening `?deliveryid=` (the card provider's return, a link to a
 * booking under way) on the step `?step=` names when the delivery allows it (the wizard's step prop, 001 section 4).
 * The prop follows the address while the wizard is open (a link, the browser's Back or Forward to a `?step=`
 * address: docs/decisions.md "The step prop follows the address"); an address without one passes nothing, and
 * after 'Book another' the new round has none.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const raw = params.get('deliveryid') ?? params.get('deliveryId');
  const deliveryId = raw && /^\d+$/.test(raw) && round === 0 ? Number(raw) : null;
  const step = round === 0 ? stepOf(params.get('step')) : undefined;
  const close = useCallback(() => navigate('/'), [navigate]);
  return (
    <BookingWizard key={round} deliveryId={deliveryId} step={step} onClose={close} onDashboard={() => navigate(DASHBOARD_PATH)}
      onAnother={() => setRound((n) => n + 1)} />
  );
}
