import { PAGE_SIZE_OPTIONS } from '../lib/list-constants';
import { asIs, entityCalls, resourceApi, type EntityRow } from './provider';
import type { ResourceDef } from './types';
import { isoDateToDisplay } from '../lib/date-format';

export type Announcement = EntityRow<'announcements'>;

/**
 * Announcements (000 section 2: /announcements, add, edit; access administrator, management, staff). Shown to
 * every signed-in user of the portal as a dismissible banner from the start date through the end date.
 */
export const announcementsResource: ResourceDef<Announcement> = {
  id: 'announcements',
  title: 'Announcements',
  singular: 'announcement',
  routes: { list: '/announcements', add: '/announcements/add', edit: '/announcements/edit/:id' },
  operations: {
    list: 'getannouncements', get: 'getannouncement', create: 'createannouncement', update: 'updateannouncement', remove: 'deleteannouncements',
  },
  columns: [
    { key: 'title', header: 'Title', sortKey: 'title' },
    { key: 'message', header: 'Message', text: (row) => (row.message.length > 80 ? `${row.message.slice(0, 79)}…` : row.message) },
    { key: 'startDate', header: 'Start date', sortKey: 'startDate', text: (row) => isoDateToDisplay(row.startDate) || row.startDate },
    { key: 'endDate', header: 'End date', text: (row) => isoDateToDisplay(row.endDate) || (row.endDate ?? '') },
    { key: 'isActive', header: 'Active', sortKey: 'isActive', text: (row) => (row.isActive ? 'Yes' : 'No') },
  ],
  filters: [
    { kind: 'boolean', name: 'isActive', label: 'Active' },
    { kind: 'date', name: 'activeOn', label: 'Shown on' },
  ],
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 200 },
    { name: 'message', label: 'Message', kind: 'text', required: true, maxLength: 2000 },
    { name: 'startDate', label: 'Start date', kind: 'date', required: true },
    { name: 'endDate', label: 'End date (optional)', kind: 'date' },
    { name: 'isActive', label: 'Active', kind: 'boolean' },
  ],
  defaultSort: 'startDate',
  pageSizes: PAGE_SIZE_OPTIONS,
  // Not in the spec's export names: the server has no export for announcements.
  exportName: 'Announcements',
  createOpensEdit: true,
  label: (row) => row.title,
  api: resourceApi(entityCalls('announcements'), {
    row: asIs, record: asIs, created: asIs, updated: asIs, remove: 'byIds',
    select: { from: 'rows', query: (search) => ({ search }), option: (row) => ({ key: String(row.id), value: row.title }) },
  }),
};
