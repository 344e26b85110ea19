import { toApiError } from '../../api/api-error';
import { DELIVERY_ADMIN_TEXTS } from '../../lib/deliveries-admin';
import { defineSamples } from '../samples';
import { deliveryActionsMachine } from './delivery-actions.machine';

export const deliveryActionsSamples = defineSamples(deliveryActionsMachine, [
  {
    name: 'reverse the logistic status (allowed, then refused by the chart)',
    input: { cca2: 'ZA', id: 42 },
    events: [
      { type: 'actions.request', action: 'reverseLogisticStatus' },
      { type: 'actions.confirmNo' },
      { type: 'actions.confirmYes' },
      { type: 'xstate.done.actor.runAction', output: undefined },
      { type: 'xstate.error.actor.runAction', error: toApiError(409, { message: DELIVERY_ADMIN_TEXTS.notAllowed('Ready') }, '/connect/deliveries/reverseLogisticStatus/ZA/42') },
      { type: 'actions.dismiss' },
    ],
  },
  {
    name: 'clone opens the new delivery',
    input: { cca2: 'ZA', id: 42 },
    events: [
      { type: 'actions.request', action: 'clone' },
      { type: 'actions.confirmYes' },
      { type: 'xstate.done.actor.runAction', output: 43 },
    ],
  },
  {
    name: 'proof of delivery needs the recipient',
    input: { cca2: 'ZA', id: 42 },
    events: [
      { type: 'actions.request', action: 'updatedeliveryproof' },
      { type: 'actions.proof', name: 'recipientName', value: 'Front desk' },
      { type: 'actions.confirmYes' },
      { type: 'xstate.done.actor.runAction', output: undefined },
    ],
  },
], 'transitions');
