import { defineSamples } from '../samples';
import { deliveryLogisticsMachine } from './delivery-logistics.machine';

export const deliveryLogisticsSamples = defineSamples(deliveryLogisticsMachine, [
  { name: 'a paid delivery', input: undefined },
], 'transitions');
