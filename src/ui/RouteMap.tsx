import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import './route-map.css';
import { useEffect, useId, useRef } from 'react';
import { MAP_DEFAULT_CENTER, MAP_FIT_MAX_ZOOM, MAP_ZOOM } from '../lib/constants';
import { formatDistance, markerLabel, type LatLon } from '../lib/distance';
import { MARKER_COLOUR, markerBox } from './map-projection';

export interface RouteMapMarker extends LatLon {
  /** Defaults to the marker's letter by position: A, B … Z, AA, AB. */
  label?: string;
  /** Read with the marker (an address, a stop name). */
  title?: string;
  /** The marker's fill (default red): the dispatch map colours drivers by availability and stops by status. */
  colour?: string;
}

export interface RouteMapProps {
  markers: readonly (RouteMapMarker | null | undefined)[];
  /** An optional polyline (a route), drawn under the markers. */
  path?: readonly LatLon[];
  /** Shown under the map: metres under 1 km when `metresUnder1Km`, else km to 2 decimals. */
  distanceKm?: number | null;
  metresUnder1Km?: boolean;
  /** The map's accessible name. */
  label?: string;
  /** Centre when there is nothing to show (the spec's default: Cape Town). */
  center?: LatLon;
  /** The zoom for a single point, or for the centre when there is none. */
  zoom?: number;
  /** The closest the map zooms in to fit several points (default MAP_FIT_MAX_ZOOM, street level). */
  maxFitZoom?: number;
  /** Kept for the callers' layout: the map fills its width up to `width` px. */
  width?: number;
  height?: number;
  /**
   * A raster tile URL template (`https://…/{z}/{x}/{y}.png`). Default: `VITE_MAP_TILE_URL`, and with none set
   * (the default) no tiles at all — the map works offline on a plain background.
   */
  tileUrl?: string | null;
  /** The tile provider's credit line (default `VITE_MAP_TILE_ATTRIBUTION`); the server sends it with its tile URL. */
  tileAttribution?: string;
}

/** Texts of the map (ours: the spec names only the markers and the centre). */
export const ROUTE_MAP_TEXTS = {
  label: 'Map',
  distance: 'Distance',
  roleDescription: 'map',
  stops: 'Stops',
  keyboardHint: 'Arrow keys move the map; plus and minus zoom.',
} as const;

const PADDING_PX = 28;
/** The zoom control's width and its margin (Leaflet's top-left +/− buttons): fitted markers stay right of it. */
const ZOOM_CONTROL_PX = 44;
const BACKGROUND = '#eef0f2';

