import type { OperationId } from '../lib/access';
import { DELETE_RELOAD_DELAY_MS } from '../lib/shell-constants';
import { FORM_TEXTS } from '../lib/resource-texts';
import type { BulkActionDef } from './types';

/** Texts of the list's selection and bulk action bar (ours; the spec names the calls and the success texts only). */
export const BULK_TEXTS = {
  selectRow: (label: string): string => `Select ${label}`,
  selectPage: 'Select all rows on this page',
  selected: (n: number): string => `${n} selected`,
  clearSelection: 'Clear selection',
  bulkActions: 'Actions on the selected rows',
  valueRequired: (label: string): string => `${label} is required`,
} as const;

const plural = (n: number, singular: string, pluralName: string) => `${n} ${n === 1 ? singular : pluralName}`;

/**
 * "Delete selected" for a resource whose api removes by ids (DELETE ...?ids=): the shared confirm dialog asks
 * No / Yes, the resource's own success text follows ('deleted N stores.'), and the list reloads — after the
 * spec's 2 s where it says so (deliveries).
 */
export function deleteSelected(options: {
  operation: OperationId;
  singular: string;
  pluralName: string;
  remove: (cca2: string, ids: number[]) => Promise<number>;
  doneText: (n: number) => string;
  delayedReload?: boolean;
}): BulkActionDef {
  return {
    id: 'delete',
    label: FORM_TEXTS.delete,
    operation: options.operation,
    question: (n) => FORM_TEXTS.deleteQuestion(plural(n, options.singular, options.pluralName)),
    run: (cca2, ids) => options.remove(cca2, ids),
    doneText: options.doneText,
    ...(options.delayedReload && { reloadDelayMs: DELETE_RELOAD_DELAY_MS }),
  };
}
