import { useParams } from 'react-router-dom';
import { applicationReviewMachine } from '../../machines/applications/application-review.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { ReviewView } from './ReviewView';

/** /business-applications/edit/:id and the other review screens: one application with its documents and timeline. */
export default function ReviewPage() {
  const { id } = useParams();
  const applicationId = Number(id);
  if (!Number.isInteger(applicationId) || applicationId < 1) throw new Response('Not found', { status: 404 });
  return <Review key={applicationId} id={applicationId} />;
}

function Review({ id }: { id: number }) {
  const portal = usePortal();
  const actor = useScreenActor(applicationReviewMachine, { cca2: portal.cca2, id });
  return <ReviewView actor={actor} />;
}
