/** A task as stored: its type, its status and whether the driver has arrived. */
export interface TaskRow {
  taskTypeId: number;
  taskStatusId: number;
  arrivedDate?: string | null;
}

export interface TaskInput {
  taskTypeId: number;
}

export interface ArrivedLocation {
  lat: number;
  lon: number;
}

export interface TaskContext {
  taskTypeId: number;
  arrivedDate: string | null;
  arrivedLocation: ArrivedLocation | null;
}

/** The task calls of 002 section 7 (start, arrived, completepickup, completedropoff, exceptionpickup, exceptiondropoff) and cancellation with its job. */
export type TaskEvent =
  | { type: 'task.start' }
  | { type: 'task.arrived'; at: string; location: ArrivedLocation }
  | { type: 'task.completePickup' }
  | { type: 'task.completeDropoff' }
  | { type: 'task.exceptionPickup' }
  | { type: 'task.exceptionDropoff' }
  | { type: 'task.cancel' }
  /** reverseJobStatus of a completed job: its last finished task opens again (a cancelled one: not started). */
  | { type: 'task.reverse' };

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface TaskSchema {
  context: TaskContext;
  input: TaskInput;
  events: TaskEvent;
}
