import { Alert, Button, Heading, HStack, Image, Spinner, Stack, Text, Wrap, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { DATE_FORMATS } from '../../lib/constants';
import { formatDate } from '../../lib/date-format';
import { PROOF_PACK_TEXTS as TEXTS } from '../../lib/proof-of-delivery';
import type { deliveryProofMachine } from '../../machines/deliveries/delivery-proof.machine';
import type { DeliveryProofPack } from '../../resources/deliveries';
import { DownloadButton } from '../../ui/DownloadButton';

type Proof = DeliveryProofPack['proofs'][number];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <HStack gap={2} align="baseline" wrap="wrap">
      <chakra.dt fontSize="sm" fontWeight="medium" minW="140px">{label}</chakra.dt>
      <chakra.dd fontSize="sm" data-testid={`proof-${label}`}>{children}</chakra.dd>
    </HStack>
  );
}

function Signature({ proof }: { proof: Proof }) {
  if (!proof.signature) return <>{TEXTS.none}</>;
  if (proof.signatureMethod === 'typed') return <>{TEXTS.typedName(proof.signature)}</>;
  return (
    <Stack gap={1}>
      <Text>{TEXTS.drawn}</Text>
      <Image src={proof.signature} alt={TEXTS.signatureAlt} maxW="240px" bg="white" borderWidth="1px" borderRadius="sm" />
    </Stack>
  );
}

function DropOff({ proof, timeZone }: { proof: Proof; timeZone: string }) {
  const headingId = `proof-task-${proof.taskId}`;
  return (
    <Stack as="article" aria-labelledby={headingId} gap={2} borderWidth="1px" borderRadius="md" p={3}>
      <Heading as="h3" size="sm" id={headingId}>{TEXTS.dropOff(proof.taskId)}</Heading>
      <chakra.dl display="grid" gap={1}>
        <Detail label={TEXTS.arrivedAt}>{proof.arrivedAt ? formatDate(proof.arrivedAt, DATE_FORMATS.dateTime, timeZone) : TEXTS.none}</Detail>
        <Detail label={TEXTS.capturedAt}>{formatDate(proof.capturedAt, DATE_FORMATS.dateTime, timeZone)}</Detail>
        <Detail label={TEXTS.location}>{proof.location ? `${proof.location.lat.toFixed(5)}, ${proof.location.lon.toFixed(5)}` : TEXTS.none}</Detail>
        <Detail label={TEXTS.code}>{proof.codeVerified ? TEXTS.codeVerified : TEXTS.codeNotGiven}</Detail>
        <Detail label={TEXTS.scans}>{proof.barcodes.length > 0 ? proof.barcodes.join(', ') : TEXTS.none}</Detail>
        <Detail label={TEXTS.signature}><Signature proof={proof} /></Detail>
        <Detail label={TEXTS.photos}>
          {proof.photos.length === 0 ? TEXTS.none : (
            <Wrap gap={2}>
              {proof.photos.map((photo, index) => (
                <a key={photo.id} href={photo.imageUrl} target="_blank" rel="noreferrer">
                  <Image src={photo.imageUrl} alt={TEXTS.photoAlt(index + 1)} maxW="160px" maxH="120px" objectFit="cover" borderRadius="sm" />
                </a>
              ))}
            </Wrap>
          )}
        </Detail>
      </chakra.dl>
    </Stack>
  );
}

/** The proof of delivery on the delivery's screen: each completed drop-off's proof, and the pack as a PDF. */
export function DeliveryProofView({ actor, timeZone, requestPdf }: {
  actor: Actor<typeof deliveryProofMachine>;
  timeZone: string;
  requestPdf: () => Promise<Blob>;
}) {
  const pack = useSelector(actor, (snapshot) => snapshot.context.pack);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const reference = pack?.waybill ?? `#${actor.getSnapshot().context.id}`;
  return (
    <Stack as="section" aria-labelledby="delivery-proof" gap={3} mt={8}>
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md" id="delivery-proof">{TEXTS.heading}</Heading>
        {state === 'shown' && pack && pack.proofs.length > 0 && (
          <HStack gap={2}>
            <DownloadButton label={TEXTS.download} ariaLabel={TEXTS.downloadLabel(reference)} fileName={TEXTS.fileName(reference)}
              failedText={TEXTS.downloadFailed} request={requestPdf} />
          </HStack>
        )}
      </HStack>
      {state === 'loading' && <HStack><Spinner size="sm" aria-hidden /><Text role="status">Loading...</Text></HStack>}
      {state === 'loadFailed' && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title role="alert">{`${TEXTS.loadFailed} ${problem ?? ''}`.trim()}</Alert.Title>
          <Button size="xs" ml="auto" onClick={() => actor.send({ type: 'proof.retry' })}>Retry</Button>
        </Alert.Root>
      )}
      {state === 'shown' && pack && (pack.proofs.length === 0
        ? <Text color="fg.muted">{TEXTS.noProof}</Text>
        : pack.proofs.map((proof) => <DropOff key={proof.taskId} proof={proof} timeZone={timeZone} />))}
    </Stack>
  );
}
