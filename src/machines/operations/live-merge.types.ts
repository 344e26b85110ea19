import type { ApiError } from '../../api/api-error';
import type { DashboardTopic } from '../../lib/realtime';
import type { DetailKind, LiveLists, LiveUpdate, OpenDetail, TaskListType } from './live-merge';
import type { DashboardDetails, ListSources } from './operations.api';

export interface LiveMergeInput {
  cca2: string;
  /** The job of /dashboard/:id (its tasks are the shown ones), or null on /dashboard. */
  jobId: number | null;
  /** Which tasks the lists show: those of unfinished jobs or of completed ones. */
  listType: TaskListType;
  /** The dashboard hub topics this user may subscribe to (src/lib/realtime.ts maySubscribe). */
  topics: readonly DashboardTopic[];
  /** The lists this user may load (src/lib/access.ts mayCall). */
  sources: ListSources;
  muted?: boolean;
}

export interface LiveMergeContext {
  cca2: string;
  jobId: number | null;
  listType: TaskListType;
  topics: readonly DashboardTopic[];
  sources: ListSources;
  lists: LiveLists;
  /** Whether the lists have been loaded once (views show them while they reload). */
  loaded: boolean;
  /** Hub batches received while the lists load (or failed to), merged once they are there. */
  queue: readonly LiveUpdate[];
  /** How many rows the last batch brought (the view's "live" indicator). */
  lastBatchSize: number;
  /** Jobs whose tasks are expanded (one or several); their tasks count as shown. */
  expandedJobIds: number[];
  detail: OpenDetail | null;
  detailData: DashboardDetails | null;
  muted: boolean;
  error: ApiError | undefined;
}

export type LiveMergeEvent =
  /** The hub messages of one batch interval, the newest version of each row (from the hub actor). */
  | { type: 'live.batch'; updates: LiveUpdate[] }
  /** The connection came back: messages may have been lost, the lists reload over REST. */
  | { type: 'connection.reconnected' }
  | { type: 'live.retry' }
  /** Expanding a job's tasks toggles; selecting the expanded one collapses it. */
  | { type: 'live.job.toggle'; jobId: number }
  | { type: 'live.details.open'; kind: DetailKind; id: number }
  | { type: 'live.details.close' }
  | { type: 'live.details.retry' }
  | { type: 'live.mute.toggle' }
  /** Raised by a flush whose batch touched the open detail's row. */
  | { type: 'live.detail.touched' }
  // The invoked loads' outcomes, named here so that the actions can assert them: `merge` and `flushQueue` enqueue
  // `playSound` by name, which XState types only while no action of this setup takes typed params.
  | { type: 'xstate.done.actor.loadLists'; output: LiveLists }
  | { type: 'xstate.error.actor.loadLists'; error: unknown }
  | { type: 'xstate.done.actor.loadDetails'; output: DashboardDetails };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface LiveMergeSchema {
  input: LiveMergeInput;
  context: LiveMergeContext;
  events: LiveMergeEvent;
}
