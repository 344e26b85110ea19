import { toApiError } from '../../api/api-error';
import { RecordConflict } from '../../resources/types';
import { POLYGON_ERRORS } from '../../lib/territory-texts';
import { defineSamples } from '../samples';
import { polygonEditorMachine } from './polygon-editor.machine';
import type { TerritoryArea } from './polygon-editor.types';

/**
 * Corners of a small square over Sea Point, Cape Town: A → B → C → D goes round it; A → B → D → C crosses
 * itself. E is A moved north (one coordinate, as typing one field changes it).
 */
export const POLYGON_SAMPLE_POINTS = {
  A: { lat: -33.9, lon: 18.37 },
  B: { lat: -33.9, lon: 18.4 },
  C: { lat: -33.93, lon: 18.4 },
  D: { lat: -33.93, lon: 18.37 },
  E: { lat: -33.89, lon: 18.37 },
} as const;

const { A, B, C, D, E } = POLYGON_SAMPLE_POINTS;
const ring = (...points: { lat: number; lon: number }[]) => [...points, points[0]!].map((p) => [p.lon, p.lat]);

const stored: TerritoryArea = {
  id: 7, territoryId: 1, territoryName: 'Cape Town', areaName: 'Sea Point', kind: 'area', polygon: ring(A, B, C), xmin: '10',
};
const theirs: TerritoryArea = { ...stored, areaName: 'Sea Point and Fresnaye', polygon: ring(A, B, C, D), xmin: '12' };

export const polygonEditorSamples = defineSamples(polygonEditorMachine, [
  {
    name: 'add an area: draw a triangle, fix it, save it',
    input: { cca2: 'ZA', territoryId: 1, kind: 'area' },
    events: [
      { type: 'area.rename', areaName: 'Sea Point' },
      { type: 'vertex.add', ...A },
      { type: 'vertex.add', ...B },
      { type: 'vertex.add', ...C },
      { type: 'vertex.remove', index: 0 },
      { type: 'vertex.move', index: 0, ...E },
      { type: 'xstate.done.actor.saveArea', output: { ...stored, id: 9 } },
      {
        type: 'xstate.error.actor.saveArea',
        error: toApiError(400, { message: POLYGON_ERRORS.tooFew, errors: { polygon: [POLYGON_ERRORS.tooFew] } }, '/connect/territoryareas/ZA'),
      },
    ],
  },
  {
    name: 'add an exception: a ring that crosses itself is refused',
    input: { cca2: 'ZA', territoryId: 1, kind: 'exception' },
    events: [
      { type: 'vertex.add', ...A },
      { type: 'vertex.add', ...B },
      { type: 'vertex.add', ...C },
      { type: 'vertex.add', ...D },
    ],
  },
  {
    name: 'edit an area: move a vertex, save, someone else saved first',
    input: { cca2: 'ZA', territoryId: 1, kind: 'area', areaId: 7 },
    events: [
      { type: 'xstate.done.actor.loadArea', output: stored },
      { type: 'xstate.error.actor.loadArea', error: toApiError(500, { message: 'boom' }, '/connect/territoryareas/ZA/7') },
      { type: 'xstate.error.actor.loadArea', error: toApiError(404, undefined, '/connect/territoryareas/ZA/7') },
      { type: 'vertex.move', index: 0, ...E },
      { type: 'xstate.done.actor.saveArea', output: { ...stored, polygon: ring(E, B, C), xmin: '11' } },
      { type: 'xstate.error.actor.saveArea', error: new RecordConflict('changed', theirs) },
    ],
  },
  {
    name: 'edit an exception: remove a corner of a square',
    input: { cca2: 'ZA', territoryId: 1, kind: 'exception', areaId: 8 },
    events: [
      { type: 'xstate.done.actor.loadArea', output: { ...theirs, id: 8, kind: 'exception' } },
      { type: 'vertex.remove', index: 0 },
      { type: 'xstate.done.actor.saveArea', output: { ...theirs, id: 8, kind: 'exception', polygon: ring(B, C, D), xmin: '13' } },
    ],
  },
], 'transitions');
