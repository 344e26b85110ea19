import { Box, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { MAP_DEFAULT_CENTER, MAP_ZOOM } from '../lib/constants';
import { formatDistance, markerLabel, type LatLon } from '../lib/distance';
import { fitView } from './map-projection';

export interface RouteMapMarker extends LatLon {
  /** Defaults to the marker's letter by position: A, B … Z, AA, AB. */
  label?: string;
  /** Read with the marker (an address, a stop name). */
  title?: string;
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
  zoom?: number;
  width?: number;
  height?: number;
}

/** Texts of the map (ours: the spec names only the markers and the centre). */
export const ROUTE_MAP_TEXTS = {
  label: 'Map',
  distance: 'Distance',
} as const;

const PADDING_PX = 28;

/**
 * A map that needs no tiles and no network: the points projected (Web Mercator) onto a neutral background
 * with a light grid, lettered markers (A, B … Z, AA) and an optional route line. It fits every point, never
 * zooming in beyond `zoom` (default 9); with nothing to show it centres on `center` (-33.9249, 18.4241).
 */
export function RouteMap({
  markers, path = [], distanceKm, metresUnder1Km = false, label = ROUTE_MAP_TEXTS.label,
  center = MAP_DEFAULT_CENTER, zoom = MAP_ZOOM.default, width = 480, height = 260,
}: RouteMapProps) {
  const titleId = useId();
  const shown = markers.flatMap((marker, index) => (marker && Number.isFinite(marker.lat) && Number.isFinite(marker.lon)
    ? [{ ...marker, label: marker.label ?? markerLabel(index) }] : []));
  const line = path.filter((point) => Number.isFinite(point.lat) && Number.isFinite(point.lon));
  const { toView } = fitView({ points: [...shown, ...line], center, zoom, width, height, padding: PADDING_PX });

  const grid = 40;
  const names = shown.map((marker) => (marker.title ? `${marker.label}: ${marker.title}` : marker.label)).join(', ');
  return (
    <Box as="figure" m={0} data-testid="route-map">
      <svg role="img" aria-labelledby={titleId} viewBox={`0 0 ${width} ${height}`} width="100%" style={{ maxHeight: height, display: 'block' }}>
        <title id={titleId}>{names ? `${label}: ${names}` : label}</title>
        <rect width={width} height={height} fill="#eef0f2" />
        <g stroke="#dde1e5" strokeWidth={1} aria-hidden="true">
          {Array.from({ length: Math.ceil(width / grid) }, (_, i) => <line key={`v${i}`} x1={i * grid} y1={0} x2={i * grid} y2={height} />)}
          {Array.from({ length: Math.ceil(height / grid) }, (_, i) => <line key={`h${i}`} x1={0} y1={i * grid} x2={width} y2={i * grid} />)}
        </g>
        {line.length > 1 && (
          <polyline data-testid="route-line" aria-hidden="true" fill="none" stroke="#3b6fd8" strokeWidth={3} strokeLinejoin="round" strokeLinecap="round"
            points={line.map((point) => { const p = toView(point); return `${p.x.toFixed(1)},${p.y.toFixed(1)}`; }).join(' ')} />
        )}
        {shown.map((marker, index) => {
          const p = toView(marker);
          return (
            <g key={`${marker.label}-${index}`} data-testid="map-marker" data-label={marker.label} transform={`translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`}>
              <title>{marker.title ? `${marker.label}: ${marker.title}` : marker.label}</title>
              <path d="M0 0 L-9 -14 A11 11 0 1 1 9 -14 Z" fill="#d64545" stroke="#ffffff" strokeWidth={1.5} />
              <text y={-17} textAnchor="middle" fontSize={marker.label.length > 1 ? 9 : 11} fontWeight="bold" fill="#ffffff" aria-hidden="true">{marker.label}</text>
            </g>
          );
        })}
      </svg>
      {distanceKm !== undefined && distanceKm !== null && Number.isFinite(distanceKm) && (
        <Text as="figcaption" textStyle="sm" mt={1} data-testid="route-distance">
          {ROUTE_MAP_TEXTS.distance}: {formatDistance(distanceKm, { metresUnder1Km })}
        </Text>
      )}
    </Box>
  );
}
