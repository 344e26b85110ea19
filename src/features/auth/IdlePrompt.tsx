import { Button, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { useIdleActor } from '../../machines/root/root-actor';
import { SIGN_IN_TEXTS } from '../../lib/shell-texts';

/** 180000 → "3:00". */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The idle-session prompt (000 section 2): shown 3 minutes before the 1-hour idle timeout, with the time left;
 * "Continue" keeps the session (Escape too), "Logout" ends it. Lives beside the routes, on every screen.
 */
export function IdlePrompt() {
  const idle = useIdleActor();
  const open = useSelector(idle, (snapshot) => snapshot.matches({ watching: 'prompting' }));
  const remainingMs = useSelector(idle, (snapshot) => snapshot.context.remainingMs);
  const continueRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root recipe={dialogSlotRecipe}
      open={open}
      role="alertdialog"
      closeOnInteractOutside={false}
      initialFocusEl={() => continueRef.current}
      onOpenChange={({ open: next }) => {
        if (!next) idle.send({ type: 'idle.continue' });
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="idle-prompt">
            <Dialog.Header>
              <Dialog.Title>{SIGN_IN_TEXTS.idleTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>
                {SIGN_IN_TEXTS.idleMessage}{' '}
                <time data-testid="idle-countdown" dateTime={`PT${Math.ceil(remainingMs / 1000)}S`}>{formatCountdown(remainingMs)}</time>.
              </Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => idle.send({ type: 'idle.logout' })}>{SIGN_IN_TEXTS.idleLogout}</Button>
              <Button ref={continueRef} bg="secondary" color="white" onClick={() => idle.send({ type: 'idle.continue' })}>
                {SIGN_IN_TEXTS.idleContinue}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
