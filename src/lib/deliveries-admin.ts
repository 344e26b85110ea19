import { EXPORT_FILE_NAMES, PAGE_SIZE_OPTIONS } from './list-constants';
import { DELETE_RELOAD_DELAY_MS } from './shell-constants';

/**
 * The deliveries of the back office (issue 6; 002 sections 2, 3, 7): limits and texts shared by the server and
 * the screens. The spec's texts live in src/lib/error-catalogue.ts; these are ours where the spec is silent.
 */
export const DELIVERY_ADMIN_LIMITS = {
  /** The deliveries list pages up to 500 rows (the spec's ordinary page sizes). */
  maxPageSize: PAGE_SIZE_OPTIONS.at(-1)!,
  /** Bulk delivery date change and delete act on at most this many ids at once. */
  maxBulkIds: 500,
  /** The list reloads this long after a delete (002 section 7: "then the list reloads after 2 seconds"). */
  reloadAfterDeleteMs: DELETE_RELOAD_DELAY_MS,
} as const;

export const DELIVERY_ADMIN_TEXTS = {
  exportName: EXPORT_FILE_NAMES.deliveries,
  /** 000 section 9's Items: the parcels of the listed deliveries (docs/decisions.md, "The Items export"). */
  itemsExportName: EXPORT_FILE_NAMES.items,
  exportItems: 'Export items',
  /** 000 section 9: "Archived exports are named for customer deliveries" (ours: the exact name). */
  archiveExportName: `Archived ${EXPORT_FILE_NAMES.customerDeliveries}`,
  archiveTitle: 'Archived deliveries',
  // Issue 17 (ours: 000 section 9 says only that archived exports are named for partner deliveries and jobs).
  partnerArchiveExportName: 'Archived Partner Deliveries',
  partnerArchiveTitle: 'Archived partner deliveries',
  partnerJobsArchiveExportName: 'Archived Partner Jobs',
  partnerJobsArchiveTitle: 'Archived partner jobs',
  /** Lot number shown when it is 0 or less (issue 6: "lot number (N/A when ≤ 0)"). */
  notApplicable: 'N/A',
  unknownStatus: (name: string, value: string): string => `${name} '${value}' has a status code that is not in the catalogue`,
  endBeforeStart: 'End date cannot be before the start date',
  maxBelowMin: (what: string): string => `Maximum ${what} cannot be less than the minimum ${what}`,
  notAllowed: (status: string): string => `This action is not allowed while the delivery is ${status}.`,
  noCoordinates: 'The delivery addresses have no coordinates to measure the distance.',
  dateFixed: (ids: number[]): string => `The delivery date cannot change for deliveries already collected or finished: ${ids.join(', ')}`,
  notDeletable: (ids: number[]): string => `Only deliveries still at the quote stage can be deleted: ${ids.join(', ')}`,
  // Confirmations of the edit screen's actions (ours; the spec names the calls only).
  confirm: {
    canceldelivery: 'Are you sure you want to cancel this delivery?',
    cancelandreturntosender: 'Are you sure you want to cancel this delivery and return it to the sender?',
    clone: 'Are you sure you want to clone this delivery?',
    recalculateparcels: 'Are you sure you want to recalculate the parcels of this delivery?',
    recalculatelogistics: 'Are you sure you want to recalculate the logistics of this delivery?',
    reverseLogisticStatus: 'Are you sure you want to reverse the logistic status of this delivery?',
    updatedeliveryproof: 'Are you sure you want to update the proof of delivery?',
  },
  actionLabels: {
    canceldelivery: 'Cancel delivery',
    cancelandreturntosender: 'Cancel and return to sender',
    clone: 'Clone',
    recalculateparcels: 'Recalculate parcels',
    recalculatelogistics: 'Recalculate logistics',
    reverseLogisticStatus: 'Reverse logistic status',
    updatedeliveryproof: 'Update proof of delivery',
  },
  bulkDateTitle: 'Change delivery date',
  bulkDateQuestion: (n: number): string => `Change the delivery date of ${n} ${n === 1 ? 'delivery' : 'deliveries'} to the date below?`,
  deliveryDate: 'Delivery date',
  deletedDeliveries: (n: number): string => `deleted ${n} deliveries.`,
  updatedDeliveryDates: (n: number): string => `Delivery date changed for ${n} deliveries.`,
} as const;

export type DeliveryAction = keyof typeof DELIVERY_ADMIN_TEXTS.confirm;
