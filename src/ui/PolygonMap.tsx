import { Box, Button, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { MAP_DEFAULT_CENTER } from '../lib/constants';
import type { LatLon } from '../lib/distance';
import { POLYGON_TEXTS } from '../lib/territory-texts';
import { fitView, type MapView } from './map-projection';

export interface MapPlace extends LatLon {
  placeId: string;
  name: string;
}

export interface PolygonMapProps {
  vertices: readonly LatLon[];
  /** 'idle': nothing to edit; 'drawing': clicks add vertices, the ring is open; 'editing': the ring is closed. */
  mode: 'idle' | 'drawing' | 'editing';
  invalid?: boolean;
  disabled?: boolean;
  onAdd(point: LatLon, index?: number): void;
  onMove(index: number, point: LatLon): void;
  onRemove(index: number): void;
  /** While drawing, a click on the first vertex closes the ring (as the Close button does). */
  onClose?(): void;
  /** Gazetteer places inside the view, drawn as dots for context. */
  places?: readonly MapPlace[];
  /** Other polygons of the territory, drawn faintly for context. */
  others?: readonly { name: string; kind: 'area' | 'exception'; vertices: readonly LatLon[] }[];
  /** Told the box the map shows whenever the view changes (to load the places inside it). */
  onViewChange?(bounds: { minLat: number; maxLat: number; minLon: number; maxLon: number }): void;
  label?: string;
  center?: LatLon;
  width?: number;
  height?: number;
}

/** The closest an empty map or a lone vertex is shown (a suburb fills the view). */
const EDIT_ZOOM = 13;
const PADDING_PX = 36;
/** How far one arrow key press moves the selected vertex, in pixels (Shift: five times as far). */
const KEY_STEP_PX = 4;
const round = (value: number) => Math.round(value * 1e6) / 1e6;
const rounded = (point: LatLon): LatLon => ({ lat: round(point.lat), lon: round(point.lon) });

/**
 * An SVG polygon editor with no tiles and no network (the projection of RouteMap): click to add a vertex,
 * drag a vertex, select one and use the arrow keys to move it, Delete to remove it, Enter to add one at the
 * centre. The numbered vertex list beside it is the same polygon as text inputs, for screen readers and for
 * typing exact coordinates. The view fits the polygon when it is loaded or on "Fit", not on every change, so
 * it does not jump while drawing.
 */
export function PolygonMap({
  vertices, mode, invalid = false, disabled = false, onAdd, onMove, onRemove, onClose, places = [], others = [], onViewChange,
  label = POLYGON_TEXTS.mapLabel, center = MAP_DEFAULT_CENTER, width = 560, height = 380,
}: PolygonMapProps) {
  const titleId = useId();
  const helpId = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [frame, setFrame] = useState<readonly LatLon[]>(() => [...vertices, ...others.flatMap((other) => other.vertices)]);
  const [selected, setSelected] = useState<number | undefined>(undefined);
  const dragging = useRef<number | undefined>(undefined);
  const lastBounds = useRef('');
  const [previousCount, setPreviousCount] = useState(vertices.length);

  // A polygon that arrives whole (loaded, or the current version taken) is fitted; single edits are not.
  if (previousCount !== vertices.length) {
    setPreviousCount(vertices.length);
    if (previousCount === 0 && vertices.length >= 3) setFrame([...vertices, ...others.flatMap((other) => other.vertices)]);
  }
  if (selected !== undefined && selected >= vertices.length) setSelected(undefined);
  // The territory's other polygons arrive after the map: an empty view takes them as its frame.
  if (frame.length === 0 && others.some((other) => other.vertices.length > 0)) setFrame(others.flatMap((other) => other.vertices));

  const view: MapView = fitView({ points: frame, center: frame.length > 0 ? frame[0]! : center, zoom: EDIT_ZOOM, width, height, padding: PADDING_PX });
  const bounds = view.bounds();
  const boundsKey = JSON.stringify(bounds);
  useEffect(() => {
    if (onViewChange && boundsKey !== lastBounds.current) {
      lastBounds.current = boundsKey;
      onViewChange(JSON.parse(boundsKey) as typeof bounds);
    }
  }, [boundsKey, onViewChange]);

  const editable = !disabled && mode !== 'idle';
  const toSvg = (clientX: number, clientY: number) => {
    const rect = svgRef.current!.getBoundingClientRect();
    return { x: ((clientX - rect.left) * width) / Math.max(rect.width, 1), y: ((clientY - rect.top) * height) / Math.max(rect.height, 1) };
  };
  const centrePoint = () => rounded(view.fromView(width / 2, height / 2));
  const insertAt = () => (selected === undefined ? undefined : selected + 1);

  const onMapClick = (event: PointerEvent<SVGRectElement>) => {
    if (!editable || mode !== 'drawing') return;
    const { x, y } = toSvg(event.clientX, event.clientY);
    onAdd(rounded(view.fromView(x, y)));
  };
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (dragging.current === undefined) return;
    const { x, y } = toSvg(event.clientX, event.clientY);
    onMove(dragging.current, rounded(view.fromView(x, y)));
  };
  const endDrag = () => { dragging.current = undefined; };

  const onVertexKey = (index: number) => (event: KeyboardEvent<SVGGElement>) => {
    if (!editable) return;
    const step = event.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
    const moves: Record<string, [number, number]> = { ArrowUp: [0, -step], ArrowDown: [0, step], ArrowLeft: [-step, 0], ArrowRight: [step, 0] };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const p = view.toView(vertices[index]!);
      onMove(index, rounded(view.fromView(p.x + move[0], p.y + move[1])));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove(index);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      onAdd(centrePoint(), index + 1);
    }
  };
  const onMapKey = (event: KeyboardEvent<SVGSVGElement>) => {
    if (!editable || event.key !== 'Enter' || event.target !== event.currentTarget) return;
    event.preventDefault();
    onAdd(centrePoint(), insertAt());
  };

  const points = vertices.map((vertex) => view.toView(vertex));
  const pointList = (list: readonly { x: number; y: number }[]) => list.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  const stroke = invalid ? '#c53030' : '#2b6cb0';
  const grid = 40;

  return (
    <Stack direction={{ base: 'column', lg: 'row' }} gap={4} align="flex-start" data-testid="polygon-map">
      <Box as="figure" m={0} flex="1" minW={0}>
        <svg ref={svgRef} role="application" aria-labelledby={titleId} aria-describedby={helpId} tabIndex={editable ? 0 : -1}
          viewBox={`0 0 ${width} ${height}`} width="100%" style={{ maxHeight: height, display: 'block', touchAction: 'none', outline: 'none' }}
          onPointerMove={onPointerMove} onPointerUp={endDrag} onPointerLeave={endDrag} onKeyDown={onMapKey}>
          <title id={titleId}>{label}</title>
          <rect width={width} height={height} fill="#eef0f2" data-testid="polygon-map-surface" onPointerDown={onMapClick}
            style={{ cursor: editable && mode === 'drawing' ? 'crosshair' : 'default' }} />
          <g stroke="#dde1e5" strokeWidth={1} aria-hidden="true" pointerEvents="none">
            {Array.from({ length: Math.ceil(width / grid) }, (_, i) => <line key={`v${i}`} x1={i * grid} y1={0} x2={i * grid} y2={height} />)}
            {Array.from({ length: Math.ceil(height / grid) }, (_, i) => <line key={`h${i}`} x1={0} y1={i * grid} x2={width} y2={i * grid} />)}
          </g>
          {others.map((other) => (
            <polygon key={`${other.kind}-${other.name}`} data-testid="polygon-other" points={pointList(other.vertices.map((v) => view.toView(v)))} pointerEvents="none"
              fill={other.kind === 'exception' ? 'rgba(197,48,48,0.08)' : 'rgba(43,108,176,0.06)'} stroke={other.kind === 'exception' ? '#e9a6a6' : '#a3bfe0'} strokeDasharray="4 3">
              <title>{other.name}</title>
            </polygon>
          ))}
          <g data-testid="polygon-places" pointerEvents="none">
            {places.map((place) => {
              const p = view.toView(place);
              if (p.x < 0 || p.y < 0 || p.x > width || p.y > height) return null;
              return (
                <circle key={place.placeId} data-testid="map-place" cx={p.x.toFixed(1)} cy={p.y.toFixed(1)} r={3} fill="#718096">
                  <title>{place.name}</title>
                </circle>
              );
            })}
          </g>
          {points.length > 1 && (mode === 'editing' ? (
            <polygon data-testid="polygon-shape" points={pointList(points)} fill={invalid ? 'rgba(197,48,48,0.15)' : 'rgba(43,108,176,0.18)'} stroke={stroke} strokeWidth={2} pointerEvents="none" />
          ) : (
            <polyline data-testid="polygon-shape" points={pointList(points)} fill="none" stroke={stroke} strokeWidth={2} strokeDasharray="6 4" pointerEvents="none" />
          ))}
          {points.map((p, index) => (
            <g key={index} role="button" tabIndex={editable ? 0 : -1} data-testid="polygon-vertex" data-selected={selected === index || undefined}
              aria-label={`${POLYGON_TEXTS.vertex(index + 1)}: ${vertices[index]!.lat}, ${vertices[index]!.lon}`}
              transform={`translate(${p.x.toFixed(1)} ${p.y.toFixed(1)})`} style={{ cursor: editable ? 'grab' : 'default' }}
              onFocus={() => setSelected(index)} onKeyDown={onVertexKey(index)}
              onPointerDown={(event) => {
                if (!editable) return;
                event.stopPropagation();
                if (mode === 'drawing' && index === 0 && vertices.length >= 3 && onClose) {
                  onClose();
                  return;
                }
                setSelected(index);
                dragging.current = index;
              }}>
              <circle r={selected === index ? 8 : 6} fill={index === 0 ? '#2f855a' : '#ffffff'} stroke={stroke} strokeWidth={2} />
              <text y={-10} textAnchor="middle" fontSize={10} fill="#1a202c" aria-hidden="true">{index + 1}</text>
            </g>
          ))}
        </svg>
        <Text as="figcaption" id={helpId} textStyle="xs" color="fg.muted" mt={1}>{POLYGON_TEXTS.keyboardHelp}</Text>
        <Button size="xs" variant="outline" mt={1} onClick={() => setFrame([...vertices, ...others.flatMap((other) => other.vertices)])}>{POLYGON_TEXTS.fit}</Button>
      </Box>
      <VertexList vertices={vertices} editable={editable} onAdd={onAdd} onMove={onMove} onRemove={onRemove} insertAt={insertAt()} />
    </Stack>
  );
}

