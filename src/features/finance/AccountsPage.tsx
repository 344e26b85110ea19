import { HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { mayCall } from '../../lib/access';
import { FINANCE_TEXTS } from '../../lib/finance-texts';
import { useAuth } from '../../machines/root/root-actor';
import { resourceOf } from '../../resources';
import { useResources } from '../../ui/use-resources';
import { AdminPage } from '../../ui/AdminPage';
import { ListView } from '../../ui/admin/ListView';
import { useNestedList } from '../../ui/admin/nested-list';
import { ownerCrumbs, ownerResources } from './crumbs';
import { financePathsOf, OWNER_FILTER, useAccountOwner, type AccountOwner } from './paths';

/**
 * /accounts, and /users/:id/accounts, /companies/:id/accounts, /stores/:id/accounts: the accounts in the caller's
 * scope (narrowed to the owner under an owner's screen) with their balances; each opens its statement.
 */
export function Component() {
  const owner = useAccountOwner();
  return <Accounts key={owner ? `${owner.kind}-${owner.id}` : 'all'} owner={owner} />;
}

function Accounts({ owner }: { owner: AccountOwner }) {
  // The declarations first: the screen's actors and crumbs read them.
  useResources(['accounts', ...ownerResources(owner)]);
  const resource = resourceOf('accounts');
  const paths = financePathsOf(owner);
  const actor = useNestedList('accounts', owner ? { [OWNER_FILTER[owner.kind]]: String(owner.id) } : {});
  const permissions = useAuth((snapshot) => snapshot.context.permissions);
  const mayEdit = mayCall('updateaccount', permissions);
  // Under an owner's screen the form opens with that owner filled in (000 section 2: /companies/:id/accounts/add).
  const createTo = mayCall('createaccount', permissions) ? paths.add : undefined;
  return (
    <AdminPage title={resource.title} parents={ownerCrumbs(owner)} current={{ label: resource.title, to: paths.accounts }} createTo={createTo}>
      <ListView actor={actor} mayEdit={false} rowAction={(row) => (
        <HStack gap={3}>
          <RouterLink to={paths.transactions(row.id)} aria-label={FINANCE_TEXTS.viewTransactionsOf(resource.label(row))}>
            {FINANCE_TEXTS.viewTransactions}
          </RouterLink>
          {/* The platform's system accounts are not edited from here: their meaning is fixed. */}
          {mayEdit && !('accountType' in row && row.accountType === 'System') && (
            <RouterLink to={paths.edit(row.id)} aria-label={FINANCE_TEXTS.editAccountOf(resource.label(row))}>
              {FINANCE_TEXTS.editAccount}
            </RouterLink>
          )}
        </HStack>
      )} />
    </AdminPage>
  );
}
