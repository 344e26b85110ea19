import { createContext, Suspense, useContext, type ReactNode } from 'react';

/**
 * The booking wizard's 'New delivery' button (an element) as the app shell provides it, so that a screen of
 * another feature (the customer's dashboard) shows it without importing the booking feature (DESIGN "Layout").
 */
export const NewDeliveryContext = createContext<ReactNode>(null);

/**
 * Router state that reopens the booking wizard on a delivery (the card provider's return, the dashboard's
 * 'Continue'): the provided 'New delivery' button reads it.
 */
export interface PaymentReturnState {
  bookingDeliveryId: number | null;
}

/** The provided 'New delivery' button; nothing where the app provides none. */
export function NewDeliverySlot() {
  const newDelivery = useContext(NewDeliveryContext);
  return <Suspense fallback={null}>{newDelivery}</Suspense>;
}
