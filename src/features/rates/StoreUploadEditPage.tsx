import { Link, List, Text } from '@chakra-ui/react';
import { listSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formMachine } from '../../machines/lists/form.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { AdminPage } from '../../ui/AdminPage';
import { FormView } from '../../ui/admin/FormView';
import { useResources } from '../../ui/use-resources';

export const UPDATE_STORE_UPLOAD = 'Update store upload';

/**
 * /stores/batches/:uploadBatchId/uploads/edit/:storeUploadId (issue 16): a row corrected through the shared form
 * chart; the server checks it with the store form's rules and finds its address again, and a conflict shows both versions.
 */
export default function StoreUploadEditPage() {
  const { uploadBatchId = '', storeUploadId = '' } = useParams();
  const portal = usePortal();
  // The declaration first: the form actor reads it when it starts.
  useResources(['storeUploads']);
  const actor = useScreenActor(formMachine, { resource: 'storeUploads', cca2: portal.cca2, id: Number(storeUploadId) });
  const uploads = `/stores/batches/${uploadBatchId}/uploads`;
  return (
    <AdminPage
      title={UPDATE_STORE_UPLOAD} readOnly
      parents={[{ label: 'Upload stores', to: '/stores/batches/add' }, { label: `Batch #${uploadBatchId}`, to: uploads }]}
      current={{ label: UPDATE_STORE_UPLOAD, to: `${uploads}/edit/${storeUploadId}` }}
    >
      <FormView actor={actor} />
      <RowErrors actor={actor} />
      <Link asChild mt={4}><RouterLink to={uploads}>Back</RouterLink></Link>
    </AdminPage>
  );
}

/** What the server found wrong with the row as saved (the store form's texts): it is kept, and made a store only once it has none. */
function RowErrors({ actor }: { actor: ReturnType<typeof useScreenActor<typeof formMachine>> }) {
  const errors = useSelector(actor, (snapshot) => snapshot.context.record?.errors);
  const resolved = useSelector(actor, (snapshot) => snapshot.context.record?.resolvedAddress);
  const messages = errors && typeof errors === 'object' ? Object.values(errors as Record<string, string[]>).flat() : [];
  return (
    <>
      {typeof resolved === 'string' && <Text mt={4}>Address found: {resolved}</Text>}
      {messages.length > 0 && (
        <List.Root recipe={listSlotRecipe} mt={4} aria-label="Errors of this row" color="red.600">
          {messages.map((message) => <List.Item key={message}><Text>{message}</Text></List.Item>)}
        </List.Root>
      )}
    </>
  );
}