/** Tiles only when configured (none by default: nothing is fetched). */
const CONFIGURED_TILES = {
  url: import.meta.env.VITE_MAP_TILE_URL || null,
  attribution: import.meta.env.VITE_MAP_TILE_ATTRIBUTION ?? '',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const stopName = (marker: { label: string; title?: string }) => (marker.title ? `${marker.label}: ${marker.title}` : marker.label);

function markerIcon(label: string, colour = MARKER_COLOUR): L.DivIcon {
  const { width, height, fontPx } = markerBox(label);
  return L.divIcon({
    className: 'route-map-marker',
    iconSize: [width, height],
    iconAnchor: [width / 2, height / 2],
    // The letter is drawn for the eye; screen readers get the list of stops beside the map.
    html: `<span data-testid="map-marker" data-label="${escapeHtml(label)}" aria-hidden="true" style="display:flex;align-items:center;`
      + `justify-content:center;width:${width}px;height:${height}px;border-radius:${height / 2}px;background:${escapeHtml(colour)};color:#fff;`
      + `border:2px solid #fff;box-sizing:border-box;box-shadow:0 1px 3px rgba(0,0,0,.4);font:bold ${fontPx}px/1 sans-serif">`
      + `${escapeHtml(label)}</span>`,
  });
}

/**
 * A Leaflet map with lettered markers (A, B … Z, AA) and an optional route line. With no tile URL configured
 * (the default) it fetches nothing and draws on a plain background. It fits every point (up to street level,
 * MAP_FIT_MAX_ZOOM); one point shows at `zoom` (default 9); with nothing to show it centres on `center`
 * (-33.9249, 18.4241). The map is focusable and
 * moves with the arrow keys (Leaflet's keyboard handler); the stops are also listed as text for screen readers.
 */
export function RouteMap({
  markers, path = [], distanceKm, metresUnder1Km = false, label = ROUTE_MAP_TEXTS.label,
  center = MAP_DEFAULT_CENTER, zoom = MAP_ZOOM.default, maxFitZoom = MAP_FIT_MAX_ZOOM, width = 480, height = 260, tileUrl = CONFIGURED_TILES.url,
  tileAttribution = CONFIGURED_TILES.attribution,
}: RouteMapProps) {
  const stopsId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const shown = markers.flatMap((marker, index) => (marker && Number.isFinite(marker.lat) && Number.isFinite(marker.lon)
    ? [{ ...marker, label: marker.label ?? markerLabel(index) }] : []));
  const line = path.filter((point) => Number.isFinite(point.lat) && Number.isFinite(point.lon));

  // One Leaflet map per mounted component. Its markers are kept by what they show, so a live list that changes a
  // few of hundreds (the dispatch map, twice a second) redraws those few; the view refits only when the points'
  // bounds change.
  const drawn = useRef(new Map<string, L.Marker[]>());
  const fitRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;
    const map = L.map(container, { keyboard: true, attributionControl: Boolean(tileUrl), zoomSnap: 0.25 });
    if (tileUrl) L.tileLayer(tileUrl, { attribution: tileAttribution }).addTo(map);
    mapRef.current = map;
    drawn.current = new Map();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => { map.invalidateSize(); fitRef.current(); }) : null;
    observer?.observe(container);
    return () => {
      observer?.disconnect();
      mapRef.current = null;
      map.remove();
    };
  }, [tileUrl, tileAttribution]);

  const markersKey = JSON.stringify(shown);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const previous = drawn.current;
    const next = new Map<string, L.Marker[]>();
    const ordered = shown.map((marker) => {
      const key = JSON.stringify([marker.lat, marker.lon, marker.label, marker.colour, marker.title]);
      const drawnMarker = previous.get(key)?.shift()
        ?? L.marker([marker.lat, marker.lon], { icon: markerIcon(marker.label, marker.colour), interactive: false, keyboard: false, title: stopName(marker) }).addTo(map);
      next.set(key, [...(next.get(key) ?? []), drawnMarker]);
      return drawnMarker;
    });
    previous.forEach((left) => left.forEach((marker) => marker.remove()));
    drawn.current = next;
    // Where two markers overlap the later one is on top (e.g. a stop over the driver at it): the elements keep the
    // markers' order. A new marker's element came last; it moves behind its predecessor, the others stay.
    let before: HTMLElement | undefined;
    for (const marker of ordered) {
      const element = marker.getElement();
      if (!element) continue;
      if (before ? element.previousSibling !== before : element.previousSibling !== null) {
        if (before) before.after(element);
        else element.parentElement?.prepend(element);
      }
      before = element;
    }
    // `markersKey` stands for the markers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [markersKey, tileUrl, tileAttribution]);

  const lineKey = JSON.stringify(line);
  useEffect(() => {
    const map = mapRef.current;
    if (!map || line.length < 2) return undefined;
    // An SVG renderer of our own: the canvas one needs a 2D context that test DOMs lack.
    const polyline = L.polyline(line.map((point) => [point.lat, point.lon] as L.LatLngTuple), {
      renderer: L.svg(), color: '#3b6fd8', weight: 3, interactive: false, className: 'route-map-line',
    }).addTo(map);
    return () => { polyline.remove(); };
    // `lineKey` stands for the line.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lineKey, tileUrl, tileAttribution]);

  const points = [...shown, ...line];
  const fitKey = JSON.stringify([
    points.length > 0 ? [Math.min(...points.map((point) => point.lat)), Math.min(...points.map((point) => point.lon)),
      Math.max(...points.map((point) => point.lat)), Math.max(...points.map((point) => point.lon))] : null,
    center, zoom, maxFitZoom, tileUrl, tileAttribution,
  ]);
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const bounds = points.length > 0 ? L.latLngBounds(points.map((point) => L.latLng(point.lat, point.lon))) : null;
    const fit = () => {
      const size = map.getSize();
      if (!bounds) map.setView([center.lat, center.lon], zoom);
      // One place (or one repeated): shown at `zoom`, like the centre.
      else if (bounds.getNorthEast().equals(bounds.getSouthWest())) map.setView(bounds.getCenter(), zoom);
      // A map not laid out yet (hidden, or a test DOM) has no size to fit into: centre it, fit once it has one.
      else if (size.x <= 2 * PADDING_PX + ZOOM_CONTROL_PX || size.y <= 2 * PADDING_PX) map.setView(bounds.getCenter(), zoom);
      // Extra room on the left: a marker in the top-left corner would otherwise sit under the zoom control.
      else map.fitBounds(bounds, {
        paddingTopLeft: [PADDING_PX + ZOOM_CONTROL_PX, PADDING_PX], paddingBottomRight: [PADDING_PX, PADDING_PX], maxZoom: Math.max(zoom, maxFitZoom),
      });
    };
    fitRef.current = fit;
    fit();
    // `fitKey` stands for the bounds, the centre, the zoom and the tiles (a new map when they change).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fitKey]);

  return (
    // Plain elements, no Chakra: the public tracking page rendered ahead of time shows this map too (issue 19).
    <figure className="route-map" data-testid="route-map" style={{ margin: 0, maxWidth: `${width}px` }}>
      <div ref={containerRef} data-testid="route-map-surface" role="region" aria-label={label} aria-roledescription={ROUTE_MAP_TEXTS.roleDescription}
        aria-describedby={stopsId} style={{ height, width: '100%', background: BACKGROUND }} />
      <div id={stopsId} className="route-map-hidden">
        {ROUTE_MAP_TEXTS.keyboardHint}
        {shown.length > 0 && (
          <ol aria-label={`${label}: ${ROUTE_MAP_TEXTS.stops}`}>
            {shown.map((marker, index) => <li key={`${marker.label}-${index}`}>{stopName(marker)}</li>)}
          </ol>
        )}
      </div>
      {distanceKm !== undefined && distanceKm !== null && Number.isFinite(distanceKm) && (
        <figcaption className="route-map-caption" data-testid="route-distance">
          {ROUTE_MAP_TEXTS.distance}: {formatDistance(distanceKm, { metresUnder1Km })}
        </figcaption>
      )}
    </figure>
  );
}
