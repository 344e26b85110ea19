import { assertEvent, assign, type ExtractEvent } from 'xstate';
import { hasErrors, type FieldErrors } from '../../lib/account-validation';
import { failureOf, namesFields, submitFailed } from '../auth/account-helpers';
import type { FormSubmitSchema } from './form-submit.types';

export type { FormMessages, FormSubmitSchema } from './form-submit.types';

/**
 * The actions the chart names; a machine built on it spreads them into its `setup({ actions })`. A function of
 * the schema because XState types an action by its machine's context and events. They return the whole
 * context because TypeScript cannot check a literal against `Partial` of a generic context.
 */
export function formSubmitActions<TSchema extends FormSubmitSchema>() {
  type Context = TSchema['context'];
  type Event = TSchema['events'];
  return {
    clearMessages: assign<Context, Event, undefined, Event, never>(({ context }) => ({ ...context, errors: {}, problem: null })),
    reject: assign<Context, Event, { errors: FieldErrors }, Event, never>(({ context }, params) => ({ ...context, errors: params.errors, problem: null })),
    fail: assign<Context, Event, { error: unknown }, Event, never>(({ context }, params) => ({ ...context, ...failureOf(params.error) })),
    keep: assign<Context, Event, Partial<Context>, Event, never>(({ context }, params) => ({ ...context, ...params })),
  };
}

/** The guards the chart names; spread into `setup({ guards })`. */
export const formSubmitGuards = {
  valid: (_: unknown, params: { errors: FieldErrors }) => !hasErrors(params.errors),
  namesFields,
};

type SubmitEvent<TSchema extends FormSubmitSchema, TSubmit extends TSchema['events']['type']> = ExtractEvent<TSchema['events'], TSubmit>;

export interface FormSubmitOptions<TSchema extends FormSubmitSchema, TSubmit extends TSchema['events']['type'], TForm extends string, TBusy extends string, TSrc, TInput, TDone, TOn, TStates> {
  /** The user's submit event (its fields are the form's values). */
  submit: TSubmit;
  /** The form's checks of a submit; no errors: the values go to the server. */
  validate: (event: SubmitEvent<TSchema, TSubmit>, context: TSchema['context']) => FieldErrors;
  /** What a valid submit keeps in the context (the address being submitted ...), besides clearing the messages. */
  keep?: (event: SubmitEvent<TSchema, TSubmit>, context: TSchema['context']) => Partial<TSchema['context']>;
  /** The names of the form's state and of the busy state that invokes the submit actor, siblings. */
  form: TForm;
  busy: TBusy;
  description?: string;
  invalid?: string;
  failed?: string;
  /** The form's other transitions (cancel, resend ...) and states (saved ...). */
  on?: TOn;
  states?: TStates;
  /** The submit actor: its id and src, its input from the context and the submit event, and where it goes when done. */
  invoke: {
    id: string;
    src: TSrc;
    input: (context: TSchema['context'], event: SubmitEvent<TSchema, TSubmit>) => TInput;
    onDone: TDone;
  };
}

/**
 * The form-submit chart: editing → (invalid | busy) on a submit; busy → done, or → invalid (the server named
 * fields) or failed (anything else). The chart is a pair of sibling states spliced into the machine's own, not
 * a child actor, so the states stay the machine's (one diagram, one model-based graph, the same selectors).
 * Curried so that the schema is given and the rest inferred: `formSubmit<ChangeEmailSchema>()({ ... })`.
 */
export function formSubmit<TSchema extends FormSubmitSchema>() {
  return <const TSubmit extends TSchema['events']['type'], const TForm extends string, const TBusy extends string, const TSrc extends string = string, TInput = unknown, const TDone = unknown, const TOn = object, const TStates = object>(
    options: FormSubmitOptions<TSchema, TSubmit, TForm, TBusy, TSrc, TInput, TDone, TOn, TStates>,
  ) => {
    type SubmitArgs = { context: TSchema['context']; event: SubmitEvent<TSchema, TSubmit> };
    const errorsOf = ({ context, event }: SubmitArgs) => ({ errors: options.validate(event, context) });
    const keep = { type: 'keep' as const, params: ({ context, event }: SubmitArgs) => options.keep?.(event, context) ?? {} };
    const submitted = [
      {
        guard: { type: 'valid' as const, params: errorsOf },
        target: options.busy,
        actions: options.keep ? ['clearMessages' as const, keep] : ['clearMessages' as const],
      },
      { target: '.invalid' as const, actions: { type: 'reject' as const, params: errorsOf } },
    ];
    // A computed key types as a string index; the key is exactly the submit event.
    const submitOn = { [options.submit]: submitted } as Record<TSubmit, typeof submitted>;
    const form = {
      ...(options.description !== undefined && { description: options.description }),
      initial: 'editing' as const,
      // Object.assign rather than a spread: it keeps the machine's own states and transitions in the type.
      states: Object.assign({
        editing: {},
        invalid: { description: options.invalid ?? 'A field is missing or wrong (or the server refused it); the first one has the focus.' },
        failed: { description: options.failed ?? 'Submitting failed; the problem is shown and everything typed is kept.' },
      }, options.states),
      on: Object.assign({}, options.on, submitOn),
    };
    const busy = {
      tags: ['busy' as const],
      invoke: {
        id: options.invoke.id,
        src: options.invoke.src,
        input: ({ context, event }: { context: TSchema['context']; event: TSchema['events'] }) => {
          assertEvent(event, options.submit);
          return options.invoke.input(context, event);
        },
        onDone: options.invoke.onDone,
        onError: submitFailed(options.form),
      },
    };
    return { [options.form]: form, [options.busy]: busy } as Record<TForm, typeof form> & Record<TBusy, typeof busy>;
  };
}
