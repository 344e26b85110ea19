import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAuth } from '../../machines/root/root-actor';
import { mayCall } from '../../lib/access';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { USERS_ADMIN_TEXTS } from '../../lib/users-admin-texts';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { userRatingsPaths } from './paths';

/** /users/:id/ratings: the ratings list narrowed to the user rated (the driver), with add and edit under the user. */
export function Component() {
  const { id } = useParams();
  const userId = Number(id);
  if (!Number.isInteger(userId) || userId < 1) throw new Response('Not found', { status: 404 });
  return <UserRatings key={userId} userId={userId} />;
}

function UserRatings({ userId }: { userId: number }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['ratings', 'users']);
  const ratings = resourceOf('ratings');
  const users = resourceOf('users');
  const paths = userRatingsPaths(userId);
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const actor = useNestedList('ratings', { driverid: String(userId) });
  const mayEdit = mayCall(ratings.operations.get, permissions);
  return (
    <AdminPage title={USERS_ADMIN_TEXTS.ratings}
      parents={[{ label: users.title, to: users.routes.list }, { label: `#${userId}`, to: users.routes.edit.replace(':id', String(userId)) }]}
      current={{ label: USERS_ADMIN_TEXTS.ratings, to: paths.list }}
      createTo={ratings.operations.create && mayCall(ratings.operations.create, permissions) ? paths.add : undefined}>
      <ListView actor={actor} mayEdit={mayEdit} rowAction={mayEdit ? (row) => (
        <RouterLink to={paths.edit(row.id)} aria-label={`Edit ${ratings.label(row)}`}>Edit</RouterLink>
      ) : undefined} />
    </AdminPage>
  );
}
