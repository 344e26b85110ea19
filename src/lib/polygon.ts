import { POLYGON_ERRORS } from './territory-texts';

/**
 * Polygon geometry shared by the polygon editor and the server: positions are [lon, lat] (GeoJSON order);
 * a ring as drawn is "open" (each vertex once), as stored it is "closed" (the first position repeated last).
 * Territories are a few kilometres to a few hundred wide, so edges are straight lines in lon/lat.
 */
export type Position = readonly [lon: number, lat: number];

/** The most vertices one area may have (ours: enough for a city's outline, small enough to check quickly). */
export const MAX_POLYGON_VERTICES = 1000;

const same = (a: Position, b: Position) => a[0] === b[0] && a[1] === b[1];

export function closeRing(vertices: readonly Position[]): Position[] {
  if (vertices.length === 0) return [];
  return same(vertices[0]!, vertices.at(-1)!) ? [...vertices] : [...vertices, vertices[0]!];
}

/** The vertices of a closed ring (the repeated last position dropped). */
export function openRing(ring: readonly Position[]): Position[] {
  return ring.length > 1 && same(ring[0]!, ring.at(-1)!) ? ring.slice(0, -1) : [...ring];
}

function orientation(p: Position, q: Position, r: Position): number {
  const value = (q[1] - p[1]) * (r[0] - q[0]) - (q[0] - p[0]) * (r[1] - q[1]);
  return Math.abs(value) < 1e-15 ? 0 : value > 0 ? 1 : 2;
}

function onSegment(p: Position, q: Position, r: Position): boolean {
  return q[0] <= Math.max(p[0], r[0]) && q[0] >= Math.min(p[0], r[0]) && q[1] <= Math.max(p[1], r[1]) && q[1] >= Math.min(p[1], r[1]);
}

/** Whether segments p1-q1 and p2-q2 share any point (touching counts). */
export function segmentsIntersect(p1: Position, q1: Position, p2: Position, q2: Position): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(p1, p2, q1)) || (o2 === 0 && onSegment(p1, q2, q1))
    || (o3 === 0 && onSegment(p2, p1, q2)) || (o4 === 0 && onSegment(p2, q1, q2));
}

/** The first pair of edges (1-based: edge n runs from vertex n to the next) that cross, or undefined. */
export function selfIntersection(vertices: readonly Position[]): [number, number] | undefined {
  const n = vertices.length;
  if (n < 3) return undefined;
  const edge = (i: number): [Position, Position] => [vertices[i]!, vertices[(i + 1) % n]!];
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const [a, b] = edge(i);
      const [c, d] = edge(j);
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) {
        // Neighbours share a vertex; they only conflict when one folds back along the other.
        const shared = j === i + 1 ? b : a;
        const [other1, other2] = j === i + 1 ? [a, d] : [b, c];
        if (orientation(other1, shared, other2) === 0 && onSegment(shared, other1, other2) && !same(other1, shared)) return [i + 1, j + 1];
        if (orientation(other1, shared, other2) === 0 && onSegment(shared, other2, other1) && !same(other2, shared)) return [i + 1, j + 1];
        continue;
      }
      if (segmentsIntersect(a, b, c, d)) return [i + 1, j + 1];
    }
  }
  return undefined;
}

/** The message of the first problem of an open ring of vertices, or undefined when it is a valid polygon. */
export function polygonProblem(vertices: readonly Position[]): string | undefined {
  for (const [index, [lon, lat]] of vertices.entries()) {
    if (!Number.isFinite(lat) || lat < -90 || lat > 90) return POLYGON_ERRORS.latitude(index + 1);
    if (!Number.isFinite(lon) || lon < -180 || lon > 180) return POLYGON_ERRORS.longitude(index + 1);
  }
  const distinct = new Set(vertices.map(([lon, lat]) => `${lon},${lat}`));
  if (distinct.size < 3) return POLYGON_ERRORS.tooFew;
  if (vertices.length > MAX_POLYGON_VERTICES) return POLYGON_ERRORS.tooMany(MAX_POLYGON_VERTICES);
  const crossing = selfIntersection(vertices);
  if (crossing) return POLYGON_ERRORS.selfIntersecting(crossing[0], crossing[1]);
  return undefined;
}

/** The problem of a stored (closed) ring: it must repeat its first position last, then be a valid polygon. */
export function closedRingProblem(ring: readonly Position[]): string | undefined {
  if (ring.length < 4) return POLYGON_ERRORS.tooFew;
  if (!same(ring[0]!, ring.at(-1)!)) return POLYGON_ERRORS.notClosed;
  return polygonProblem(openRing(ring));
}

/** Ray casting: whether the point lies inside the ring (open or closed); points on an edge count as inside. */
export function pointInPolygon(point: Position, ring: readonly Position[]): boolean {
  const vertices = openRing(ring);
  const [x, y] = point;
  let inside = false;
  for (let i = 0, j = vertices.length - 1; i < vertices.length; j = i, i += 1) {
    const [xi, yi] = vertices[i]!;
    const [xj, yj] = vertices[j]!;
    if (orientation(vertices[j]!, point, vertices[i]!) === 0 && onSegment(vertices[j]!, point, vertices[i]!)) return true;
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The bounding box of rings, for a map view and the SQL prefilter. */
export function boundsOf(rings: readonly (readonly Position[])[]): { minLon: number; minLat: number; maxLon: number; maxLat: number } | undefined {
  const all = rings.flat();
  if (all.length === 0) return undefined;
  const lons = all.map((p) => p[0]);
  const lats = all.map((p) => p[1]);
  return { minLon: Math.min(...lons), minLat: Math.min(...lats), maxLon: Math.max(...lons), maxLat: Math.max(...lats) };
}
