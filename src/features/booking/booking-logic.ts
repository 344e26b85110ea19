import { createContext, useContext } from 'react';
import { paymentCallbackMachine } from '../../machines/booking/payment-callback.machine';
import { wizardMachine } from '../../machines/booking/wizard.machine';

/**
 * The machine behind the booking wizard. The wizard runs it as a screen actor (useScreenActor); tests
 * provide a controlled one (its calls answered by hand, its details and pay sub-charts in place).
 */
export interface BookingLogic {
  wizard: typeof wizardMachine;
  /** /paymentcallback (PaymentCallbackPage); the default machine when absent. */
  paymentCallback?: typeof paymentCallbackMachine;
}

export const defaultBookingLogic: BookingLogic = { wizard: wizardMachine, paymentCallback: paymentCallbackMachine };

export const BookingLogicContext = createContext<BookingLogic>(defaultBookingLogic);

export function useBookingLogic(): BookingLogic {
  return useContext(BookingLogicContext);
}
