import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type WheelEvent } from 'react';
import type { FlowLayout } from '../lib/flows/layout';
import { drawFlow, type Highlight } from '../lib/flows/svg';
import { renderSvgTree } from './statechart/svg-react';

export interface StatechartDiagramProps {
  layout: FlowLayout;
  highlight?: Highlight;
  /** Accessible name of the diagram region. */
  label?: string;
  height?: string | number;
}

interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN_SCALE = 0.1;
const MAX_SCALE = 4;
const PAN_STEP = 60;

function fitted(layout: FlowLayout, width: number, height: number): View {
  const scale = Math.min(1, width / Math.max(layout.width, 1), height / Math.max(layout.height, 1));
  return { scale: Math.max(MIN_SCALE, scale), x: 0, y: 0 };
}

/**
 * A laid-out statechart with pan and zoom: wheel and drag with the pointer; with the keyboard (focus the
 * diagram) + and - zoom, the arrow keys pan, 0 fits it again. Transitions are focusable (Tab) and name their
 * source, target and label; active states, enabled transitions and an overlaid path are highlighted.
 */
export function StatechartDiagram({ layout, highlight, label, height = '60vh' }: StatechartDiagramProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  // The user's pan and zoom, for the layout it was made on; otherwise the chart is fitted to the frame.
  const [custom, setCustom] = useState<{ layout: FlowLayout; view: View } | null>(null);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);

  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const view = custom?.layout === layout ? custom.view : size && size.width > 0 ? fitted(layout, size.width, size.height) : { scale: 1, x: 0, y: 0 };
  const update = (change: (current: View) => View) => setCustom({ layout, view: change(view) });
  const zoom = (factor: number) => update((current) => ({ ...current, scale: Math.min(MAX_SCALE, Math.max(MIN_SCALE, current.scale * factor)) }));
  const pan = (dx: number, dy: number) => update((current) => ({ ...current, x: current.x + dx, y: current.y + dy }));
  const reset = () => setCustom(null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    const keys: Record<string, () => void> = {
      '+': () => zoom(1.2), '=': () => zoom(1.2), '-': () => zoom(1 / 1.2), '0': reset,
      ArrowLeft: () => pan(PAN_STEP, 0), ArrowRight: () => pan(-PAN_STEP, 0), ArrowUp: () => pan(0, PAN_STEP), ArrowDown: () => pan(0, -PAN_STEP),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  const onWheel = (event: WheelEvent) => zoom(event.deltaY < 0 ? 1.1 : 1 / 1.1);
  const onPointerDown = (event: PointerEvent) => {
    if ((event.target as Element).closest('[data-transition]')) return;
    drag.current = { x: event.clientX, y: event.clientY, view };
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    const start = drag.current;
    if (start) setCustom({ layout, view: { ...start.view, x: start.view.x + event.clientX - start.x, y: start.view.y + event.clientY - start.y } });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const tree = useMemo(() => drawFlow(layout, { highlight, interactive: true }), [layout, highlight]);

  return (
    <Box>
      <HStack gap="2" mb="2">
        <Button size="xs" variant="outline" onClick={() => zoom(1.2)} aria-label="Zoom in">+</Button>
        <Button size="xs" variant="outline" onClick={() => zoom(1 / 1.2)} aria-label="Zoom out">−</Button>
        <Button size="xs" variant="outline" onClick={reset}>Fit</Button>
        <Text fontSize="xs" color="fg.muted">{Math.round(view.scale * 100)} % · drag to pan, wheel or +/− to zoom, arrows to pan, 0 to fit</Text>
      </HStack>
      <Box
        ref={frame}
        role="region"
        aria-label={label ?? `Diagram of ${layout.graph.id}`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        overflow="hidden"
        borderWidth="1px"
        borderRadius="md"
        height={height}
        bg="white"
        cursor="grab"
        _focusVisible={{ outline: '3px solid', outlineColor: 'blue.500', outlineOffset: '2px' }}
        css={{
          touchAction: 'none',
          '& [data-transition]:focus': { outline: 'none' },
          '& [data-transition]:focus path': { stroke: '#7c3aed', strokeWidth: 3 },
          '& [data-transition]:focus text': { fontWeight: 'bold' },
        }}
      >
        <Box transformOrigin="0 0" transform={`translate(${view.x}px, ${view.y}px) scale(${view.scale})`} width="max-content">
          {renderSvgTree(tree)}
        </Box>
      </Box>
    </Box>
  );
}
