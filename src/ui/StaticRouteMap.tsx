// The route map drawn without Leaflet (issue 19, "A fast first load"): with no tile URL configured (the default),
// Leaflet draws the markers on a plain background and fetches nothing; this draws the same markers on the same
// background, fitted the same way (src/ui/map-projection.ts), for about 1 kB instead of 45 kB. It does not pan or
// zoom; the public tracking page shows it. With tiles configured, that page loads the Leaflet map (RouteMap) instead.
import { useEffect, useId, useRef, useState } from 'react';
import { MAP_DEFAULT_CENTER, MAP_FIT_MAX_ZOOM, MAP_ZOOM } from '../lib/constants';
import { markerLabel } from '../lib/distance';
import { fitView, MARKER_COLOUR, markerBox } from './map-projection';
import type { RouteMapProps } from './RouteMap';

const BACKGROUND = '#eef0f2';
const PADDING_PX = 28;
const TEXTS = { stops: 'Stops' } as const;
/** For screen readers only (a style, not a class: the page rendered ahead of time imports no style sheet of ours here). */
const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0, 0, 0, 0)', whiteSpace: 'nowrap', border: 0 } as const;

export function StaticRouteMap({ markers, label = 'Map', width = 480, height = 260 }: Pick<RouteMapProps, 'markers' | 'label' | 'width' | 'height'>) {
  const stopsId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [shownWidth, setShownWidth] = useState(width);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setShownWidth(element.clientWidth || width);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [width]);
  const shown = markers.flatMap((marker, index) => (marker && Number.isFinite(marker.lat) && Number.isFinite(marker.lon)
    ? [{ ...marker, label: marker.label ?? markerLabel(index) }] : []));
  const view = fitView({ points: shown, center: MAP_DEFAULT_CENTER, zoom: shown.length > 1 ? MAP_FIT_MAX_ZOOM : MAP_ZOOM.default, width: shownWidth, height, padding: PADDING_PX });
  return (
    <figure className="route-map" data-testid="route-map" style={{ margin: 0, maxWidth: `${width}px` }}>
      <div ref={ref} data-testid="route-map-surface" role="img" aria-label={label} aria-describedby={stopsId}
        style={{ position: 'relative', overflow: 'hidden', height, width: '100%', background: BACKGROUND }}>
        {shown.map((marker, index) => {
          const { width: boxWidth, height: boxHeight, fontPx } = markerBox(marker.label);
          const { x, y } = view.toView(marker);
          return (
            <div key={`${marker.label}-${index}`} title={marker.title ?? marker.label}
              style={{ position: 'absolute', left: 0, top: 0, transform: `translate3d(${Math.round(x - boxWidth / 2)}px, ${Math.round(y - boxHeight / 2)}px, 0px)` }}>
              <span data-testid="map-marker" data-label={marker.label} aria-hidden="true" style={{
                display: 'flex', alignItems: 'center', justifyContent: 'center', width: boxWidth, height: boxHeight, borderRadius: boxHeight / 2,
                background: marker.colour ?? MARKER_COLOUR, color: '#fff', border: '2px solid #fff', boxSizing: 'border-box',
                boxShadow: '0 1px 3px rgba(0,0,0,.4)', font: `bold ${fontPx}px/1 sans-serif`,
              }}>{marker.label}</span>
            </div>
          );
        })}
      </div>
      <div id={stopsId} style={VISUALLY_HIDDEN}>
        {shown.length > 0 && (
          <ol aria-label={`${label}: ${TEXTS.stops}`}>
            {shown.map((marker, index) => <li key={`${marker.label}-${index}`}>{marker.title ? `${marker.label}: ${marker.title}` : marker.label}</li>)}
          </ol>
        )}
      </div>
    </figure>
  );
}
