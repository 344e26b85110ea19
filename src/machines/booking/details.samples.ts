import { toApiError } from '../../api/api-error';
import { PAYMENT_STATUS } from '../../lib/statuses';
import { defineSamples } from '../samples';
import { sampleCustomer, sampleQuote } from './booking.samples-data';
import { detailsMachine } from './details.machine';

const quote = sampleQuote(PAYMENT_STATUS.DETAILS_OUTSTANDING);
const refused = (path: string) => toApiError(400, { message: 'Phone number is not valid', errors: { PhoneNumber: ['Phone number is not valid'] } }, path);

export const detailsSamples = defineSamples(detailsMachine, [{
  name: 'a customer with a confirmed phone',
  input: { quote, viewer: sampleCustomer },
  events: [
    { type: 'details.edit', side: 'destination', field: 'contactName', value: 'Sipho Dube' },
    { type: 'details.edit', side: 'destination', field: 'phoneNumber', value: '(083) 555-1234' },
    { type: 'details.myDetails', side: 'origin', checked: false },
    { type: 'details.editAdditional', field: 'orderReference', value: 'PO-1' },
    { type: 'xstate.done.actor.saveOrigin', output: quote },
    { type: 'xstate.error.actor.saveOrigin', error: refused('/connect/deliveries/updateorigindetails/ZA/501') },
    { type: 'xstate.done.actor.saveDestination', output: sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE) },
    { type: 'xstate.error.actor.saveDestination', error: refused('/connect/deliveries/updatedestinationdetails/ZA/501') },
    { type: 'xstate.done.actor.saveAdditional', output: sampleQuote(PAYMENT_STATUS.AWAITING_CLIENT_ACCEPTANCE) },
    { type: 'xstate.error.actor.saveAdditional', error: toApiError(500, { message: 'Internal error' }, '/connect/deliveries/updateadditionaldetails/ZA/501') },
  ],
}]);
