import { toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { priceCalculatorMachine } from './price-calculator.machine';
import type { PublicParcelType, PublicPrice } from './public.actors';

export const sampleParcelTypes: PublicParcelType[] = [
  { id: 1, name: 'Small', length: 30, width: 20, height: 15, weight: 2 },
  { id: 2, name: 'Medium', length: 50, width: 40, height: 30, weight: 10 },
] as PublicParcelType[];

export const sampleFrom = { key: 'za-cape-town-cape-town-city-centre', value: 'Cape Town City Centre, Cape Town, Western Cape, South Africa' };
export const sampleTo = { key: 'za-stellenbosch-stellenbosch', value: 'Stellenbosch, Western Cape, South Africa' };

export const samplePrice: PublicPrice = {
  slaType: 'Standard', distanceKm: 52.74, currency: 'ZAR', vatRate: 0.15, subtotal: 18000, vat: 2700, total: 20700, date: '2026-11-26',
};

const notOffered = toApiError(422, { message: 'Hyperlocal is not offered for this route (52.74 km). Try another service level.', errors: { slaType: ['Hyperlocal is not offered for this route (52.74 km). Try another service level.'] } }, '/connect/public/za/price');
const unavailable = toApiError(503, { message: 'The service is temporarily unavailable. Please try again shortly.' }, '/connect/public/za/parceltypes');

export const priceCalculatorSamples = defineSamples(priceCalculatorMachine, [
  {
    name: 'price a parcel across town, then another level',
    input: { cca2: 'za' },
    events: [
      { type: 'xstate.done.actor.loadParcelTypes', output: sampleParcelTypes },
      { type: 'from.select', place: sampleFrom },
      { type: 'to.select', place: sampleTo },
      { type: 'xstate.done.actor.calculatePrice', output: samplePrice },
      { type: 'level.select', slaType: 'Hyperlocal' },
      { type: 'xstate.error.actor.calculatePrice', error: notOffered },
      { type: 'parcel.select', parcelTypeId: 2 },
      { type: 'retry' },
      { type: 'to.select', place: null },
    ],
  },
  {
    name: 'the parcel sizes cannot be read',
    input: { cca2: 'za' },
    events: [
      { type: 'xstate.error.actor.loadParcelTypes', error: unavailable },
      { type: 'retry' },
    ],
  },
], 'transitions');
