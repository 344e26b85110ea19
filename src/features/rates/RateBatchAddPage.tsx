import { useSearchParams } from 'react-router-dom';
import { formatMoney } from '../../lib/money';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { rateBatchMachine } from '../../machines/rates/rate-batch.machine';
import { AdminPage } from '../../ui/AdminPage';
import { RateBatchView } from './RateBatchView';

/**
 * /rates/batches/add (002 section 2): a rate sheet uploaded, checked, submitted. `?batch=<id>` opens a batch uploaded
 * earlier again (its rows link back here once corrected), to preview and submit it.
 */
export default function RateBatchAddPage() {
  const [search] = useSearchParams();
  const resumed = Number(search.get('batch'));
  const batchId = Number.isInteger(resumed) && resumed > 0 ? resumed : undefined;
  return <Upload key={batchId ?? 'new'} batchId={batchId} />;
}

function Upload({ batchId }: { batchId: number | undefined }) {
  const portal = usePortal();
  const actor = useScreenActor(rateBatchMachine, { cca2: portal.cca2, batchId });
  return (
    <AdminPage title="Upload rates" parents={[{ label: 'Rates', to: '/rates' }]} current={{ label: 'Upload rates', to: '/rates/batches/add' }} readOnly>
      <RateBatchView actor={actor} money={(cents) => formatMoney(cents, { currency: portal.currency, decimals: portal.currencyDecimals })} />
    </AdminPage>
  );
}
