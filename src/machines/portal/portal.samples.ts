import { noResponseError, toApiError } from '../../api/api-error';
import { defineSamples } from '../samples';
import { portalMachine } from './portal.machine';
import type { Portal } from './portal.types';

export const samplePortalZa: Portal = {
  cca2: 'ZA', name: 'South Africa', currency: 'ZAR', currencyDecimals: 2, timeZone: 'Africa/Johannesburg', vatRate: 0.15,
};

const lookupEvents = [
  { type: 'xstate.done.actor.lookupPortal', output: samplePortalZa },
  { type: 'xstate.error.actor.lookupPortal', error: toApiError(404, { message: 'Not found: country za' }, '/connect/countries/za') },
  { type: 'xstate.error.actor.lookupPortal', error: noResponseError() },
];

export const portalSamples = defineSamples(portalMachine, [
  { name: 'loopback host (default portal ZA)', input: { hostname: 'localhost', defaultPortal: 'ZA' }, events: lookupEvents },
  { name: 'host without a portal code', input: { hostname: 'www.example.com', defaultPortal: 'ZA' } },
], 'transitions');
