import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { apiClientsResource, takeRevealedKey } from '../../resources/api-clients';
import { revealedSecretMachine } from '../../machines/integrations/revealed-secret.machine';
import { formMachine } from '../../machines/lists/form.machine';
import { AdminPage } from '../../ui/AdminPage';
import { FormView } from '../../ui/admin/FormView';
import { RevealedSecretView } from './RevealedSecretView';
import { useFormNavigation } from '../../ui/admin/use-form-navigation';
import { useResources } from '../../ui/use-resources';

/** /api-clients/edit/:id — the client's form and its key (shown once after create or regenerate). */
export function Component() {
  const { id } = useParams();
  const clientId = Number(id);
  const title = `Edit ${apiClientsResource.singular}`;
  return (
    <AdminPage title={title} parents={[{ label: apiClientsResource.title, to: apiClientsResource.routes.list }]}
      current={{ label: title, to: apiClientsResource.routes.edit.replace(':id', String(clientId)) }}>
      <ApiClientEdit key={clientId} id={clientId} />
    </AdminPage>
  );
}

function ApiClientEdit({ id }: { id: number }) {
  const portal = usePortal();
  const [revealed] = useState(() => takeRevealedKey(id));
  // After a new key the form reads the client again (key prefix, dates): a new form actor.
  const [version, setVersion] = useState(0);
  const secret = useScreenActor(revealedSecretMachine, { kind: 'apiClientKey', cca2: portal.cca2, id, revealed });
  useEffect(() => {
    const subscription = secret.on('secret.issued', () => setVersion((n) => n + 1));
    return () => subscription.unsubscribe();
  }, [secret]);
  return (
    <>
      <RevealedSecretView actor={secret} />
      <ApiClientForm key={version} id={id} />
    </>
  );
}

function ApiClientForm({ id }: { id: number }) {
  const portal = usePortal();
  // The declaration first: the form actor reads it when it starts.
  useResources(['apiClients']);
  const form = useScreenActor(formMachine, { resource: 'apiClients', cca2: portal.cca2, id });
  useFormNavigation(form);
  return <FormView actor={form} />;
}
