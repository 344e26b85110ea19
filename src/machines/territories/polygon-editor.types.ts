import type { ApiError } from '../../api/api-error';
import type { components } from '../../api/generated/connect';
import type { LatLon } from '../../lib/distance';

export type TerritoryArea = components['schemas']['TerritoryArea'];

export type AreaKind = components['schemas']['TerritoryAreaKind'];

export interface PolygonEditorInput {
  cca2: string;
  territoryId: number;
  kind: AreaKind;
  /** The area to edit; undefined on the add screen. */
  areaId?: number;
}

/** A problem the editor shows, naming its field (the same field the server's 400 would name). */
export interface PolygonProblem {
  field: 'polygon' | 'areaName';
  message: string;
}

export interface PolygonEditorContext {
  cca2: string;
  territoryId: number;
  kind: AreaKind;
  areaId: number | undefined;
  areaName: string;
  /** The ring as drawn: each vertex once (the closing position is added on save). */
  vertices: LatLon[];
  /** The version the edit builds on. */
  xmin: string | undefined;
  problem: PolygonProblem | undefined;
  /** A failed load or save. */
  error: ApiError | undefined;
  /** The version someone else saved (after a 409). */
  current: TerritoryArea | undefined;
  /** Gazetteer places inside the map's view, for context. */
  places: TerritoryPlace[];
  /** The territory's other areas and exceptions, drawn faintly for context. */
  others: TerritoryArea[];
}

export type TerritoryPlace = components['schemas']['TerritoryPlace'];

export interface MapBounds {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

export type PolygonEditorEvent =
  | { type: 'draw.start' }
  | { type: 'draw.cancel' }
  /** Adds a vertex at the end, or before `index` (the editor inserts after the selected vertex). */
  | { type: 'vertex.add'; lat: number; lon: number; index?: number }
  | { type: 'vertex.move'; index: number; lat: number; lon: number }
  | { type: 'vertex.remove'; index: number }
  | { type: 'polygon.close' }
  | { type: 'polygon.redraw' }
  | { type: 'area.rename'; areaName: string }
  | { type: 'area.save' }
  | { type: 'area.retry' }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.takeCurrent' }
  /** The map shows a new box: load the places inside it (a newer box replaces a pending load). */
  | { type: 'places.view'; bounds: MapBounds }
  | { type: 'xstate.done.actor.loadPlaces'; output: TerritoryPlace[] }
  | { type: 'xstate.error.actor.loadPlaces'; error: unknown }
  | { type: 'xstate.done.actor.loadOthers'; output: TerritoryArea[] }
  | { type: 'xstate.error.actor.loadOthers'; error: unknown };

export type PolygonEditorEmitted = { type: 'area.navigate'; to: string } | { type: 'area.notFound' };

export interface SaveInput {
  cca2: string;
  territoryId: number;
  kind: AreaKind;
  areaId: number | undefined;
  areaName: string;
  polygon: [number, number][];
  xmin: string | undefined;
}

/** The machine's types for `setup({ types })`: one schema (context, events, input, output, emitted, tags). */
export interface PolygonEditorSchema {
  input: PolygonEditorInput;
  context: PolygonEditorContext;
  events: PolygonEditorEvent;
  emitted: PolygonEditorEmitted;
}
