import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { USERS_ADMIN_TEXTS } from '../../lib/users-admin-texts';
import { formMachine } from '../../machines/lists/form.machine';
import { AdminPage } from '../../ui/AdminPage';
import { FormView } from '../../ui/admin/FormView';
import { userRatingsPaths } from './paths';
import { useFormNavigation } from '../../ui/admin/use-form-navigation';

/** /users/:id/ratings/add and /users/:id/ratings/edit/:ratingId: the rating form under the user rated. */
export function Component() {
  const { id, ratingId } = useParams();
  const userId = Number(id);
  const recordId = ratingId === undefined ? undefined : Number(ratingId);
  return <UserRatingForm key={`${userId}-${recordId ?? 'new'}`} userId={userId} ratingId={Number.isInteger(recordId) ? recordId : undefined} />;
}

function UserRatingForm({ userId, ratingId }: { userId: number; ratingId: number | undefined }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['ratings', 'users']);
  const ratings = resourceOf('ratings');
  const users = resourceOf('users');
  const paths = userRatingsPaths(userId);
  const portal = usePortal();
  const actor = useScreenActor(formMachine, { resource: 'ratings', cca2: portal.cca2, id: ratingId });
  useEffect(() => {
    // A new rating is of this user: the driver is given by the path.
    if (ratingId === undefined) actor.send({ type: 'form.change', name: 'driverId', value: userId });
    // Keyed by user and rating: these do not change while mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);
  // The ratings resource's own paths, moved under this user.
  const editPrefix = ratings.routes.edit.replace(':id', '');
  useFormNavigation(actor, (to) => (to.startsWith(editPrefix) ? paths.edit(to.slice(editPrefix.length)) : to === ratings.routes.list ? paths.list : to));
  const title = ratingId === undefined ? `Add ${ratings.singular}` : `Edit ${ratings.singular}`;
  return (
    <AdminPage title={title}
      parents={[
        { label: users.title, to: users.routes.list },
        { label: `#${userId}`, to: users.routes.edit.replace(':id', String(userId)) },
        { label: USERS_ADMIN_TEXTS.ratings, to: paths.list },
      ]}
      current={{ label: title, to: ratingId === undefined ? paths.add : paths.edit(ratingId) }}>
      <FormView actor={actor} />
    </AdminPage>
  );
}
