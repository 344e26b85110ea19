import { Link, List, Text } from '@chakra-ui/react';
import { listSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formMachine } from '../../machines/lists/form.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { AdminPage } from '../../ui/AdminPage';
import { FormView } from '../../ui/admin/FormView';
import { storeLabel, useStoreName } from './store-name';
import { useResources } from '../../ui/use-resources';

export const UPDATE_DELIVERY_UPLOAD = 'Update delivery upload';

/**
 * /stores/:id/batches/:uploadBatchId/uploads/edit/:deliveryUploadId (issue 16): a row corrected through the shared
 * form chart; the server checks it with the wizard's rules and prices it again, and a conflict shows both versions.
 */
export default function DeliveryUploadEditPage() {
  const { id = '', uploadBatchId = '', deliveryUploadId = '' } = useParams();
  const portal = usePortal();
  // The declaration first: the form actor reads it when it starts.
  useResources(['deliveryUploads', 'stores']);
  const actor = useScreenActor(formMachine, { resource: 'deliveryUploads', cca2: portal.cca2, id: Number(deliveryUploadId) });
  const uploads = `/stores/${id}/batches/${uploadBatchId}/uploads`;
  const store = storeLabel(Number(id), useStoreName(Number(id)));
  return (
    <AdminPage
      title={UPDATE_DELIVERY_UPLOAD} readOnly
      parents={[{ label: store, to: `/stores/edit/${id}` }, { label: 'Delivery uploads', to: `/stores/${id}/batches` }, { label: `Batch #${uploadBatchId}`, to: uploads }]}
      current={{ label: UPDATE_DELIVERY_UPLOAD, to: `${uploads}/edit/${deliveryUploadId}` }}
    >
      <FormView actor={actor} />
      <RowErrors actor={actor} />
      <Link asChild mt={4}><RouterLink to={uploads}>Back</RouterLink></Link>
    </AdminPage>
  );
}

/** What the server found wrong with the row as saved (the wizard's texts): it is kept, and booked only once it has none. */
function RowErrors({ actor }: { actor: ReturnType<typeof useScreenActor<typeof formMachine>> }) {
  const errors = useSelector(actor, (snapshot) => snapshot.context.record?.errors);
  const messages = errors && typeof errors === 'object' ? Object.values(errors as Record<string, string[]>).flat() : [];
  if (messages.length === 0) return null;
  return (
    <List.Root recipe={listSlotRecipe} mt={4} aria-label="Errors of this row" color="red.600">
      {messages.map((message) => <List.Item key={message}><Text>{message}</Text></List.Item>)}
    </List.Root>
  );
}
