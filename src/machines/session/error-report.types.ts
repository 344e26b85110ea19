import type { components } from '../../api/generated/connect';

export type FrontendError = components['schemas']['FrontendError'];

export interface ErrorReportInput {
  /** What was thrown. */
  error: unknown;
  url: string;
  agent: string;
  /** Who was signed in (user id or email), never a token; undefined when signed out. */
  auth: string | undefined;
}

export interface ErrorReportContext {
  report: FrontendError;
  /** The id the server recorded the error under. */
  errorId: string | undefined;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface ErrorReportSchema {
  context: ErrorReportContext;
  input: ErrorReportInput;
}
