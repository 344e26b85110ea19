import { Alert, Button, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { FieldError } from '../../ui/FieldError';
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
  const areaName = useSelector(actor, (snapshot) => snapshot.context.areaName);
  const vertices = useSelector(actor, (snapshot) => snapshot.context.vertices);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const current = useSelector(actor, (snapshot) => snapshot.context.current);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const places = useSelector(actor, (snapshot) => snapshot.context.places);
  const areaId = useSelector(actor, (snapshot) => snapshot.context.areaId);
  const allOthers = useSelector(actor, (snapshot) => snapshot.context.others);
  const phase = useSelector(actor, (snapshot) => {
    if (snapshot.matches('loading')) return 'loading';
    if (snapshot.matches('loadFailed')) return 'loadFailed';
    return snapshot.matches('notFound') ? 'notFound' : 'ready';
  });
  const mode = useSelector(actor, (snapshot) => (snapshot.matches('idle') ? 'idle' : snapshot.matches('drawing') ? 'drawing' : 'editing'));
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  const conflict = useSelector(actor, (snapshot) => snapshot.matches('conflict'));
  const valid = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'valid' }));
  const invalid = useSelector(actor, (snapshot) => snapshot.matches({ editing: 'invalid' }));
  const others = useMemo(() => allOthers.filter((other) => other.id !== areaId)
    .map((other) => ({ name: other.areaName, kind: other.kind, vertices: other.polygon.slice(0, -1).map(([lon, lat]) => ({ lat: lat!, lon: lon! })) })),
  [allOthers, areaId]);
  const onViewChange = useCallback<NonNullable<PolygonMapProps['onViewChange']>>((bounds) => actor.send({ type: 'places.view', bounds }), [actor]);
  if (phase === 'loading') return <div role="status">{POLYGON_TEXTS.loading}</div>;
  if (phase === 'loadFailed') {
    return (
      <Alert.Root status="error"><Alert.Indicator /><Alert.Title>{error?.message ?? POLYGON_TEXTS.loadFailed}</Alert.Title>
        <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'area.retry' })}>{POLYGON_TEXTS.retry}</Button>
      </Alert.Root>
    );
  }
  if (phase === 'notFound') return null;
  const status = mode === 'idle' ? POLYGON_TEXTS.idle : mode === 'drawing' ? POLYGON_TEXTS.drawing(vertices.length) : POLYGON_TEXTS.editing(vertices.length);
  const nameError = problem?.field === 'areaName' ? problem.message : undefined;
  const polygonError = problem?.field === 'polygon' ? problem.message : undefined;
  return (
    <Stack gap={3} data-testid="area-editor">
      {conflict && current && (
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
        {nameError && <FieldError id="area-name-error">{nameError}</FieldError>}
      </Stack>
      <Text role="status" fontSize="sm" data-testid="polygon-status">{saving ? POLYGON_TEXTS.saving : status}</Text>
      {polygonError && <FieldError testId="polygon-error">{polygonError}</FieldError>}
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
            <Button size="sm" bg="secondary" color="white" loading={saving} loadingText={POLYGON_TEXTS.save}
              disabled={busy || !valid} onClick={() => actor.send({ type: 'area.save' })}>{POLYGON_TEXTS.save}</Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'polygon.redraw' })}>{POLYGON_TEXTS.redraw}</Button>
          </>
        )}
      </HStack>
      <PolygonMap vertices={vertices} mode={mode} invalid={invalid || Boolean(polygonError)} disabled={busy || conflict}
        places={places} others={others} onViewChange={onViewChange}
        onAdd={(point, index) => actor.send({ type: 'vertex.add', ...point, ...(index !== undefined && { index }) })}
        onMove={(index, point) => actor.send({ type: 'vertex.move', index, ...point })}
        onRemove={(index) => actor.send({ type: 'vertex.remove', index })}
        onClose={() => actor.send({ type: 'polygon.close' })} />
    </Stack>
  );
}
