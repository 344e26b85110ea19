import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useAuth, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { decideRouteAccess, mayCall, routeRule } from '../../lib/access';
import { deliveriesResource, fetchDeliveryProofPdf, type DeliveryAdminDetail } from '../../resources/deliveries';
import { formMachine } from '../../machines/lists/form.machine';
import { deliveryActionsMachine } from '../../machines/deliveries/delivery-actions.machine';
import { AdminPage } from '../../ui/AdminPage';
import { deliveryParcelsMachine } from '../../machines/deliveries/delivery-parcels.machine';
import { DeliveryEditView } from './DeliveryEditView';
import { DeliveryParcelsView } from './DeliveryParcelsView';
import { DeliveryProofView } from './DeliveryProofView';
import { deliveryProofMachine } from '../../machines/deliveries/delivery-proof.machine';
import { useFormNavigation } from '../../ui/admin/use-form-navigation';
import { PAYMENT_STATUS } from '../../lib/statuses';
import { adjustmentMachine } from '../../machines/finance/adjustment.machine';
import { AdjustmentDialog } from '../../ui/finance/AdjustmentDialog';
import { useResources } from '../../ui/use-resources';

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
  // The declaration first: the form actor reads it when it starts.
  useResources(['deliveries']);
  const form = useScreenActor(formMachine, { resource: 'deliveries', cca2: portal.cca2, id });
  const actions = useScreenActor(deliveryActionsMachine, { cca2: portal.cca2, id });
  useFormNavigation(form);
  useEffect(() => {
    const subscriptions = [
      actions.on('actions.done', onChanged),
      actions.on('actions.navigate', (event) => navigate(event.to)),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [form, actions, navigate, onChanged]);
  const mayEditParcels = mayCall('updateparceldetails', permissions);
  // 002 section 6: administrators and management operators, only when editing is allowed and the delivery is paid.
  const mayAdjust = mayCall('createDeliveryTransactionItem', permissions);
  return (
    <DeliveryEditView form={form} actions={actions} mayClone={mayCall('clone', permissions)} timeZone={portal.timeZone}
      mayOpenJobs={decideRouteAccess(routeRule('/jobs/:id/deliveries'), permissions) === 'allowed'}
      renderParcels={(record) => (
        <DeliveryParcels key={record.xmin} record={record} cca2={portal.cca2} editable={record.allowed.edit && mayEditParcels} onSaved={onChanged} />
      )}
      renderAdjustments={(record) => (mayAdjust && record.allowed.edit && record.paymentStatusId === PAYMENT_STATUS.PAID
        ? <DeliveryAdjustments cca2={portal.cca2} record={record} onDone={onChanged} onNotFound={() => navigate('/404')} />
        : null)}
      renderProof={(record) => (mayCall('getdeliveryproof', permissions)
        ? <DeliveryProof cca2={portal.cca2} id={record.id} timeZone={portal.timeZone} />
        : null)} />
  );
}

/** The proof pack (issue 20): what each completed drop-off came with, and its PDF. */
function DeliveryProof({ cca2, id, timeZone }: { cca2: string; id: number; timeZone: string }) {
  const actor = useScreenActor(deliveryProofMachine, { cca2, id });
  return <DeliveryProofView actor={actor} timeZone={timeZone} requestPdf={() => fetchDeliveryProofPdf(cca2, id)} />;
}

/** The parcels with their own actor, started from the loaded delivery (its parcels and version). */
function DeliveryParcels({ record, cca2, editable, onSaved }: { record: DeliveryAdminDetail; cca2: string; editable: boolean; onSaved: () => void }) {
  const actor = useScreenActor(deliveryParcelsMachine, { cca2, id: record.id, xmin: record.xmin, parcels: record.deliveryItems });
  useEffect(() => {
    const saved = actor.on('parcels.saved', onSaved);
    return () => saved.unsubscribe();
  }, [actor, onSaved]);
  return <DeliveryParcelsView actor={actor} editable={editable} />;
}

/** The price adjustment (issue 15): after a success the delivery is read again; a delivery gone is /404. */
function DeliveryAdjustments({ cca2, record, onDone, onNotFound }: { cca2: string; record: DeliveryAdminDetail; onDone: () => void; onNotFound: () => void }) {
  const actor = useScreenActor(adjustmentMachine, { cca2, target: 'delivery', id: record.id });
  useEffect(() => {
    const subscriptions = [actor.on('adjustment.done', onDone), actor.on('adjustment.notFound', onNotFound)];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, onDone, onNotFound]);
  return <AdjustmentDialog actor={actor} currentExcl={record.priceExclCents ?? null} />;
}
