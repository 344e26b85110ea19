import { api } from '../api';
import { CONTACT_TEXTS } from '../lib/contact';
import { DATE_FORMATS, PAGE_SIZE_OPTIONS } from '../lib/constants';
import { formatDate } from '../lib/date-format';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import type { ResourceDef } from './types';

export type ContactMessageRow = EntityRow<'contactmessages'>;

/**
 * Contact messages (issue 19; staff): what visitors wrote on /contact, newest first, searchable, with the
 * waiting ones filtered by Answered = No; the selected ones are marked answered once replied to by email.
 */
export const contactMessagesResource: ResourceDef<ContactMessageRow> = {
  id: 'contactMessages',
  title: CONTACT_TEXTS.listTitle,
  singular: 'contact message',
  // No edit screen: the whole message is on its row.
  routes: { list: '/contact-messages', edit: '/contact-messages' },
  operations: { list: 'getcontactmessages', get: 'getcontactmessages', update: 'answercontactmessages' },
  columns: [
    { key: 'created', header: 'Received', sortKey: 'created', text: (row) => formatDate(row.created, DATE_FORMATS.dateTime) },
    { key: 'name', header: 'Name', sortKey: 'name' },
    { key: 'email', header: 'Email' },
    { key: 'phone', header: 'Phone', text: (row) => row.phone ?? '' },
    { key: 'subject', header: 'Subject', sortKey: 'subject' },
    { key: 'message', header: 'Message' },
    { key: 'answeredAt', header: CONTACT_TEXTS.answered, text: (row) => (row.answeredAt ? `${formatDate(row.answeredAt, DATE_FORMATS.dateTime)}${row.answeredBy ? ` by ${row.answeredBy}` : ''}` : 'No') },
  ],
  filters: [{ kind: 'boolean', name: 'answered', label: CONTACT_TEXTS.answered }],
  fields: [],
  defaultSort: 'created',
  pageSizes: PAGE_SIZE_OPTIONS,
  exportName: 'ContactMessages',
  createOpensEdit: false,
  bulkActions: [
    {
      id: 'answered',
      label: CONTACT_TEXTS.markAnswered,
      operation: 'answercontactmessages',
      question: CONTACT_TEXTS.markAnsweredQuestion,
      async run(cca2, ids) {
        const { data } = await api.connect.PUT('/contactmessages/{cca2}/answered', { params: { path: { cca2 } }, body: { ids } });
        return data!.answered;
      },
      doneText: CONTACT_TEXTS.markedAnswered,
    },
  ],
  label: (row) => `${row.subject} (${row.name})`,
  api: resourceApi(entityCalls('contactmessages'), { row: asIs, readOnly: 'Contact messages are read-only' }),
};
