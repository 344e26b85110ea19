import { assign, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import type { ErrorReportSchema, FrontendError, ErrorReportInput } from './error-report.types';

// The contract's field limits (openapi/connect.yaml FrontendError): a longer report would be refused.
const LIMITS = { Error: 2000, Url: 2000, Agent: 1000, Stack: 16000, Auth: 200 } as const;
const clip = (text: string, limit: number) => (text.length > limit ? text.slice(0, limit) : text);

/** The body of POST /errors/frontend (000 section 7: Error, Url, Agent, Stack, Auth). */
export function frontendErrorReport({ error, url, agent, auth }: ErrorReportInput): FrontendError {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    Error: clip(message.trim() || 'Unknown error', LIMITS.Error),
    Url: clip(url, LIMITS.Url),
    Agent: clip(agent, LIMITS.Agent),
    ...(stack && { Stack: clip(stack, LIMITS.Stack) }),
    ...(auth && { Auth: clip(auth, LIMITS.Auth) }),
  };
}

export const logFrontendError = fromPromise<string, FrontendError>(async ({ input, signal }) => {
  const { data } = await api.connect.POST('/errors/frontend', { body: input, signal });
  return String(data);
});

/**
 * The unhandled-error screen's report (000 section 8): posts the error to /errors/frontend, then the screen
 * says "{id} - An error has occured and will be fixed soon!. Trying again in" or, when logging failed,
 * "Oops! An error has occured and we were unable to log it! Trying again in", followed by the reload
 * countdown.
 */
export const errorReportMachine = setup({
  types: {} as ErrorReportSchema,
  actors: { logFrontendError },
}).createMachine({
  id: 'errorReport',
  description: 'Reports an unhandled error of the app to the server and keeps the id it was recorded under.',
  context: ({ input }) => ({ report: frontendErrorReport(input), errorId: undefined }),
  initial: 'reporting',
  states: {
    reporting: {
      description: 'Posting the error to /errors/frontend.',
      invoke: {
        id: 'logFrontendError',
        src: 'logFrontendError',
        input: ({ context }) => context.report,
        onDone: { target: 'logged', actions: assign({ errorId: ({ event }) => event.output }) },
        onError: { target: 'notLogged' },
      },
    },
    logged: {
      description: 'The server recorded the error; its id is shown with the countdown.',
      type: 'final',
    },
    notLogged: {
      description: 'Logging failed too; the screen says so, with the countdown.',
      type: 'final',
    },
  },
});
