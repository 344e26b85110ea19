import { useLocation, useParams } from 'react-router-dom';
import { APPLICATION_TYPE, type ApplicationTypeId } from '../../lib/applications';
import { applicationApplyMachine } from '../../machines/applications/application-apply.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { ApplyView } from './ApplyView';

/** Which application each apply route makes (000 section 2; the assistant and vehicle paths are ours). */
const TYPE_BY_PATH: Record<string, ApplicationTypeId> = {
  'business-apply': APPLICATION_TYPE.business,
  'partner-apply': APPLICATION_TYPE.partner,
  'driver-apply': APPLICATION_TYPE.driver,
  'assistant-apply': APPLICATION_TYPE.assistant,
  'vehicle-apply': APPLICATION_TYPE.vehicle,
};

/** /business-apply, /partner-apply, /driver-apply/:inviteHashId, /assistant-apply, /vehicle-apply. */
export default function ApplyPage() {
  const { pathname } = useLocation();
  const { inviteHashId } = useParams();
  const type = TYPE_BY_PATH[pathname.split('/')[1] ?? ''] ?? APPLICATION_TYPE.partner;
  return <Apply key={`${type}-${inviteHashId ?? ''}`} type={type} inviteHashId={inviteHashId} />;
}

function Apply({ type, inviteHashId }: { type: ApplicationTypeId; inviteHashId: string | undefined }) {
  const portal = usePortal();
  const actor = useScreenActor(applicationApplyMachine, { cca2: portal.cca2, applicationTypeId: type, ...(inviteHashId && { inviteHashId }) });
  return <ApplyView actor={actor} />;
}
