import { Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useAuth } from '../../machines/root/root-actor';
import { mayCall } from '../../lib/access';
import { USERS_ADMIN_TEXTS } from '../../lib/users-admin-texts';
import { Component as ResourceFormPage } from '../../ui/admin/ResourceFormPage';
import { userRatingsPaths } from './paths';

/** /users/edit/:id: the generic user form, with a link to the user's ratings (000 section 2: /users/:id/ratings). */
export function Component() {
  const { id } = useParams();
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const userId = Number(id);
  return (
    <Stack gap={4}>
      <ResourceFormPage />
      {Number.isInteger(userId) && mayCall('getratings', permissions) && (
        <Link asChild fontSize="sm" px={{ base: 4, md: 6 }}>
          <RouterLink to={userRatingsPaths(userId).list}>{USERS_ADMIN_TEXTS.ratings}</RouterLink>
        </Link>
      )}
    </Stack>
  );
}
