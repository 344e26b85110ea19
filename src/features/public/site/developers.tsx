// /developers (issue 19) without Chakra: API clients and keys, webhooks with their signature scheme, the tracking
// hub, and the API reference. Rendered ahead of time with the reference the build reads from openapi/*.yaml (the
// documents the server serves and validates against: the same for the whole build), and the same view inside the app,
// where the reference comes from the served documents through the api-reference chart.
import type { ReactNode } from 'react';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_SIGNATURE_TOLERANCE_S } from '../../../lib/constants';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_HEADERS } from '../../../lib/integrations';
import type { ApiTagGroup } from '../../../lib/api-reference';
import { Section } from './content';

/** The reference's documents, each with its operations by tag. */
export type ApiReferenceGroups = { document: string; tags: ApiTagGroup[] }[];

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
const Pre = ({ children, label }: { children: string; label: string }) => (
  <pre className="site-pre" tabIndex={0} aria-label={label}>{children}</pre>
);

/** Every operation of the documents, by tag, each tag a native disclosure (keyboard ready). */
export function ApiReference({ groups }: { groups: ApiReferenceGroups }) {
  return (
    <>
      {groups.map(({ document, tags }) => (
        <div key={document} className="site-reference">
          <h3>{`${document} API`} <a href={`/openapi/${document}.yaml`} className="site-small">(OpenAPI YAML)</a></h3>
          {tags.map(({ tag, operations }) => (
            <details key={tag} className="site-details">
              <summary>{`${tag} (${operations.length})`}</summary>
              <ul className="site-operations">
                {operations.map((operation) => (
                  <li key={`${operation.method} ${operation.path}`}>
                    <p className="site-operation">
                      <span className={`site-method site-method-${operation.method === 'GET' ? 'get' : 'write'}`}>{operation.method}</span>
                      {operation.path}
                      {operation.isPublic && <span className="site-method site-method-public">no key</span>}
                    </p>
                    <p className="site-small site-muted">{`${operation.operationId} · ${operation.summary}`}</p>
                  </li>
                ))}
              </ul>
            </details>
          ))}
        </div>
      ))}
    </>
  );
}

/** The reference as the build read it (the page rendered ahead of time). */
export function StaticApiReference({ groups }: { groups: ApiReferenceGroups }) {
  return <div data-testid="api-reference"><ApiReference groups={groups} /></div>;
}

/** The page; `code` is the portal's country code as API paths have it, `reference` the API reference to show. */
export function DevelopersContent({ code, reference }: { code: string; reference: ReactNode }) {
  return (
    <>
      <h1>For developers</h1>
      <p className="site-lead">Book, follow and rate deliveries from your own systems with our REST API, and hear about every change through signed webhooks.</p>
      <Section title="API clients and keys">
        <ol className="site-list">
          <li>Ask us for an API client for your business account (a public API user of your company).</li>
          <li>The key (<code>ck_…</code>) is shown once, when it is created: keep it secret.</li>
          <li>Send it on every call: <code>{'Authorization: Bearer ck_…'}</code>. It acts as its user, with that user's company scope.</li>
          <li>{`Calls of this portal go to /connect/…/${code}/… (the country code is a path segment); sign-in and profile calls to /identity/….`}</li>
        </ol>
      </Section>
      <Section title="Webhooks">
        <p>A webhook subscribes an address to events: {WEBHOOK_EVENT_TYPES.map((type) => <code key={type}>{type}</code>)}. Each event is a <code>POST</code> of JSON:</p>
        <Pre label="An event">{'{ "id": "6f1c2e0a-…", "type": "delivery.updated", "createdAt": "2026-11-21T10:15:02.120Z", "companyId": 1, "data": { … } }'}</Pre>
        <div className="site-table-scroll">
          <table className="site-table">
            <thead><tr><th scope="col">Header</th><th scope="col">Value</th></tr></thead>
            <tbody>
              <tr><td><code>{WEBHOOK_HEADERS.signature}</code></td><td><code>{'t=<unix seconds>,v1=<hex HMAC-SHA256>'}</code></td></tr>
              <tr><td><code>{WEBHOOK_HEADERS.event}</code></td><td>the event type</td></tr>
              <tr><td><code>{WEBHOOK_HEADERS.eventId}</code></td><td>the event's id, the same on every retry: drop duplicates with it</td></tr>
              <tr><td><code>{WEBHOOK_HEADERS.attempt}</code></td><td>1 for the first try, 2 for the first retry …</td></tr>
            </tbody>
          </table>
        </div>
        <h3 className="site-subheading">Verifying the signature</h3>
        <p>
          {`v1 is the hex HMAC-SHA256, keyed with the whole secret (whsec_…, shown once when the webhook is created or its secret rotated), of "<t>.<raw body>": the timestamp, a dot, the body exactly as received. Refuse timestamps more than ${WEBHOOK_SIGNATURE_TOLERANCE_S / 60} minutes from your clock. A 2xx answer is a success; anything else is retried with growing waits, up to ${WEBHOOK_MAX_ATTEMPTS} tries in all.`}
        </p>
        <Pre label="Verifying a signature in Node.js">{VERIFY_SNIPPET}</Pre>
      </Section>
      <Section title="Live tracking">
        <p>The tracking hub (SignalR, <code>/hubs/tracking</code>) pushes a delivery's status and its driver's position: call <code>subscribeToTrackingUpdates</code> with the delivery's trackingHashId.</p>
      </Section>
      <Section title="API reference">
        <p>Generated from the contract the server itself validates every request against.</p>
        {reference}
      </Section>
    </>
  );
}
