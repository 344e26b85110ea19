import { assertEvent, assign, emit, fromPromise, setup, spawnChild, stopChild } from 'xstate';
import { api } from '../../api';
import { asApiError } from '../../api/api-error';
import type { LatLon } from '../../lib/distance';
import { SUCCESS_TEXTS } from '../../lib/error-catalogue';
import { closeRing, openRing, polygonProblem, type Position } from '../../lib/polygon';
import { updateOrConflict } from '../../resources/api-helpers';
import { RecordConflict } from '../../resources/types';
import { POLYGON_ERRORS } from '../../lib/territory-texts';
import { errorParams, notifyError, notifySuccess, outputParams } from '../shared/shared.actions';
import type { PolygonEditorSchema, TerritoryArea, AreaKind, PolygonProblem, TerritoryPlace, MapBounds, PolygonEditorEvent, SaveInput } from './polygon-editor.types';

const positions = (vertices: readonly LatLon[]): Position[] => vertices.map((v) => [v.lon, v.lat]);
const toVertices = (ring: readonly (readonly number[])[]): LatLon[] => openRing(ring.map((p) => [p[0]!, p[1]!] as const)).map(([lon, lat]) => ({ lat, lon }));

/** The vertices after a vertex event (unchanged for any other event). */
export function nextVertices(vertices: readonly LatLon[], event: PolygonEditorEvent): LatLon[] {
  switch (event.type) {
    case 'vertex.add': {
      const at = event.index === undefined ? vertices.length : Math.max(0, Math.min(event.index, vertices.length));
      return [...vertices.slice(0, at), { lat: event.lat, lon: event.lon }, ...vertices.slice(at)];
    }
    case 'vertex.move':
      return vertices.map((vertex, index) => (index === event.index ? { lat: event.lat, lon: event.lon } : vertex));
    case 'vertex.remove':
      return vertices.filter((_, index) => index !== event.index);
    default:
      return [...vertices];
  }
}

const problemOf = (vertices: readonly LatLon[]): PolygonProblem | undefined => {
  const message = polygonProblem(positions(vertices));
  return message ? { field: 'polygon', message } : undefined;
};

/** The index of the vertex already at this point, or -1. */
const duplicateAt = (vertices: readonly LatLon[], point: { lat: number; lon: number }) =>
  vertices.findIndex((v) => v.lat === point.lat && v.lon === point.lon);

/** A vertex event the editor can apply: finite coordinates, an index of an existing vertex (else it is ignored). */
export function isUsable(vertices: readonly LatLon[], event: PolygonEditorEvent): boolean {
  const finite = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
  const existing = (index: unknown) => Number.isInteger(index) && (index as number) >= 0 && (index as number) < vertices.length;
  switch (event.type) {
    case 'vertex.add': return finite(event.lat) && finite(event.lon) && (event.index === undefined || Number.isInteger(event.index));
    case 'vertex.move': return existing(event.index) && finite(event.lat) && finite(event.lon);
    case 'vertex.remove': return existing(event.index);
    default: return true;
  }
}

/** The screen of one area or exception (000 section 2 routes). */
export const areaPath = (territoryId: number, kind: AreaKind, areaId: number) => `/territories/${territoryId}/${kind === 'exception' ? 'exceptions' : 'areas'}/${areaId}`;

