import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { FINANCE_TEXTS } from '../../lib/finance-texts';
import { useAuth, usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { formMachine } from '../../machines/lists/form.machine';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { AdminPage } from '../../ui/AdminPage';
import { FormView } from '../../ui/admin/FormView';
import { useFormNavigation } from '../../ui/admin/use-form-navigation';
import { ownerCrumbs, ownerResources } from './crumbs';
import { financePathsOf, OWNER_FIELD, pathId, useAccountOwner, type AccountOwner } from './paths';

/**
 * /users/:id/accounts/add, /companies/:id/accounts/add, /stores/:id/accounts/add and their /edit/:accountId: the
 * account form under its owner's screen. A new account opens with that owner filled in; after saving, the form and
 * its list stay under the owner.
 */
export function Component() {
  const owner = useAccountOwner()!;
  const { accountId } = useParams();
  const id = accountId === undefined ? undefined : pathId(accountId);
  return <AccountForm key={`${owner.kind}-${owner.id}-${id ?? 'new'}`} owner={owner} id={id} />;
}

function AccountForm({ owner, id }: { owner: NonNullable<AccountOwner>; id: number | undefined }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['accounts', ...ownerResources(owner)]);
  const accounts = resourceOf('accounts');
  const paths = financePathsOf(owner);
  const portal = usePortal();
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const actor = useScreenActor(formMachine, { resource: 'accounts', cca2: portal.cca2, id });
  useEffect(() => {
    // The owner is the path's; the lookup names it (it reads the name when a value comes without one).
    if (id === undefined) actor.send({ type: 'form.change', name: OWNER_FIELD[owner.kind], value: owner.id });
    // Keyed by owner and account: these do not change while mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);
  // The accounts resource's own paths (after a create, the new account's edit), moved under the owner.
  const editPrefix = accounts.routes.edit.replace(':id', '');
  useFormNavigation(actor, (to) => (to.startsWith(editPrefix) ? paths.edit(to.slice(editPrefix.length)) : to === accounts.routes.list ? paths.accounts : to));
  const title = id === undefined ? `Add ${accounts.singular}` : `Edit ${accounts.singular}`;
  return (
    <AdminPage title={title} parents={[...ownerCrumbs(owner), { label: FINANCE_TEXTS.accounts, to: paths.accounts }]}
      current={{ label: title, to: id === undefined ? paths.add : paths.edit(id) }}>
      <FormView actor={actor} permissions={permissions} />
    </AdminPage>
  );
}
