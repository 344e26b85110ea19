import { toApiError } from '../../api/api-error';
import { PAYMENT_STATUS } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { sampleCustomer, sampleQuote } from './booking.samples-data';
import { detailsMachine } from './details.machine';

const quote = sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING);
/** A delivery picked up at a store (its contact is what 'my details' copies on the Pick-up side). */
export const storePickUp = sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING, {
  originStoreId: 3, originStoreName: 'Acme Sea Point',
  originStore: { storeName: 'Acme Sea Point', contactName: 'Sea Point front desk', phoneNumber: '+27215550101', email: 'seapoint@acme.test' },
});
const unconfirmedCustomer = { ...sampleCustomer, permissions: { ...sampleCustomer.permissions, phoneNumberConfirmed: false } };
const refused = (path: string) => toApiError(400, { message: 'Phone number is not valid', errors: { PhoneNumber: ['Phone number is not valid'] } }, path);

export const detailsSamples = defineSamples(detailsMachine, [{
  name: 'a customer with a confirmed phone',
  input: { quote, viewer: sampleCustomer },
  events: [
    { type: 'details.edit', side: 'destination', field: 'contactName', value: 'Sipho Dube' },
    { type: 'details.edit', side: 'destination', field: 'phoneNumber', value: '(083) 555-1234' },
    { type: 'details.myDetails', side: 'origin', checked: false },
    { type: 'details.edit', side: 'origin', field: 'contactName', value: 'Thandi Nkosi' },
    { type: 'details.myDetails', side: 'destination', checked: true },
    { type: 'details.editAdditional', field: 'orderReference', value: 'PO-1' },
    { type: 'xstate.done.actor.saveOrigin', output: quote },
    { type: 'xstate.error.actor.saveOrigin', error: refused('/connect/deliveries/updateorigindetails/ZA/501') },
    { type: 'xstate.done.actor.saveDestination', output: sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE) },
    { type: 'xstate.error.actor.saveDestination', error: refused('/connect/deliveries/updatedestinationdetails/ZA/501') },
    { type: 'xstate.done.actor.saveAdditional', output: sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE) },
    { type: 'xstate.error.actor.saveAdditional', error: toApiError(500, { message: 'Internal error' }, '/connect/deliveries/updateadditionaldetails/ZA/501') },
  ],
}, {
  // 001 section 2: with a store set, 'my details' is usable without a confirmed phone and copies the store's contact.
  name: 'a pick-up at a store, the phone not confirmed',
  input: { quote: storePickUp, viewer: unconfirmedCustomer },
  events: [
    { type: 'details.myDetails', side: 'origin', checked: true },
    { type: 'details.myDetails', side: 'origin', checked: false },
    { type: 'details.edit', side: 'destination', field: 'contactName', value: 'Sipho Dube' },
    { type: 'details.edit', side: 'destination', field: 'phoneNumber', value: '(083) 555-1234' },
    { type: 'xstate.done.actor.saveOrigin', output: storePickUp },
    { type: 'xstate.done.actor.saveDestination', output: sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE) },
    { type: 'xstate.done.actor.saveAdditional', output: sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE) },
  ],
}], 'transitions');
