import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { takeRevealedSecret, webhooksResource } from '../../resources/webhooks';
import { revealedSecretMachine } from '../../machines/integrations/revealed-secret.machine';
import { webhookAttemptsMachine } from '../../machines/integrations/webhook-attempts.machine';
import { formMachine } from '../../machines/lists/form.machine';
import { AdminPage } from '../../ui/AdminPage';
import { FormView } from '../../ui/admin/FormView';
import { RevealedSecretView } from './RevealedSecretView';
import { useFormNavigation } from '../../ui/admin/use-form-navigation';
import { WebhookAttemptsView } from './WebhookAttemptsView';
import { useResources } from '../../ui/use-resources';

/** /webhooks/edit/:id — the webhook's form, its secret once (after create or rotate), its attempt log and "Send test event". */
export function Component() {
  const { id } = useParams();
  const webhookId = Number(id);
  const title = `Edit ${webhooksResource.singular}`;
  return (
    <AdminPage title={title} parents={[{ label: webhooksResource.title, to: webhooksResource.routes.list }]}
      current={{ label: title, to: webhooksResource.routes.edit.replace(':id', String(webhookId)) }}>
      <WebhookEdit key={webhookId} id={webhookId} />
    </AdminPage>
  );
}

function WebhookEdit({ id }: { id: number }) {
  const portal = usePortal();
  // Answered once by the create call (the add screen opened this one).
  const [revealed] = useState(() => takeRevealedSecret(id));
  // A rotation changes the webhook's version: the form reads it again.
  const [version, setVersion] = useState(0);
  const secret = useScreenActor(revealedSecretMachine, { kind: 'webhookSecret', cca2: portal.cca2, id, revealed });
  const attempts = useScreenActor(webhookAttemptsMachine, { cca2: portal.cca2, webhookId: id });
  useEffect(() => {
    const subscription = secret.on('secret.issued', () => setVersion((n) => n + 1));
    return () => subscription.unsubscribe();
  }, [secret]);
  return (
    <>
      <RevealedSecretView actor={secret} />
      <WebhookForm key={version} id={id} />
      <WebhookAttemptsView actor={attempts} />
    </>
  );
}

function WebhookForm({ id }: { id: number }) {
  const portal = usePortal();
  // The declaration first: the form actor reads it when it starts.
  useResources(['webhooks']);
  const form = useScreenActor(formMachine, { resource: 'webhooks', cca2: portal.cca2, id });
  useFormNavigation(form);
  return <FormView actor={form} />;
}
