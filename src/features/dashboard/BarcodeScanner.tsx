import { Button, Dialog, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { Actor } from 'xstate';
import { DASHBOARD_TEXTS } from '../../lib/dashboard-texts';
import type { barcodeScannerMachine } from '../../machines/dashboard/barcode-scanner.machine';

export type BarcodeScannerActor = Actor<typeof barcodeScannerMachine>;

const texts = DASHBOARD_TEXTS.scanner;

/**
 * The barcode scanner modal (002 section 2): its field takes the focus, so a keyboard-wedge scanner's keystrokes
 * and Enter land there; typing a waybill works the same. Camera scanning is not offered yet.
 */
export function BarcodeScanner({ actor }: { actor: BarcodeScannerActor }) {
  const open = useSelector(actor, (snapshot) => snapshot.matches('open'));
  const searching = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const notFound = useSelector(actor, (snapshot) => snapshot.matches({ open: 'notFound' }));
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ open: 'failed' }));
  const code = useSelector(actor, (snapshot) => snapshot.context.code);
  const [text, setText] = useState('');
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => { setText(''); actor.send({ type: 'scanner.open' }); }}>{texts.open}</Button>
      <Dialog.Root open={open} onOpenChange={(details) => { if (!details.open) actor.send({ type: 'scanner.close' }); }} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="400px" mx={4}>
              <Dialog.Header><Dialog.Title>{texts.title}</Dialog.Title></Dialog.Header>
              <Dialog.Body>
                <form onSubmit={(event) => {
                  event.preventDefault();
                  actor.send({ type: 'scanner.submit', code: text });
                  setText('');
                }}>
                  <Stack gap={2}>
                    <Dialog.Description>{texts.hint}</Dialog.Description>
                    <Input aria-label={texts.field} autoFocus autoComplete="off" value={text} disabled={searching}
                      onChange={(event) => setText(event.currentTarget.value)} />
                    {searching && <Text role="status">{texts.searching}</Text>}
                    {notFound && <Text role="alert">{texts.notFound(code)}</Text>}
                    {failed && <Text role="alert">{texts.failed}</Text>}
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
