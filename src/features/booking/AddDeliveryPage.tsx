import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SUCCESS_DASHBOARD_PATH as DASHBOARD_PATH } from '../../lib/booking-texts';
import { BookingWizard } from './BookingWizard';

/** /deliveries/add: opens the booking wizard (reopening `?deliveryid=` after the card provider's return). */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const raw = params.get('deliveryid') ?? params.get('deliveryId');
  const deliveryId = raw && /^\d+$/.test(raw) && round === 0 ? Number(raw) : null;
  const close = useCallback(() => navigate('/'), [navigate]);
  return (
    <BookingWizard key={round} deliveryId={deliveryId} onClose={close} onDashboard={() => navigate(DASHBOARD_PATH)} onAnother={() => setRound((n) => n + 1)} />
  );
}