export const polygonEditorMachine = setup({
  types: {} as PolygonEditorSchema,
  actors: {
    loadOthers: fromPromise<TerritoryArea[], { cca2: string; territoryId: number }>(async ({ input }) => {
      const { data } = await api.connect.GET('/territoryareas/{cca2}', {
        params: { path: { cca2: input.cca2 }, query: { territoryid: input.territoryId, pageSize: 500 } },
      });
      return (data as { items?: TerritoryArea[] } | undefined)?.items ?? [];
    }),
    loadPlaces: fromPromise<TerritoryPlace[], { cca2: string; bounds: MapBounds }>(async ({ input }) => {
      const { data } = await api.connect.GET('/territoryareas/{cca2}/places', { params: { path: { cca2: input.cca2 }, query: input.bounds } });
      return data ?? [];
    }),
    loadArea: fromPromise<TerritoryArea, { cca2: string; id: number }>(async ({ input }) => {
      const { data } = await api.connect.GET('/territoryareas/{cca2}/{id}', { params: { path: { cca2: input.cca2, id: input.id } } });
      return data!;
    }),
    saveArea: fromPromise<TerritoryArea, SaveInput>(async ({ input }) => {
      if (input.areaId === undefined) {
        const { data } = await api.connect.POST('/territoryareas/{cca2}', {
          params: { path: { cca2: input.cca2 } },
          body: { territoryId: input.territoryId, kind: input.kind, areaName: input.areaName, polygon: input.polygon },
        });
        return data!;
      }
      const id = input.areaId;
      return updateOrConflict(
        async () => (await api.connect.PUT('/territoryareas/{cca2}/{id}', {
          params: { path: { cca2: input.cca2, id } },
          body: { areaName: input.areaName, polygon: input.polygon, xmin: input.xmin ?? '' },
        })).data!,
        async () => (await api.connect.GET('/territoryareas/{cca2}/{id}', { params: { path: { cca2: input.cca2, id } } })).data!,
      );
    }),
  },
  guards: {
    isEdit: ({ context }) => context.areaId !== undefined,
    isUsable: ({ context, event }) => isUsable(context.vertices, event),
    isNamed: ({ event }) => {
      assertEvent(event, 'area.rename');
      return typeof event.areaName === 'string';
    },
    hasBounds: ({ event }) => {
      assertEvent(event, 'places.view');
      return event.bounds !== undefined && [event.bounds.minLat, event.bounds.maxLat, event.bounds.minLon, event.bounds.maxLon].every(Number.isFinite);
    },
    isDuplicate: ({ context, event }) => {
      assertEvent(event, 'vertex.add');
      return duplicateAt(context.vertices, event) >= 0;
    },
    usableValid: ({ context, event }) => isUsable(context.vertices, event) && problemOf(nextVertices(context.vertices, event)) === undefined,
    isValid: ({ context }) => problemOf(context.vertices) === undefined,
    nameMissing: ({ context }) => context.areaName.trim() === '',
    isConflict: (_, params: { error: unknown }) => params.error instanceof RecordConflict,
    isNotFound: (_, params: { error: unknown }) => asApiError(params.error).status === 404,
    wasCreated: ({ context }) => context.areaId === undefined,
  },
  actions: {
    apply: assign({ vertices: ({ context, event }) => nextVertices(context.vertices, event) }),
    clearProblem: assign({ problem: undefined }),
    showProblem: assign({ problem: ({ context }) => problemOf(context.vertices) }),
    showDuplicate: assign({
      problem: ({ context, event }) => {
        assertEvent(event, 'vertex.add');
        return { field: 'polygon' as const, message: POLYGON_ERRORS.duplicate(duplicateAt(context.vertices, event) + 1) };
      },
    }),
    showNameMissing: assign({ problem: { field: 'areaName', message: POLYGON_ERRORS.areaNameRequired } }),
    clearVertices: assign({ vertices: [], problem: undefined }),
    rename: assign(({ context, event }) => {
      assertEvent(event, 'area.rename');
      return { areaName: event.areaName, problem: context.problem?.field === 'areaName' ? undefined : context.problem };
    }),
    useRecord: assign((_, record: TerritoryArea) => {
      return {
        areaId: record.id, territoryId: record.territoryId, kind: record.kind, areaName: record.areaName,
        vertices: toVertices(record.polygon), xmin: record.xmin, problem: undefined, error: undefined, current: undefined,
      };
    }),
    storeError: assign((_, params: { error: unknown }) => {
      const error = asApiError(params.error);
      const field = Object.keys(error.errors ?? {}).find((name) => name === 'areaName' || name.startsWith('polygon'));
      return { error, problem: field ? { field: field === 'areaName' ? 'areaName' as const : 'polygon' as const, message: error.errors![field]![0] ?? error.message } : undefined };
    }),
    notifyError,
    // Only after the isConflict guard: the error is a RecordConflict.
    storeConflict: assign((_, params: { error: unknown }) => ({ current: (params.error as RecordConflict<TerritoryArea>).current })),
    keepMine: assign({ xmin: ({ context }) => context.current?.xmin, current: undefined }),
    takeCurrent: assign(({ context }) => ({
      areaName: context.current!.areaName, vertices: toVertices(context.current!.polygon), xmin: context.current!.xmin, current: undefined, problem: undefined,
    })),
    notifySaved: ({ system, context }) => notifySuccess({ system }, { text: context.areaId === undefined ? SUCCESS_TEXTS.created : SUCCESS_TEXTS.updated }),
    openCreated: emit((_, record: TerritoryArea) => {
      return { type: 'area.navigate', to: areaPath(record.territoryId, record.kind, record.id) } as const;
    }),
    reportNotFound: emit({ type: 'area.notFound' } as const),
    stopPlaces: stopChild('loadPlaces'),
    spawnPlaces: spawnChild('loadPlaces', {
      id: 'loadPlaces',
      input: ({ context, event }) => {
        assertEvent(event, 'places.view');
        return { cca2: context.cca2, bounds: event.bounds };
      },
    }),
    spawnOthers: spawnChild('loadOthers', { id: 'loadOthers', input: ({ context }) => ({ cca2: context.cca2, territoryId: context.territoryId }) }),
    // A generated test path's done event may carry no output: the lists stay as they are.
    useOthers: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadOthers');
      return { others: Array.isArray(event.output) ? event.output : context.others };
    }),
    usePlaces: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.loadPlaces');
      return { places: Array.isArray(event.output) ? event.output : context.places };
    }),
  },
}).createMachine({
  id: 'polygonEditor',
  description: 'Draws or edits the polygon of a territory area or exception on the map, checks it (at least 3 vertices, no crossing edges) and saves it with xmin.',
  context: ({ input }) => ({
    cca2: input.cca2,
    territoryId: input.territoryId,
    kind: input.kind,
    areaId: input.areaId,
    areaName: '',
    vertices: [],
    xmin: undefined,
    problem: undefined,
    error: undefined,
    current: undefined,
    places: [],
    others: [],
  }),
  initial: 'starting',
  entry: 'spawnOthers',
  on: {
    'xstate.done.actor.loadOthers': { actions: 'useOthers' },
    'xstate.error.actor.loadOthers': {},
    'area.rename': { guard: 'isNamed', actions: 'rename' },
    'places.view': { guard: 'hasBounds', actions: ['stopPlaces', 'spawnPlaces'] },
    'xstate.done.actor.loadPlaces': { actions: 'usePlaces' },
    // Places are context only: a failed load leaves the map without dots.
    'xstate.error.actor.loadPlaces': {},
  },
  states: {
    starting: {
      always: [{ guard: 'isEdit', target: 'loading' }, { target: 'idle' }],
    },
    loading: {
      description: 'The area is being read (edit screen).',
      tags: ['busy'],
      invoke: {
        id: 'loadArea',
        src: 'loadArea',
        input: ({ context }) => ({ cca2: context.cca2, id: context.areaId! }),
        onDone: { target: 'editing.valid', actions: { type: 'useRecord', params: outputParams } },
        onError: [
          { guard: { type: 'isNotFound', params: errorParams }, target: 'notFound', actions: 'reportNotFound' },
          { target: 'loadFailed', actions: { type: 'storeError', params: errorParams } },
        ],
      },
    },
    loadFailed: {
      description: 'The area could not be read; the user may try again.',
      on: { 'area.retry': 'loading' },
    },
    notFound: {
      description: 'No such area: the view goes to /404.',
      type: 'final',
    },
    idle: {
      description: 'No polygon yet (add screen): the user starts drawing.',
      on: { 'draw.start': 'drawing' },
    },
    drawing: {
      description: 'Each click (or typed coordinate, or Enter at the centre) adds a vertex; Close checks the ring.',
      on: {
        'vertex.add': [
          { guard: 'isDuplicate', actions: 'showDuplicate' },
          { guard: 'isUsable', actions: ['apply', 'clearProblem'] },
        ],
        'vertex.move': { guard: 'isUsable', actions: ['apply', 'clearProblem'] },
        'vertex.remove': { guard: 'isUsable', actions: ['apply', 'clearProblem'] },
        'polygon.close': [
          { guard: 'isValid', target: 'editing.valid', actions: 'clearProblem' },
          { actions: 'showProblem' },
        ],
        'draw.cancel': { target: 'idle', actions: 'clearVertices' },
      },
    },
    editing: {
      description: 'The ring is closed: vertices are dragged, typed, inserted or removed, and checked after every change.',
      on: {
        'vertex.add': [
          { guard: 'isDuplicate', actions: 'showDuplicate' },
          { guard: 'usableValid', target: '.valid', actions: ['apply', 'clearProblem'] },
          { guard: 'isUsable', target: '.invalid', actions: ['apply', 'showProblem'] },
        ],
        'vertex.move': [
          { guard: 'usableValid', target: '.valid', actions: ['apply', 'clearProblem'] },
          { guard: 'isUsable', target: '.invalid', actions: ['apply', 'showProblem'] },
        ],
        'vertex.remove': [
          { guard: 'usableValid', target: '.valid', actions: ['apply', 'clearProblem'] },
          { guard: 'isUsable', target: '.invalid', actions: ['apply', 'showProblem'] },
        ],
        'polygon.redraw': { target: 'drawing', actions: 'clearVertices' },
      },
      initial: 'valid',
      states: {
        valid: {
          description: 'A valid polygon: it can be saved.',
          on: {
            'area.save': [
              { guard: 'nameMissing', actions: 'showNameMissing' },
              { target: '#polygonEditor.saving' },
            ],
          },
        },
        invalid: {
          description: 'The ring has too few vertices or crossing edges: the message names the polygon field; saving waits.',
        },
      },
    },
    saving: {
      description: 'Create, or update with the xmin the edit started from.',
      tags: ['busy'],
      invoke: {
        id: 'saveArea',
        src: 'saveArea',
        input: ({ context }) => ({
          cca2: context.cca2, territoryId: context.territoryId, kind: context.kind, areaId: context.areaId, areaName: context.areaName.trim(),
          polygon: closeRing(positions(context.vertices)).map(([lon, lat]) => [lon, lat] as [number, number]), xmin: context.xmin,
        }),
        onDone: [
          { guard: 'wasCreated', target: 'editing.valid', actions: ['notifySaved', { type: 'useRecord', params: outputParams }, { type: 'openCreated', params: outputParams }] },
          { target: 'editing.valid', actions: ['notifySaved', { type: 'useRecord', params: outputParams }] },
        ],
        onError: [
          { guard: { type: 'isConflict', params: errorParams }, target: 'conflict', actions: { type: 'storeConflict', params: errorParams } },
          { target: 'editing.valid', actions: [{ type: 'storeError', params: errorParams }, { type: 'notifyError', params: errorParams }] },
        ],
      },
    },
    conflict: {
      description: 'Someone saved first: keep my polygon (saved over theirs) or take the current version.',
      on: {
        'conflict.keepMine': { target: 'saving', actions: 'keepMine' },
        'conflict.takeCurrent': { target: 'editing.valid', actions: 'takeCurrent' },
      },
    },
  },
});
