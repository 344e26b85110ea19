import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import { apiReferenceMachine } from '../../machines/public/api-reference.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { PublicLayout } from '../../ui/public/PublicLayout';
import { ApiReference, DevelopersContent } from './site/developers';
import './site/site.css';

/** The API reference read from the served documents: loading, the failure with Try again, then every operation by tag. */
export function ApiReferenceView({ actor }: { actor: Actor<typeof apiReferenceMachine> }) {
  const groups = useSelector(actor, (s) => s.context.groups);
  const problem = useSelector(actor, (s) => s.context.problem);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  return (
    <div data-testid="api-reference">
      {loading && <p role="status">Loading the API reference…</p>}
      {failed && (
        <div role="alert" className="site-alert site-alert-row">
          <p>{problem}</p>
          <button type="button" className="site-button" onClick={() => actor.send({ type: 'retry' })}>Try again</button>
        </div>
      )}
      <ApiReference groups={groups} />
    </div>
  );
}

/**
 * /developers inside the app (a signed-in visitor, in-app navigation, offline): the page rendered ahead of time
 * (src/features/public/site/developers.tsx) with its reference read from the served documents.
 */
function DevelopersPage() {
  const portal = usePortal();
  const reference = useScreenActor(apiReferenceMachine, { documents: ['connect', 'identity'] });
  return (
    <PublicLayout path="/developers">
      <div className="site-content">
        <DevelopersContent code={portal.cca2.toLowerCase()} reference={<ApiReferenceView actor={reference} />} />
      </div>
    </PublicLayout>
  );
}

export const Component = DevelopersPage;
