import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import type { AutoDispatchRun, AutoDispatchSchema, AutoDispatchSetting } from './auto-dispatch.types';

/** The saved setting in place of its territory's row (an answer without one changes nothing). */
function mergeSetting(settings: AutoDispatchSetting[], saved: AutoDispatchSetting | undefined): AutoDispatchSetting[] {
  if (!saved) return settings;
  return settings.map((setting) => (setting.territoryId === saved.territoryId ? saved : setting));
}

/**
 * "Run auto-dispatch" on the dashboard (issue 20): the dispatcher picks a territory, runs it once
 * (runautodispatch) and sees what was assigned with the rule that decided each, and what was left with why; or
 * leaves it on for the territory (updateautodispatchsetting: the server's queue then runs it on its schedule).
 */
export const autoDispatchMachine = setup({
  types: {} as AutoDispatchSchema,
  actors: {
    loadSettings: fromPromise<AutoDispatchSetting[], { cca2: string }>(async ({ input, signal }) => {
      const { data } = await api.connect.GET('/jobs/autodispatch/settings/{cca2}', { params: { path: { cca2: input.cca2 } }, signal });
      return data!;
    }),
    runAutoDispatch: fromPromise<AutoDispatchRun, { cca2: string; territoryId: number }>(async ({ input }) => {
      const { data } = await api.connect.POST('/jobs/autodispatch/{cca2}', { params: { path: { cca2: input.cca2 } }, body: { territoryId: input.territoryId } });
      return data!;
    }),
    saveSetting: fromPromise<AutoDispatchSetting, { cca2: string; territoryId: number; isOn: boolean }>(async ({ input }) => {
      const { data } = await api.connect.PUT('/jobs/autodispatch/settings/{cca2}/{territoryId}', {
        params: { path: { cca2: input.cca2, territoryId: input.territoryId } }, body: { isOn: input.isOn },
      });
      return data!;
    }),
  },
  actions: {
    storeError: assign((_, params: { error: unknown }) => ({ error: asApiError(params.error) })),
  },
  guards: {
    hasTerritory: ({ context }) => context.territoryId !== null,
    isKnownTerritory: ({ context, event }) => {
      assertEvent(event, 'autoDispatch.territory');
      return context.settings.some((setting) => setting.territoryId === event.territoryId);
    },
  },
}).createMachine({
  id: 'autoDispatch',
  description: 'Run auto-dispatch once for a territory and see why each job went to its driver, or leave it on for the territory.',
  context: ({ input }) => ({ cca2: input.cca2, settings: [], territoryId: null, result: null, error: null }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The console offers "Run auto-dispatch".',
      on: { 'autoDispatch.open': { target: 'loading', actions: assign({ result: null, error: null }) } },
    },
    loading: {
      description: 'The territories and whether each is left on.',
      tags: ['busy'],
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        input: ({ context }) => ({ cca2: context.cca2 }),
        onDone: {
          target: 'choosing',
          actions: assign(({ context, event }) => ({
            settings: event.output ?? [],
            territoryId: (event.output ?? []).some((setting) => setting.territoryId === context.territoryId) ? context.territoryId : (event.output?.[0]?.territoryId ?? null),
          })),
        },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: 'The territories could not be loaded; try again or close.',
      on: { 'autoDispatch.retry': 'loading', 'autoDispatch.close': 'closed' },
    },
    choosing: {
      description: 'A territory to run (Run only with one chosen), its "leave it on" switch, and the last run\'s result.',
      on: {
        'autoDispatch.territory': { guard: 'isKnownTerritory', actions: assign({ territoryId: ({ event }) => event.territoryId, result: null }) },
        'autoDispatch.run': { guard: 'hasTerritory', target: 'running', actions: assign({ error: null }) },
        'autoDispatch.leaveOn': { guard: 'hasTerritory', target: 'saving', actions: assign({ error: null }) },
        'autoDispatch.close': 'closed',
      },
    },
    running: {
      description: 'The server assigns the territory\'s unassigned jobs and records why.',
      tags: ['busy'],
      invoke: {
        id: 'runAutoDispatch',
        src: 'runAutoDispatch',
        input: ({ context }) => ({ cca2: context.cca2, territoryId: context.territoryId! }),
        onDone: {
          target: 'choosing',
          actions: [assign({ result: ({ event }) => event.output }), emit(({ event }) => ({ type: 'autoDispatch.ran' as const, run: event.output }))],
        },
        onError: { target: 'choosing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saving: {
      description: 'The territory is left on (or turned off).',
      tags: ['busy'],
      invoke: {
        id: 'saveSetting',
        src: 'saveSetting',
        input: ({ context, event }) => {
          assertEvent(event, 'autoDispatch.leaveOn');
          return { cca2: context.cca2, territoryId: context.territoryId!, isOn: event.isOn };
        },
        onDone: {
          target: 'choosing',
          actions: assign({ settings: ({ context, event }) => mergeSetting(context.settings, event.output) }),
        },
        onError: { target: 'choosing', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
