import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';

export type DatabaseIndex = components['schemas']['DatabaseIndex'];
export type IndexMaintenanceAction = components['schemas']['IndexMaintenanceAction'];
export type IndexMaintenanceJob = components['schemas']['IndexMaintenanceJob'];

/** Where one index's analyze or rebuild is, from the answer to the request and the bulkIndexer events. */
export interface IndexProgress {
  action: IndexMaintenanceAction;
  state: 'queued' | 'active' | 'completed' | 'failed';
  /** 0..100 */
  progress: number;
  message?: string;
}

export interface IndexManagementInput {
  cca2: string;
}

export interface IndexManagementContext {
  indexes: DatabaseIndex[];
  /** By index name: the latest analyze or rebuild asked for on this screen or seen on the events. */
  progress: Record<string, IndexProgress>;
  error: ApiError | undefined;
}

export type IndexManagementEvent =
  | { type: 'indexes.reload' }
  | { type: 'index.maintain'; indexName: string; action: IndexMaintenanceAction }
  /** A bulkIndexer event of kind indexMaintenance (from any administrator's request). */
  | { type: 'index.progress'; indexName: string; action: IndexMaintenanceAction; state: IndexProgress['state']; progress: number; message?: string };

export interface MaintainInput {
  indexName: string;
  action: IndexMaintenanceAction;
}

/** The machine's types for `setup({ types })`: one schema. */
export interface IndexManagementSchema {
  input: IndexManagementInput;
  context: IndexManagementContext;
  events: IndexManagementEvent;
  tags: 'busy' | 'loading';
}
