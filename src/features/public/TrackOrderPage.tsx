import { Alert, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Actor } from 'xstate';
import { trackOrderMachine } from '../../machines/public/track-order.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { ChatWidget } from '../../ui/public/ChatWidget';

/** The track-order form: waybill or order reference, the phone's last 4 digits; found → /track/:hash. */
export function TrackOrderView({ actor, onFound }: { actor: Actor<typeof trackOrderMachine>; onFound: (hash: string) => void }) {
  const searchTerm = useSelector(actor, (s) => s.context.searchTerm);
  const phoneLast4 = useSelector(actor, (s) => s.context.phoneLast4);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const found = useSelector(actor, (s) => (s.status === 'done' ? s.output?.trackingHashId ?? null : null));
  useEffect(() => {
    if (found) onFound(found);
  }, [found, onFound]);
  return (
    <Stack as="form" gap={4} maxW="md" aria-label="Track a parcel"
      onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'submit' }); }}>
      <Field.Root invalid={!!fieldErrors.searchTerm}>
        <Field.Label>Waybill or order reference</Field.Label>
        <Input value={searchTerm} autoComplete="off" autoCapitalize="characters"
          onChange={(event) => actor.send({ type: 'field.change', field: 'searchTerm', value: event.currentTarget.value })} />
        <Field.ErrorText>{fieldErrors.searchTerm}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!fieldErrors.phoneLast4}>
        <Field.Label>Last 4 digits of the recipient's phone number</Field.Label>
        <Input value={phoneLast4} inputMode="numeric" maxLength={4} autoComplete="off"
          onChange={(event) => actor.send({ type: 'field.change', field: 'phoneLast4', value: event.currentTarget.value.replace(/\D/g, '') })} />
        <Field.HelperText>They keep your parcel's details to the people it concerns.</Field.HelperText>
        <Field.ErrorText>{fieldErrors.phoneLast4}</Field.ErrorText>
      </Field.Root>
      {error && (
        <Alert.Root status="error" role="alert"><Alert.Description>{error.message}</Alert.Description></Alert.Root>
      )}
      <Button type="submit" disabled={busy} aria-busy={busy || undefined} alignSelf="start">Track</Button>
    </Stack>
  );
}

function TrackOrderPage({ searchTerm }: { searchTerm: string | undefined }) {
  const portal = usePortal();
  const navigate = useNavigate();
  const actor = useScreenActor(trackOrderMachine, { cca2: portal.cca2, searchTerm });
  return (
    <PublicLayout path="/track-order">
      <ChatWidget />
      <Heading as="h1" size="3xl" color="primary" mb={2}>Track a parcel</Heading>
      <Text mb={6}>Enter the waybill on your receipt (or the shop's order reference) and the last 4 digits of the recipient's phone number.</Text>
      <TrackOrderView actor={actor} onFound={(hash) => navigate(`/track/${encodeURIComponent(hash)}`)} />
    </PublicLayout>
  );
}

/** /track-order/:searchTerm? (000 section 2). */
export function Component() {
  const { searchTerm } = useParams();
  return <TrackOrderPage key={searchTerm ?? ''} searchTerm={searchTerm} />;
}
