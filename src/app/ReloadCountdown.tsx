import { Button, HStack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { secondsLeft } from '../machines/session/countdown.machine';
import { useScreenLogic } from './screen-logic';

/**
 * The seconds left before the automatic reload (30 s), and a button that reloads at once. The number is a
 * timer (not announced every second); the screen's heading says what is going on.
 */
export function ReloadCountdown() {
  const { countdown, clock } = useScreenLogic();
  const actor = useActorRef(countdown, { input: {}, ...(clock && { clock }) });
  const seconds = useSelector(actor, (snapshot) => secondsLeft(snapshot.context));
  const reloading = useSelector(actor, (snapshot) => snapshot.status === 'done');
  return (
    <HStack gap={4} justify="center" wrap="wrap">
      <Text role="timer" aria-live="off" fontSize="2xl" fontWeight="bold" color="secondary" data-testid="reload-countdown">
        {seconds} {seconds === 1 ? 'second' : 'seconds'}
      </Text>
      <Button variant="outline" onClick={() => actor.send({ type: 'countdown.reloadNow' })} disabled={reloading}>
        Reload now
      </Button>
    </HStack>
  );
}
