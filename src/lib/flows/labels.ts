import type { AnyStateMachine } from 'xstate';
import * as constants from '../constants';

/**
 * Readable labels for the diagrams: event names as written, delays as "after 30 s" with the constant behind
 * them, invoked actors' completions as "done: <id>" / "error: <id>", eventless transitions as "always".
 */

/** Per delay name, the expression the machine's `setup({ delays })` gives it ('RETRY_INTERVAL_MS'). */
export type DelaySources = Record<string, string>;

/**
 * Reads `delays: { name: EXPRESSION, ... }` from a machine's source text, so that a label names the
 * constant exactly as written (also for computed delays such as `IDLE_TIMEOUT_MS - IDLE_PROMPT_BEFORE_MS`).
 */
export function delaySourcesOf(source: string): DelaySources {
  const block = /\bdelays\s*:\s*\{([^}]*)\}/.exec(source)?.[1];
  if (!block) return {};
  const result: DelaySources = {};
  for (const entry of block.split(/,(?![^(]*\))/)) {
    const match = /^\s*([A-Za-z_$][\w$]*)\s*:\s*([\s\S]+?)\s*$/.exec(entry);
    if (match) result[match[1]!] = match[2]!.replace(/\s+/g, ' ');
  }
  return result;
}

/** 30000 → '30 s', 1500 → '1.5 s', 3420000 → '57 min', 3600000 → '1 h', 500 → '500 ms'. */
export function formatDelay(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000) return `${Number((ms / 1000).toFixed(3))} s`;
  return `${ms} ms`;
}

const NUMERIC_CONSTANTS = (Object.entries(constants) as [string, unknown][])
  .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && /_MS$/.test(entry[0]));

/** The one `*_MS` constant of src/lib/constants.ts with this value, when exactly one has it. */
export function constantNamed(ms: number): string | undefined {
  const matches = NUMERIC_CONSTANTS.filter(([, value]) => value === ms);
  return matches.length === 1 ? matches[0]![0] : undefined;
}

function delayValue(machine: AnyStateMachine, delay: string): number | undefined {
  if (/^\d+$/.test(delay)) return Number(delay);
  const configured = (machine.implementations.delays as Record<string, unknown> | undefined)?.[delay];
  return typeof configured === 'number' ? configured : undefined;
}

export interface EventLabel {
  text: string;
  delayName?: string;
}

/** `xstate.after.<delay>.<state id>`: the delay part (a number or a delay's name). */
function delayOf(eventType: string): string {
  // The state id follows the delay; ids contain dots, delay names and numbers do not.
  return eventType.slice('xstate.after.'.length).split('.')[0]!;
}

export function edgeEventLabel(eventType: string, machine: AnyStateMachine, delays: DelaySources = {}): EventLabel {
  if (eventType === '') return { text: 'always' };
  if (eventType.startsWith('xstate.after.')) {
    const delay = delayOf(eventType);
    const ms = delayValue(machine, delay);
    const source = delays[delay];
    const delayName = source ?? (ms !== undefined ? constantNamed(ms) : undefined) ?? (/^\d+$/.test(delay) ? undefined : delay);
    const text = ms !== undefined ? `after ${formatDelay(ms)}` : `after ${delay}`;
    return { text, ...(delayName && { delayName }) };
  }
  if (eventType.startsWith('xstate.done.actor.')) return { text: `done: ${eventType.slice('xstate.done.actor.'.length)}` };
  if (eventType.startsWith('xstate.error.actor.')) return { text: `error: ${eventType.slice('xstate.error.actor.'.length)}` };
  if (eventType.startsWith('xstate.done.state.')) return { text: `done: ${eventType.slice('xstate.done.state.'.length).split('.').at(-1)}` };
  return { text: eventType };
}

type Named = { name?: string; type?: string; guards?: unknown[] };

/** A guard's name as written: 'canRetry', 'and(a, b)', 'not(x)'; inline functions by their name. */
export function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (guard && typeof guard === 'object' && typeof (guard as Named).type === 'string') return (guard as Named).type!;
  if (typeof guard === 'function') {
    const fn = guard as Named;
    if (Array.isArray(fn.guards) && ['and', 'or', 'not'].includes(fn.name ?? '')) {
      return `${fn.name}(${fn.guards.map(guardName).join(', ')})`;
    }
    return fn.name && fn.name !== 'guard' ? fn.name : 'inline guard';
  }
  return 'guard';
}

/** An action's name as written; built-ins by what they do ('assign', 'raise', 'sendTo'). */
export function actionName(action: unknown): string | undefined {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object' && typeof (action as Named).type === 'string') return (action as Named).type!;
  if (typeof action === 'function') {
    const type = (action as Named).type;
    if (typeof type === 'string') return type.replace(/^xstate\./, '');
    return (action as Named).name || 'inline action';
  }
  return undefined;
}
