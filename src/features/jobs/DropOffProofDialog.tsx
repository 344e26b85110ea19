import { Alert, Button, chakra, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import { DROP_OFF_PROOF_TEXTS, PROOF_TEXTS, type ProofPart } from '../../lib/proof-of-delivery';
import { MAX_PROOF_PHOTOS, missingMessage } from '../../machines/operations/drop-off-proof';
import type { dropOffProofMachine } from '../../machines/operations/drop-off-proof.machine';

export type DropOffProofActor = Actor<typeof dropOffProofMachine>;

const texts = DROP_OFF_PROOF_TEXTS;

/** One part's heading with whether it is required or optional (parts that are off are not shown). */
function Section({ part, requirement, children }: { part: ProofPart; requirement: 'required' | 'optional'; children: React.ReactNode }) {
  return (
    <chakra.fieldset borderWidth="1px" borderRadius="md" p={2}>
      <chakra.legend fontWeight="medium" px={1}>{texts.section(PROOF_TEXTS.parts[part], texts[requirement])}</chakra.legend>
      <Stack gap={2}>{children}</Stack>
    </chakra.fieldset>
  );
}

/** The signature pad: pointer (finger, pen, mouse) strokes on a canvas, sent as a PNG data URL when a stroke ends. */
function SignaturePad({ onSigned }: { onSigned: (dataUrl: string) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  return (
    <chakra.canvas ref={canvas} width={300} height={120} borderWidth="1px" borderRadius="sm" bg="white" touchAction="none" maxW="100%"
      aria-label={texts.signaturePad} role="img"
      onPointerDown={(event) => {
        drawing.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        const context = event.currentTarget.getContext('2d');
        const { x, y } = point(event);
        context?.beginPath();
        context?.moveTo(x, y);
      }}
      onPointerMove={(event) => {
        if (!drawing.current) return;
        const context = event.currentTarget.getContext('2d');
        const { x, y } = point(event);
        if (context) {
          context.lineWidth = 2;
          context.lineTo(x, y);
          context.stroke();
        }
      }}
      onPointerUp={(event) => {
        if (!drawing.current) return;
        drawing.current = false;
        const dataUrl = event.currentTarget.toDataURL('image/png');
        if (dataUrl) onSigned(dataUrl);
      }} />
  );
}

/** The keyboard-wedge scanner types into this field and presses Enter; each code is checked against the parcels. */
function ScanField({ onScan }: { onScan: (code: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <chakra.form display="flex" gap={2} alignItems="flex-end" onSubmit={(event) => { event.preventDefault(); onScan(value); setValue(''); }}>
      <Stack gap={1} flex={1}>
        <chakra.label htmlFor={id} fontSize="sm">{texts.scanInput}</chakra.label>
        <Input id={id} size="sm" value={value} autoComplete="off" aria-describedby={`${id}-hint`} onChange={(event) => setValue(event.currentTarget.value)} />
        <Text id={`${id}-hint`} fontSize="xs" color="fg.muted">{texts.scanHint}</Text>
      </Stack>
      <Button type="submit" size="sm" variant="outline">{texts.scanAdd}</Button>
    </chakra.form>
  );
}

/** The driver's drop-off dialog (its chart: drop-off-proof.machine.ts): the proof asked for, then Complete. */
export function DropOffProofDialog({ actor }: { actor: DropOffProofActor }) {
  const open = useSelector(actor, (snapshot) => !snapshot.matches('closed'));
  const state = useSelector(actor, (snapshot) => (['loading', 'failed', 'editing', 'uploading', 'completing', 'completed'] as const).find((name) => snapshot.matches(name)) ?? 'closed');
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  // Complete is offered when the chart takes it (its guard is the proof check).
  const canComplete = useSelector(actor, (snapshot) => snapshot.can({ type: 'proof.submit' }));
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const { required, signature, photos, scans, scanError, code, error, parcelBarcodes, label } = context;
  const missing = required ? missingMessage(context) : null;
  const ids = { typed: useId(), code: useId(), photo: useId(), missing: useId() };
  const editing = state === 'editing' || state === 'uploading' || state === 'completing';
  // The GPS position of the proof pack: asked once the form shows; a device that refuses leaves it out.
  useEffect(() => {
    if (state !== 'editing' || context.location || typeof navigator === 'undefined' || !navigator.geolocation) return;
    navigator.geolocation.getCurrentPosition(
      (position) => actor.send({ type: 'proof.located', location: { lat: position.coords.latitude, lon: position.coords.longitude } }),
      () => undefined, { timeout: 10_000, maximumAge: 60_000 },
    );
  }, [state, context.location, actor]);
  const shown = (part: ProofPart) => (required && required[part] !== 'off' ? required[part] as 'required' | 'optional' : null);
  const nothing = required && (['signature', 'photo', 'barcode', 'code'] as const).every((part) => required[part] === 'off');
  return (
    <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(details) => { if (!details.open && !busy) actor.send({ type: 'proof.cancel' }); }} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="480px" mx={2}>
            <Dialog.Header><Dialog.Title>{texts.title(label)}</Dialog.Title></Dialog.Header>
            <Dialog.Body>
              <Stack gap={3}>
                {error && <Alert.Root status="error" size="sm"><Alert.Indicator /><Alert.Title>{error.message}</Alert.Title></Alert.Root>}
                {state === 'loading' && <Text role="status">{texts.loading}</Text>}
                {state === 'completed' && <Text role="status">{texts.completed}</Text>}
                {editing && nothing && <Text>{texts.nothingNeeded}</Text>}
                {editing && shown('signature') && (
                  <Section part="signature" requirement={shown('signature')!}>
                    <SignaturePad onSigned={(value) => actor.send({ type: 'proof.sign', signature: { method: 'drawn', value } })} />
                    {signature?.method === 'drawn' && <Text fontSize="sm">{texts.signed}</Text>}
                    <HStack>
                      <Button size="xs" variant="outline" disabled={!signature} onClick={() => actor.send({ type: 'proof.clearSignature' })}>{texts.clearSignature}</Button>
                    </HStack>
                    <chakra.label htmlFor={ids.typed} fontSize="sm">{texts.typedName}</chakra.label>
                    <Input id={ids.typed} size="sm" autoComplete="off" aria-describedby={`${ids.typed}-hint`} value={signature?.method === 'typed' ? signature.value : ''}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        actor.send(value ? { type: 'proof.sign', signature: { method: 'typed', value } } : { type: 'proof.clearSignature' });
                      }} />
                    <Text id={`${ids.typed}-hint`} fontSize="xs" color="fg.muted">{texts.typedNameHint}</Text>
                  </Section>
                )}
                {editing && shown('photo') && (
                  <Section part="photo" requirement={shown('photo')!}>
                    <chakra.label htmlFor={ids.photo} fontSize="sm">{texts.photoInput}</chakra.label>
                    <chakra.input id={ids.photo} type="file" accept="image/jpeg,image/png,image/webp" capture="environment" disabled={busy || photos.length >= MAX_PROOF_PHOTOS}
                      onChange={(event) => {
                        const file = event.currentTarget.files?.[0];
                        if (file) actor.send({ type: 'proof.photo', file });
                        event.currentTarget.value = '';
                      }} />
                    {state === 'uploading' && <Text role="status">{texts.uploading}</Text>}
                    {photos.length > 0 && <Text fontSize="sm">{texts.photoCount(photos.length)}</Text>}
                    <HStack wrap="wrap">
                      {photos.map((photo, index) => <chakra.img key={photo.id} src={photo.imageUrl} alt={texts.photoAlt(index + 1)} maxH="80px" />)}
                    </HStack>
                  </Section>
                )}
                {editing && shown('barcode') && (
                  <Section part="barcode" requirement={shown('barcode')!}>
                    <ScanField onScan={(value) => actor.send({ type: 'proof.scan', code: value })} />
                    {scanError && <Text role="alert" fontSize="sm" color="red.600">{scanError}</Text>}
                    <chakra.ul listStyleType="none" p={0} fontSize="sm">
                      {(parcelBarcodes.length > 0 ? parcelBarcodes : scans).map((parcel) => (
                        <li key={parcel}>{scans.includes(parcel) ? `✓ ${texts.scanned(parcel)}` : `○ ${texts.notScanned(parcel)}`}</li>
                      ))}
                    </chakra.ul>
                  </Section>
                )}
                {editing && shown('code') && (
                  <Section part="code" requirement={shown('code')!}>
                    <chakra.label htmlFor={ids.code} fontSize="sm">{texts.codeInput}</chakra.label>
                    <Input id={ids.code} size="sm" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code}
                      onChange={(event) => actor.send({ type: 'proof.code', code: event.currentTarget.value })} />
                  </Section>
                )}
                {editing && missing && <Text id={ids.missing} fontSize="sm" color="red.700">{missing}</Text>}
                {state === 'completing' && <Text role="status">{texts.completing}</Text>}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {state === 'failed' && <Button onClick={() => actor.send({ type: 'proof.retry' })}>{texts.retry}</Button>}
              {editing && (
                <Button disabled={!canComplete} aria-describedby={missing ? ids.missing : undefined} onClick={() => actor.send({ type: 'proof.submit' })}>
                  {texts.complete}
                </Button>
              )}
              <Button variant="outline" disabled={busy} onClick={() => actor.send({ type: 'proof.cancel' })}>{state === 'completed' ? texts.close : texts.cancel}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
