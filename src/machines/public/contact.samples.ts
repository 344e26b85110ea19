import { toApiError } from '../../api/api-error';
import { CONTACT_TEXTS } from '../../lib/contact';
import { defineSamples } from '../samples';
import { contactMachine } from './contact.machine';

const url = '/connect/public/za/contact';
const badEmail = toApiError(400, { message: CONTACT_TEXTS.invalidEmail, errors: { email: [CONTACT_TEXTS.invalidEmail] } }, url);
const tooMany = toApiError(429, { message: CONTACT_TEXTS.tooMany }, url);

export const contactSamples = defineSamples(contactMachine, [
  {
    name: 'write, fix the named fields, send, and send another',
    input: { cca2: 'za' },
    events: [
      { type: 'submit' },
      { type: 'field.change', field: 'name', value: 'Thandi Nkosi' },
      { type: 'field.change', field: 'email', value: 'thandi@example.test' },
      { type: 'field.change', field: 'subject', value: 'Collection from my office' },
      { type: 'field.change', field: 'message', value: 'Can a driver collect three boxes on Friday?' },
      { type: 'website.change', value: '' },
      { type: 'xstate.error.actor.sendContactMessage', error: badEmail },
      { type: 'xstate.error.actor.sendContactMessage', error: tooMany },
      { type: 'xstate.done.actor.sendContactMessage', output: { message: CONTACT_TEXTS.received } },
      { type: 'again' },
    ],
  },
  {
    name: 'refused without a field to name (too many from this address), then sent',
    input: { cca2: 'za' },
    events: [
      { type: 'field.change', field: 'name', value: 'Thandi Nkosi' },
      { type: 'field.change', field: 'email', value: 'thandi@example.test' },
      { type: 'field.change', field: 'subject', value: 'Collection from my office' },
      { type: 'field.change', field: 'message', value: 'Can a driver collect three boxes on Friday?' },
      { type: 'xstate.error.actor.sendContactMessage', error: tooMany },
      { type: 'xstate.done.actor.sendContactMessage', output: { message: CONTACT_TEXTS.received } },
    ],
  },
], 'transitions');
