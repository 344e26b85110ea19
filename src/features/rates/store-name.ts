import { useSelector } from '@xstate/react';
import { formMachine } from '../../machines/lists/form.machine';
import { usePortal } from '../../machines/root/root-actor';
import { useScreenActor } from '../../machines/root/use-screen-actor';
import { useResources } from '../../ui/use-resources';

/**
 * The store's name for the delivery upload screens' titles and crumbs, read through the stores resource (the
 * caller's scope applies: a store's staff read their own store); undefined until it is known.
 */
export function useStoreName(storeId: number): string | undefined {
  const portal = usePortal();
  // The declaration first: the form actor reads it when it starts.
  useResources(['stores']);
  const actor = useScreenActor(formMachine, { resource: 'stores', cca2: portal.cca2, id: storeId });
  return useSelector(actor, (snapshot) => {
    const name = snapshot.context.record?.storeName;
    return typeof name === 'string' && name !== '' ? name : undefined;
  });
}

/** The store as the screens name it: its name once read, its number until then. */
export const storeLabel = (storeId: number, name: string | undefined): string => name ?? `Store #${storeId}`;
