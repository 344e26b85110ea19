import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAuth, usePortal } from '../../app/root-actor';
import { useScreenActor } from '../../app/use-screen-actor';
import { mayCall } from '../../lib/access';
import { deliveriesResource } from '../../lib/resources/deliveries';
import { formMachine } from '../../machines/lists/form.machine';
import { deliveryActionsMachine } from '../../machines/deliveries/delivery-actions.machine';
import { AdminPage } from '../../ui/AdminPage';
import { DeliveryEditView } from './DeliveryEditView';

/** /deliveries/edit/:id — the delivery's details, its editable contacts and the operator's actions (issue 6). */
export function Component() {
  const { id } = useParams();
  const deliveryId = Number(id);
  // After an action the delivery is read again: a new form actor starts from the server's version.
  const [version, setVersion] = useState(0);
  const here = deliveriesResource.routes.edit.replace(':id', String(deliveryId));
  return (
    <AdminPage title={`Edit ${deliveriesResource.singular}`} parents={[{ label: deliveriesResource.title, to: deliveriesResource.routes.list }]}
      current={{ label: `Edit ${deliveriesResource.singular}`, to: here }}>
      <DeliveryEdit key={`${deliveryId}-${version}`} id={deliveryId} onChanged={() => setVersion((n) => n + 1)} />
    </AdminPage>
  );
}

function DeliveryEdit({ id, onChanged }: { id: number; onChanged: () => void }) {
  const navigate = useNavigate();
  const portal = usePortal();
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const form = useScreenActor(formMachine, { resource: 'deliveries', cca2: portal.cca2, id });
  const actions = useScreenActor(deliveryActionsMachine, { cca2: portal.cca2, id });
  useEffect(() => {
    const subscriptions = [
      form.on('form.navigate', (event) => navigate(event.to)),
      form.on('form.notFound', () => navigate('/404', { replace: true })),
      actions.on('actions.done', onChanged),
      actions.on('actions.navigate', (event) => navigate(event.to)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [form, actions, navigate, onChanged]);
  return <DeliveryEditView form={form} actions={actions} mayClone={mayCall('clone', permissions)} />;
}
