import { Alert, chakra } from '@chakra-ui/react';

/** A secret answered once by the server (webhook signing secret, API key), selectable for copying. */
export function RevealedSecret({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <Alert.Root status="warning" role="region" aria-label={label} mb={4} maxW="600px">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{note}</Alert.Title>
        <Alert.Description>
          <chakra.code data-testid="revealed-secret" display="block" mt={2} userSelect="all" wordBreak="break-all">{value}</chakra.code>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
