export interface CountdownInput {
  /** How long before the reload; the spec's 30 s by default. */
  durationMs?: number;
}

export interface CountdownContext {
  remainingMs: number;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface CountdownSchema {
  context: CountdownContext;
  input: CountdownInput;
  events: { type: 'countdown.reloadNow' };
}
