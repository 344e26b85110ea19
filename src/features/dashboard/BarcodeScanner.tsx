import { Button, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { Actor } from 'xstate';
import { DASHBOARD_TEXTS } from '../../lib/dashboard-texts';
import type { barcodeScannerMachine } from '../../machines/dashboard/barcode-scanner.machine';

export type BarcodeScannerActor = Actor<typeof barcodeScannerMachine>;

const texts = DASHBOARD_TEXTS.scanner;

/** The live picture of the camera, so the user can aim it (the machine reads the frames on its own). */
function CameraPreview({ stream }: { stream: MediaStream }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    video.srcObject = stream;
    void Promise.resolve(video.play()).catch(() => undefined);
    return () => { video.srcObject = null; };
  }, [stream]);
  return (
    <video ref={videoRef} aria-label={texts.cameraPreview} muted playsInline autoPlay data-testid="scanner-camera-preview"
      style={{ width: '100%', maxHeight: 240, background: 'black', borderRadius: 6 }} />
  );
}

/**
 * The barcode scanner modal (002 section 2): its field takes the focus, so a keyboard-wedge scanner's keystrokes
 * and Enter land there; typing a waybill works the same. Where the browser can read barcodes from its camera
 * (BarcodeDetector and getUserMedia), a "Use camera" toggle turns the camera on beside the field.
 */
export function BarcodeScanner({ actor }: { actor: BarcodeScannerActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.matches('open'));
  const searching = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const notFound = useSelector(actor, (snapshot) => snapshot.matches({ open: { lookup: 'notFound' } }));
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ open: { lookup: 'failed' } }));
  const code = useSelector(actor, (snapshot) => snapshot.context.code);
  // The toggle shows where the chart takes it: turning on (a camera the browser can scan with) or off.
  const cameraOffered = useSelector(actor, (snapshot) => snapshot.can({ type: 'scanner.camera.start' }) || snapshot.can({ type: 'scanner.camera.stop' }));
  const camera = useSelector(actor, (snapshot) => (snapshot.matches('open') ? (snapshot.value as { open: { camera: string } }).open.camera : 'off'));
  const stream = useSelector(actor, (snapshot) => snapshot.context.stream);
  const [text, setText] = useState('');
  // Enter looks up what the field holds when the chart takes it (an empty field is not looked up).
  const canFind = useSelector(actor, (snapshot) => snapshot.can({ type: 'scanner.submit', code: text }));
  const cameraOn = camera === 'starting' || camera === 'scanning';
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => { setText(''); actor.send({ type: 'scanner.open' }); }}>{texts.open}</Button>
      <Dialog.Root recipe={dialogSlotRecipe} open={open} onOpenChange={(details) => { if (!details.open) actor.send({ type: 'scanner.close' }); }} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="400px" mx={4}>
              <Dialog.Header><Dialog.Title>{texts.title}</Dialog.Title></Dialog.Header>
              <Dialog.Body>
                <form onSubmit={(event) => {
                  event.preventDefault();
                  if (canFind) actor.send({ type: 'scanner.submit', code: text });
                  setText('');
                }}>
                  <Stack gap={2}>
                    <Dialog.Description>{texts.hint}</Dialog.Description>
                    <Input aria-label={texts.field} autoFocus autoComplete="off" value={text} disabled={searching}
                      onChange={(event) => setText(event.currentTarget.value)} />
                    {searching && <Text role="status">{texts.searching}</Text>}
                    {notFound && <Text role="alert">{texts.notFound(code)}</Text>}
                    {failed && <Text role="alert">{texts.failed}</Text>}
                    {cameraOffered && (
                      <Button type="button" size="sm" variant={cameraOn ? 'solid' : 'outline'} aria-pressed={cameraOn} alignSelf="flex-start"
                        onClick={() => actor.send({ type: cameraOn ? 'scanner.camera.stop' : 'scanner.camera.start' })}>
                        {texts.useCamera}
                      </Button>
                    )}
                    {camera === 'starting' && <Text role="status">{texts.cameraStarting}</Text>}
                    {camera === 'scanning' && stream && (
                      <>
                        <CameraPreview stream={stream} />
                        <Text textStyle="sm">{texts.cameraScanning}</Text>
                      </>
                    )}
                    {camera === 'denied' && <Text role="alert">{texts.cameraDenied}</Text>}
                    {camera === 'unavailable' && <Text role="alert">{texts.cameraUnavailable}</Text>}
                  </Stack>
                </form>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={() => actor.send({ type: 'scanner.close' })}>{texts.close}</Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
