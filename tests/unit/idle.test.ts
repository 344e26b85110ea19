import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, setup, SimulatedClock, type ActorRefFrom } from 'xstate';
import { IDLE_PROMPT_BEFORE_MS, IDLE_TIMEOUT_MS } from '../../src/lib/constants';
import { idleMachine } from '../../src/machines/session/idle.machine';

const untilPrompt = IDLE_TIMEOUT_MS - IDLE_PROMPT_BEFORE_MS;
const none = fromCallback(() => undefined);

/**
 * One browser tab: the idle machine beside a stand-in auth actor (systemId 'auth') that records what it is
 * sent. The DOM and the auth watch are the test's; the BroadcastChannel between tabs is real.
 */
function tab(clock: SimulatedClock) {
  const authEvents: string[] = [];
  const idle = idleMachine.provide({ actors: { authWatch: none, activityWatch: none, countdown: none } });
  const root = setup({
    actors: { idle, auth: fromCallback(({ receive }) => { receive((event) => authEvents.push(event.type)); }) },
  }).createMachine({
    context: ({ spawn }) => ({
      auth: spawn('auth', { systemId: 'auth' }),
      idle: spawn('idle', { id: 'idle', systemId: 'idle' }),
    }),
  });
  const actor = createActor(root, { clock }).start();
  const idleActor = (actor.getSnapshot().context as { idle: ActorRefFrom<typeof idleMachine> }).idle;
  return { actor, idle: idleActor, authEvents, value: () => idleActor.getSnapshot().value };
}

const started: { actor: { stop(): void } }[] = [];
function open(clock: SimulatedClock) {
  const created = tab(clock);
  started.push(created);
  created.idle.send({ type: 'idle.session.start' });
  return created;
}

afterEach(() => {
  for (const created of started.splice(0)) created.actor.stop();
});

describe('the idle timeout', () => {
  it('prompts 3 minutes before the hour and logs out at the hour', () => {
    const clock = new SimulatedClock();
    const one = open(clock);
    clock.increment(untilPrompt - 1);
    expect(one.value()).toEqual({ watching: 'active' });
    clock.increment(1);
    expect(one.value()).toEqual({ watching: 'prompting' });
    expect(one.idle.getSnapshot().context.remainingMs).toBe(IDLE_PROMPT_BEFORE_MS);
    clock.increment(IDLE_PROMPT_BEFORE_MS - 1);
    expect(one.authEvents).toEqual([]);
    clock.increment(1);
    expect(one.value()).toBe('inactive');
    expect(one.authEvents).toEqual(['auth.logout']);
  });

  it('restarts the hour on activity', () => {
    const clock = new SimulatedClock();
    const one = open(clock);
    clock.increment(50 * 60_000);
    one.idle.send({ type: 'idle.activity' });
    clock.increment(untilPrompt - 1);
    expect(one.value()).toEqual({ watching: 'active' });
    clock.increment(1);
    expect(one.value()).toEqual({ watching: 'prompting' });
  });

  it('"Continue" keeps the session; "Logout" ends it at once', () => {
    const clock = new SimulatedClock();
    const one = open(clock);
    clock.increment(untilPrompt);
    one.idle.send({ type: 'idle.continue' });
    expect(one.value()).toEqual({ watching: 'active' });
    clock.increment(IDLE_PROMPT_BEFORE_MS);
    expect(one.authEvents).toEqual([]);
    clock.increment(untilPrompt - IDLE_PROMPT_BEFORE_MS);
    expect(one.value()).toEqual({ watching: 'prompting' });
    one.idle.send({ type: 'idle.logout' });
    expect(one.value()).toBe('inactive');
    expect(one.authEvents).toEqual(['auth.logout']);
  });

  it('does not watch while signed out', () => {
    const clock = new SimulatedClock();
    const one = open(clock);
    one.idle.send({ type: 'idle.session.end' });
    clock.increment(2 * IDLE_TIMEOUT_MS);
    expect(one.value()).toBe('inactive');
    expect(one.authEvents).toEqual([]);
  });
});

describe('idle state across tabs', () => {
  it('activity in one tab restarts the hour in the others', async () => {
    const clock = new SimulatedClock();
    const a = open(clock);
    const b = open(clock);
    clock.increment(50 * 60_000);
    a.idle.send({ type: 'idle.activity' });
    await vi.waitFor(() => expect(b.idle.getSnapshot().value).toEqual({ watching: 'active' }));
    // Give the message time to arrive before time moves on.
    await new Promise((resolve) => setTimeout(resolve, 20));
    clock.increment(untilPrompt - 50 * 60_000 + 1);
    // Without the shared activity, b would prompt 57 minutes after its own start.
    expect(b.value()).toEqual({ watching: 'active' });
    expect(a.value()).toEqual({ watching: 'active' });
  });

  it('"Continue" in one tab closes the prompt in the others', async () => {
    const clock = new SimulatedClock();
    const a = open(clock);
    const b = open(clock);
    clock.increment(untilPrompt);
    expect(a.value()).toEqual({ watching: 'prompting' });
    expect(b.value()).toEqual({ watching: 'prompting' });
    a.idle.send({ type: 'idle.continue' });
    await vi.waitFor(() => expect(b.value()).toEqual({ watching: 'active' }));
    expect(b.authEvents).toEqual([]);
  });

  it('"Logout" in one tab logs the others out', async () => {
    const clock = new SimulatedClock();
    const a = open(clock);
    const b = open(clock);
    clock.increment(untilPrompt);
    a.idle.send({ type: 'idle.logout' });
    await vi.waitFor(() => expect(b.value()).toBe('inactive'));
    expect(a.authEvents).toEqual(['auth.logout']);
    expect(b.authEvents).toEqual(['auth.logout']);
  });
});
