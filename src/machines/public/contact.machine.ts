import { assign, setup } from 'xstate';
import { asApiError } from '../../api/api-error';
import { contactErrors, type ContactValues } from '../../lib/contact';
import { errorParams, outputParams } from '../shared/shared.actions';
import { sendContactMessage } from './public.actors';
import type { ContactSchema } from './contact.types';

const EMPTY: ContactValues = { name: '', email: '', phone: '', subject: '', message: '' };

/**
 * /contact (issue 19): the visitor writes, the shared checks name each field before anything is sent, the server
 * stores the message and acknowledges it by email. What is typed is kept through every refusal; after sending,
 * "Send another message" starts a blank form.
 */
export const contactMachine = setup({
  types: {} as ContactSchema,
  actors: { sendContactMessage },
  guards: {
    isValid: ({ context }) => Object.keys(contactErrors(context.values)).length === 0,
    namesFields: (_, params: { error: unknown }) => Object.keys(asApiError(params.error).errors ?? {}).length > 0,
  },
  actions: {
    check: assign(({ context }) => ({ errors: contactErrors(context.values) })),
    storeFieldErrors: assign((_, params: { error: unknown }) => ({
      errors: Object.fromEntries(Object.entries(asApiError(params.error).errors ?? {}).map(([field, messages]) => [field, messages[0]])),
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
    storeReceived: assign((_, received: { message: string }) => ({ received: received.message })),
  },
}).createMachine({
  id: 'contact',
  description: 'Write to the operators from /contact: checked field by field, sent once, acknowledged by email.',
  context: ({ input }) => ({ cca2: input.cca2, values: EMPTY, website: '', errors: {}, error: null, received: null }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The form: name, email, phone (optional), subject and message.',
      on: {
        'field.change': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, [event.field]: event.value },
            // A field's message goes once it is edited; the others stay until the next send.
            errors: { ...context.errors, [event.field]: undefined },
          })),
        },
        'website.change': { actions: assign({ website: ({ event }) => event.value }) },
        submit: [
          { guard: 'isValid', target: 'sending', actions: assign({ errors: {}, error: null }) },
          { actions: 'check' },
        ],
      },
    },
    sending: {
      description: 'The server stores the message and queues the acknowledgement.',
      tags: ['busy'],
      invoke: {
        id: 'sendContactMessage',
        src: 'sendContactMessage',
        input: ({ context }) => ({
          cca2: context.cca2,
          body: { ...context.values, phone: context.values.phone.trim() || null, website: context.website },
        }),
        onDone: { target: 'sent', actions: { type: 'storeReceived', params: outputParams } },
        onError: [
          { guard: { type: 'namesFields', params: errorParams }, target: 'editing', actions: { type: 'storeFieldErrors', params: errorParams } },
          { target: 'editing', actions: { type: 'storeError', params: errorParams } },
        ],
      },
    },
    sent: {
      description: 'Thanked, with the confirmation sent to the visitor\'s email.',
      on: { again: { target: 'editing', actions: assign({ values: EMPTY, website: '', errors: {}, error: null, received: null }) } },
    },
  },
});