function CoordinateInput({ label, value, disabled, onCommit }: { label: string; value: number; disabled: boolean; onCommit(value: number): void }) {
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const commit = () => {
    const parsed = Number(text);
    if (text.trim() !== '' && Number.isFinite(parsed) && parsed !== value) onCommit(parsed);
    else setText(String(value));
  };
  return (
    <Input size="xs" w="7.5rem" inputMode="decimal" aria-label={label} value={text} disabled={disabled}
      onChange={(event) => setText(event.currentTarget.value)} onBlur={commit}
      onKeyDown={(event) => { if (event.key === 'Enter') { event.preventDefault(); commit(); } }} />
  );
}

function VertexList({ vertices, editable, onAdd, onMove, onRemove, insertAt }: {
  vertices: readonly LatLon[]; editable: boolean; insertAt: number | undefined;
  onAdd(point: LatLon, index?: number): void; onMove(index: number, point: LatLon): void; onRemove(index: number): void;
}) {
  const [lat, setLat] = useState('');
  const [lon, setLon] = useState('');
  const add = () => {
    const point = { lat: Number(lat), lon: Number(lon) };
    if (lat.trim() === '' || lon.trim() === '' || !Number.isFinite(point.lat) || !Number.isFinite(point.lon)) return;
    onAdd(point, insertAt);
    setLat('');
    setLon('');
  };
  return (
    <Box as="section" aria-label={POLYGON_TEXTS.vertexList} minW="18rem">
      <Text fontWeight="semibold" fontSize="sm" mb={2}>{POLYGON_TEXTS.vertexList}</Text>
      <chakra.ol listStyleType="none" p={0} m={0}>
        {vertices.map((vertex, index) => (
          <chakra.li key={index} mb={1} data-testid="vertex-row">
            <HStack gap={1}>
              <Text fontSize="xs" w="1.5rem">{index + 1}</Text>
              <CoordinateInput label={`${POLYGON_TEXTS.vertex(index + 1)} ${POLYGON_TEXTS.latitude}`} value={vertex.lat} disabled={!editable}
                onCommit={(value) => onMove(index, { lat: value, lon: vertex.lon })} />
              <CoordinateInput label={`${POLYGON_TEXTS.vertex(index + 1)} ${POLYGON_TEXTS.longitude}`} value={vertex.lon} disabled={!editable}
                onCommit={(value) => onMove(index, { lat: vertex.lat, lon: value })} />
              <Button size="xs" variant="ghost" disabled={!editable} aria-label={POLYGON_TEXTS.removeVertex(index + 1)} onClick={() => onRemove(index)}>×</Button>
            </HStack>
          </chakra.li>
        ))}
      </chakra.ol>
      <HStack gap={1} mt={2}>
        <Input size="xs" w="7.5rem" inputMode="decimal" aria-label={`${POLYGON_TEXTS.addVertex} ${POLYGON_TEXTS.latitude}`} placeholder={POLYGON_TEXTS.latitude}
          value={lat} disabled={!editable} onChange={(event) => setLat(event.currentTarget.value)} />
        <Input size="xs" w="7.5rem" inputMode="decimal" aria-label={`${POLYGON_TEXTS.addVertex} ${POLYGON_TEXTS.longitude}`} placeholder={POLYGON_TEXTS.longitude}
          value={lon} disabled={!editable} onChange={(event) => setLon(event.currentTarget.value)} />
        <Button size="xs" disabled={!editable} onClick={add}>{POLYGON_TEXTS.addVertex}</Button>
      </HStack>
    </Box>
  );
}
