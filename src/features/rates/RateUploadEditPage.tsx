import { useParams } from 'react-router-dom';
import { RATE_TEXTS } from '../../lib/rate-texts';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { rateUploadRowMachine } from '../../machines/rates/rate-upload-row.machine';
import { AdminPage } from '../../ui/AdminPage';
import { RateUploadRowView } from './RateUploadRowView';

/** /rates/batches/:uploadBatchId/uploads/edit/:rateUploadId (002 section 2): "Update rate upload". */
export default function RateUploadEditPage() {
  const { uploadBatchId = '', rateUploadId = '' } = useParams();
  const portal = usePortal();
  const actor = useScreenActor(rateUploadRowMachine, { cca2: portal.cca2, id: Number(rateUploadId) });
  const uploads = `/rates/batches/${uploadBatchId}/uploads`;
  return (
    <AdminPage
      title={RATE_TEXTS.updateRateUpload} readOnly
      parents={[{ label: 'Rates', to: '/rates' }, { label: `Batch #${uploadBatchId}`, to: uploads }]}
      current={{ label: RATE_TEXTS.updateRateUpload, to: `${uploads}/edit/${rateUploadId}` }}
    >
      <RateUploadRowView actor={actor} backTo={uploads} />
    </AdminPage>
  );
}
