import { Badge, Box, Button, Code, Heading, List, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_SIGNATURE_TOLERANCE_S } from '../../lib/constants';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_HEADERS } from '../../lib/integrations';
import { apiReferenceMachine } from '../../machines/public/api-reference.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { PublicLayout, Section } from '../../ui/public/PublicLayout';

const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(secret, header, rawBody, toleranceSeconds = ${WEBHOOK_SIGNATURE_TOLERANCE_S}) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2)));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

// Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
const Pre = chakra('pre', { base: { bg: 'bg.muted', p: 3, borderRadius: 'md', overflowX: 'auto', fontSize: 'sm', my: 3 } }, { defaultProps: { tabIndex: 0 } });

/** The API reference: every operation of the served documents, by tag, each tag a native disclosure (keyboard ready). */
export function ApiReferenceView({ actor }: { actor: Actor<typeof apiReferenceMachine> }) {
  const groups = useSelector(actor, (s) => s.context.groups);
  const problem = useSelector(actor, (s) => s.context.problem);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  return (
    <Box data-testid="api-reference">
      {loading && <Text role="status">Loading the API reference…</Text>}
      {failed && (
        <Stack role="alert" direction="row" align="center" gap={3}>
          <Text>{problem}</Text>
          <Button size="sm" onClick={() => actor.send({ type: 'retry' })}>Try again</Button>
        </Stack>
      )}
      {groups.map(({ document, tags }) => (
        <Box key={document} mt={4}>
          <Heading as="h3" size="lg" mb={2}>{`${document} API`} <chakra.a href={`/openapi/${document}.yaml`} fontSize="sm" color="primary" textDecoration="underline">(OpenAPI YAML)</chakra.a></Heading>
          {tags.map(({ tag, operations }) => (
            <chakra.details key={tag} borderWidth="1px" borderRadius="md" mb={2} px={3} py={2}>
              <chakra.summary cursor="pointer" fontWeight="semibold">{`${tag} (${operations.length})`}</chakra.summary>
              <List.Root listStyleType="none" gap={2} mt={2}>
                {operations.map((operation) => (
                  <List.Item key={`${operation.method} ${operation.path}`}>
                    <Stack gap={0}>
                      <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                        <Badge colorPalette={operation.method === 'GET' ? 'blue' : 'orange'} me={2}>{operation.method}</Badge>
                        {operation.path}
                        {operation.isPublic && <Badge ms={2} variant="outline">no key</Badge>}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">{`${operation.operationId} · ${operation.summary}`}</Text>
                    </Stack>
                  </List.Item>
                ))}
              </List.Root>
            </chakra.details>
          ))}
        </Box>
      ))}
    </Box>
  );
}

function DevelopersPage() {
  const portal = usePortal();
  const reference = useScreenActor(apiReferenceMachine, { documents: ['connect', 'identity'] });
  const cca2 = portal.cca2.toLowerCase();
  return (
    <PublicLayout path="/developers">
      <Heading as="h1" size="3xl" color="primary" mb={2}>For developers</Heading>
      <Text fontSize="lg">Book, follow and rate deliveries from your own systems with our REST API, and hear about every change through signed webhooks.</Text>
      <Section title="API clients and keys">
        <List.Root as="ol" gap={2} ps={5}>
          <List.Item>Ask us for an API client for your business account (a public API user of your company).</List.Item>
          <List.Item>The key (<Code>ck_…</Code>) is shown once, when it is created: keep it secret.</List.Item>
          <List.Item>Send it on every call: <Code>{'Authorization: Bearer ck_…'}</Code>. It acts as its user, with that user's company scope.</List.Item>
          <List.Item>{`Calls of this portal go to /connect/…/${cca2}/… (the country code is a path segment); sign-in and profile calls to /identity/….`}</List.Item>
        </List.Root>
      </Section>
      <Section title="Webhooks">
        <Text>A webhook subscribes an address to events: {WEBHOOK_EVENT_TYPES.map((type) => <Code key={type} me={1}>{type}</Code>)}. Each event is a <Code>POST</Code> of JSON:</Text>
        <Pre>{'{ "id": "6f1c2e0a-…", "type": "delivery.updated", "createdAt": "2026-11-21T10:15:02.120Z", "companyId": 1, "data": { … } }'}</Pre>
        <Table.Root size="sm" my={3}>
          <Table.Header><Table.Row><Table.ColumnHeader>Header</Table.ColumnHeader><Table.ColumnHeader>Value</Table.ColumnHeader></Table.Row></Table.Header>
          <Table.Body>
            <Table.Row><Table.Cell><Code>{WEBHOOK_HEADERS.signature}</Code></Table.Cell><Table.Cell><Code>{'t=<unix seconds>,v1=<hex HMAC-SHA256>'}</Code></Table.Cell></Table.Row>
            <Table.Row><Table.Cell><Code>{WEBHOOK_HEADERS.event}</Code></Table.Cell><Table.Cell>the event type</Table.Cell></Table.Row>
            <Table.Row><Table.Cell><Code>{WEBHOOK_HEADERS.eventId}</Code></Table.Cell><Table.Cell>the event's id, the same on every retry: drop duplicates with it</Table.Cell></Table.Row>
            <Table.Row><Table.Cell><Code>{WEBHOOK_HEADERS.attempt}</Code></Table.Cell><Table.Cell>1 for the first try, 2 for the first retry …</Table.Cell></Table.Row>
          </Table.Body>
        </Table.Root>
        <Heading as="h3" size="md" mt={4}>Verifying the signature</Heading>
        <Text>
          {`v1 is the hex HMAC-SHA256, keyed with the whole secret (whsec_…, shown once when the webhook is created or its secret rotated), of "<t>.<raw body>": the timestamp, a dot, the body exactly as received. Refuse timestamps more than ${WEBHOOK_SIGNATURE_TOLERANCE_S / 60} minutes from your clock. A 2xx answer is a success; anything else is retried with growing waits, up to ${WEBHOOK_MAX_ATTEMPTS} tries in all.`}
        </Text>
        <Pre>{VERIFY_SNIPPET}</Pre>
      </Section>
      <Section title="Live tracking">
        <Text>The tracking hub (SignalR, <Code>/hubs/tracking</Code>) pushes a delivery's status and its driver's position: call <Code>subscribeToTrackingUpdates</Code> with the delivery's trackingHashId.</Text>
      </Section>
      <Section title="API reference">
        <Text>Generated from the contract the server itself validates every request against.</Text>
        <ApiReferenceView actor={reference} />
      </Section>
    </PublicLayout>
  );
}

export const Component = DevelopersPage;
