import { Alert, Button, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import type { Actor } from 'xstate';
import { TERRITORY_TEXTS, POLYGON_TEXTS } from '../../lib/territory-texts';
import type { polygonEditorMachine } from '../../machines/territories/polygon-editor.machine';
import { PolygonMap, type PolygonMapProps } from '../../ui/PolygonMap';

export interface AreaEditorProps {
  actor: Actor<typeof polygonEditorMachine>;
}

/** The area (or exception) screen's body: its name, the polygon map and vertex list, and the editor's state. */
export function AreaEditor({ actor }: AreaEditorProps) {
  const state = useSelector(actor, (snapshot) => snapshot);
  const { areaName, vertices, problem, current, error, places, areaId } = state.context;
  const others = useMemo(() => state.context.others.filter((other) => other.id !== areaId)
    .map((other) => ({ name: other.areaName, kind: other.kind, vertices: other.polygon.slice(0, -1).map(([lon, lat]) => ({ lat: lat!, lon: lon! })) })),
  [state.context.others, areaId]);
  const onViewChange = useCallback<NonNullable<PolygonMapProps['onViewChange']>>((bounds) => actor.send({ type: 'places.view', bounds }), [actor]);
  const busy = state.hasTag('busy');
  if (state.matches('loading')) return <div role="status">{POLYGON_TEXTS.loading}</div>;
  if (state.matches('loadFailed')) {
    return (
      <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{error?.message ?? POLYGON_TEXTS.loadFailed}</Alert.Title>
        <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'area.retry' })}>{POLYGON_TEXTS.retry}</Button>
      </Alert.Root>
    );
  }
  if (state.matches('notFound')) return null;
  const mode = state.matches('idle') ? 'idle' : state.matches('drawing') ? 'drawing' : 'editing';
  const status = mode === 'idle' ? POLYGON_TEXTS.idle : mode === 'drawing' ? POLYGON_TEXTS.drawing(vertices.length) : POLYGON_TEXTS.editing(vertices.length);
  const nameError = problem?.field === 'areaName' ? problem.message : undefined;
  const polygonError = problem?.field === 'polygon' ? problem.message : undefined;
  return (
    <Stack gap={3} data-testid="area-editor">
      {state.matches('conflict') && current && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{POLYGON_TEXTS.conflictTitle}</Alert.Title>
            <Alert.Description>{`${current.areaName}: ${current.polygon.length - 1} ${TERRITORY_TEXTS.vertices.toLowerCase()}`}</Alert.Description>
            <HStack mt={2} gap={2}>
              <Button size="xs" onClick={() => actor.send({ type: 'conflict.keepMine' })}>{POLYGON_TEXTS.keepMine}</Button>
              <Button size="xs" variant="outline" onClick={() => actor.send({ type: 'conflict.takeCurrent' })}>{POLYGON_TEXTS.takeCurrent}</Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      )}
      <Stack gap={1} maxW="400px">
        <chakra.label htmlFor="area-name" fontSize="sm" fontWeight="medium">{`${TERRITORY_TEXTS.areaName} *`}</chakra.label>
        <Input id="area-name" size="sm" value={areaName} disabled={busy} aria-invalid={Boolean(nameError) || undefined}
          aria-describedby={nameError ? 'area-name-error' : undefined}
          onChange={(event) => actor.send({ type: 'area.rename', areaName: event.currentTarget.value })} />
        {nameError && <Text id="area-name-error" role="alert" fontSize="sm" color="red.600">{nameError}</Text>}
      </Stack>
      <Text role="status" fontSize="sm" data-testid="polygon-status">{state.matches('saving') ? POLYGON_TEXTS.saving : status}</Text>
      {polygonError && <Text role="alert" fontSize="sm" color="red.600" data-testid="polygon-error">{polygonError}</Text>}
      <HStack gap={2}>
        {mode === 'idle' && <Button size="sm" onClick={() => actor.send({ type: 'draw.start' })}>{POLYGON_TEXTS.draw}</Button>}
        {mode === 'drawing' && (
          <>
            <Button size="sm" onClick={() => actor.send({ type: 'polygon.close' })}>{POLYGON_TEXTS.close}</Button>
            <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'draw.cancel' })}>{POLYGON_TEXTS.cancel}</Button>
          </>
        )}
        {mode === 'editing' && (
          <>
            <Button size="sm" bg="secondary" color="white" loading={state.matches('saving')} loadingText={POLYGON_TEXTS.save}
              disabled={busy || !state.matches({ editing: 'valid' })} onClick={() => actor.send({ type: 'area.save' })}>{POLYGON_TEXTS.save}</Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'polygon.redraw' })}>{POLYGON_TEXTS.redraw}</Button>
          </>
        )}
      </HStack>
      <PolygonMap vertices={vertices} mode={mode} invalid={state.matches({ editing: 'invalid' }) || Boolean(polygonError)} disabled={busy || state.matches('conflict')}
        places={places} others={others} onViewChange={onViewChange}
        onAdd={(point, index) => actor.send({ type: 'vertex.add', ...point, ...(index !== undefined && { index }) })}
        onMove={(index, point) => actor.send({ type: 'vertex.move', index, ...point })}
        onRemove={(index) => actor.send({ type: 'vertex.remove', index })}
        onClose={() => actor.send({ type: 'polygon.close' })} />
    </Stack>
  );
}
