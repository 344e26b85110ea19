import { describe, expect, it } from 'vitest';
import { closedRingProblem, closeRing, openRing, pointInPolygon, polygonProblem, selfIntersection, type Position } from '../../src/lib/polygon';
import { POLYGON_ERRORS } from '../../src/lib/territory-texts';

const square: Position[] = [[0, 0], [1, 0], [1, 1], [0, 1]];

describe('polygon checks (shared by the editor and the server)', () => {
  it('accepts a simple ring, open or closed', () => {
    expect(polygonProblem(square)).toBeUndefined();
    expect(closedRingProblem(closeRing(square))).toBeUndefined();
    expect(openRing(closeRing(square))).toEqual(square);
  });

  it('names the polygon in every message: too few, out of range, not closed, crossing, folding back', () => {
    expect(polygonProblem([[0, 0], [1, 1]])).toBe(POLYGON_ERRORS.tooFew);
    expect(polygonProblem([[0, 0], [1, 1], [0, 0]])).toBe(POLYGON_ERRORS.tooFew);
    expect(polygonProblem([[0, 0], [1, 95], [1, 0]])).toBe(POLYGON_ERRORS.latitude(2));
    expect(polygonProblem([[0, 0], [1, 1], [181, 0]])).toBe(POLYGON_ERRORS.longitude(3));
    expect(closedRingProblem(square)).toBe(POLYGON_ERRORS.notClosed);
    // A bow tie: edge 1 (0,0)-(1,1) and edge 3 (1,0)-(0,1) cross.
    expect(polygonProblem([[0, 0], [1, 1], [1, 0], [0, 1]])).toBe(POLYGON_ERRORS.selfIntersecting(1, 3));
    // A spike that goes out and back along the same line.
    expect(selfIntersection([[0, 0], [2, 0], [1, 0], [1, 1]])).toBeDefined();
    // A vertex touching a non-adjacent edge counts as crossing.
    expect(selfIntersection([[0, 0], [2, 0], [2, 2], [1, 0]])).toBeDefined();
    for (const message of Object.values(POLYGON_ERRORS)) {
      const text = typeof message === 'function' ? (message as (a: number, b: number) => string)(1, 2) : message;
      expect(text).toMatch(/^(Polygon|Area name)/);
    }
  });

  it('point in polygon: inside, outside, on an edge, and a concave ring', () => {
    expect(pointInPolygon([0.5, 0.5], square)).toBe(true);
    expect(pointInPolygon([1.5, 0.5], square)).toBe(false);
    expect(pointInPolygon([1, 0.5], square)).toBe(true);
    const u: Position[] = [[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]];
    expect(pointInPolygon([1.5, 2], u)).toBe(false);
    expect(pointInPolygon([0.5, 2], u)).toBe(true);
    expect(pointInPolygon([2.5, 2], closeRing(u))).toBe(true);
  });
});
