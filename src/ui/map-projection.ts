import type { LatLon } from '../lib/distance';

/** Pixels of one tile: a world of 256 × 2^zoom pixels (the usual web-map scale). */
export const TILE_PX = 256;

/** Web Mercator in world units of 0..1 (x east, y south). */
export function project(point: LatLon): { x: number; y: number } {
  const lat = Math.max(-85, Math.min(85, point.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: (point.lon + 180) / 360, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}

/** The inverse of `project`. */
export function unproject(world: { x: number; y: number }): LatLon {
  const lon = world.x * 360 - 180;
  const n = Math.PI - 2 * Math.PI * world.y;
  const lat = (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
  return { lat, lon };
}

export interface MapViewOptions {
  /** Points the view must show; none → `center` at `zoom`. */
  points: readonly LatLon[];
  center: LatLon;
  /** The closest the view zooms in (a single point is not blown up to street level). */
  zoom: number;
  width: number;
  height: number;
  padding: number;
}

export interface MapView {
  width: number;
  height: number;
  /** Pixels per world unit. */
  scale: number;
  toView(point: LatLon): { x: number; y: number };
  fromView(x: number, y: number): LatLon;
  /** The geographic box the view shows. */
  bounds(): { minLat: number; maxLat: number; minLon: number; maxLon: number };
}

/** A view that fits every point (never closer than `zoom`), else centred on `center` at `zoom`. */
export function fitView({ points, center, zoom, width, height, padding }: MapViewOptions): MapView {
  const projected = points.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lon)).map(project);
  const maxScale = TILE_PX * 2 ** zoom;
  let scale = maxScale;
  let mid = project(center);
  if (projected.length > 0) {
    const xs = projected.map((p) => p.x);
    const ys = projected.map((p) => p.y);
    const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    mid = { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
    const fit = Math.min((width - 2 * padding) / Math.max(maxX - minX, 1e-12), (height - 2 * padding) / Math.max(maxY - minY, 1e-12));
    scale = Math.min(maxScale, fit);
  }
  const fromView = (x: number, y: number) => unproject({ x: mid.x + (x - width / 2) / scale, y: mid.y + (y - height / 2) / scale });
  return {
    width,
    height,
    scale,
    toView(point) {
      const p = project(point);
      return { x: width / 2 + (p.x - mid.x) * scale, y: height / 2 + (p.y - mid.y) * scale };
    },
    fromView,
    bounds() {
      const topLeft = fromView(0, 0);
      const bottomRight = fromView(width, height);
      return { minLat: bottomRight.lat, maxLat: topLeft.lat, minLon: topLeft.lon, maxLon: bottomRight.lon };
    },
  };
}

/** A marker's colour unless it says otherwise: white text on it meets 4.5:1. */
export const MARKER_COLOUR = '#c53030';
/** The driver's marker on a route: another colour than the stops', so a driver at a stop is told apart from it. */
export const DRIVER_MARKER_COLOUR = '#2d3748';

/**
 * A marker's box: a circle for a letter or two ('A', '12'), a pill as wide as a longer label ('Driver') needs at
 * 10 px bold, so the word stays inside. The Leaflet and the static map draw the same boxes.
 */
export function markerBox(label: string): { width: number; height: number; fontPx: number } {
  const height = label.length > 1 ? 28 : 24;
  const fontPx = label.length > 1 ? 10 : 12;
  return { width: label.length > 2 ? Math.max(height, Math.ceil(label.length * fontPx * 0.65) + 12) : height, height, fontPx };
}
