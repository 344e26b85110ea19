import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { usePermissions, useNotificationsActor } from './root-actor';
import { useOnceTrue } from './use-once-true';

// The dialog loads with the first error: most visits need none. The toaster (~20 kB with its zag parts) loads
// once someone is signed in, after the first paint, and stays: it is listening before their first success
// arrives. A visitor's public home never loads it; a visitor's first toast loads it (the toast waits in the
// notifications actor's context until the toaster has shown it).
const ErrorDialog = lazy(() => import('./ErrorDialog').then((module) => ({ default: module.ErrorDialog })));
const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

/** The global error dialog and the success toasts of the notifications actor. */
export function Notifications() {
  const notifications = useNotificationsActor();
  const signedIn = Boolean(usePermissions());
  const dialogNeeded = useOnceTrue(useSelector(notifications, (snapshot) => snapshot.matches({ dialog: 'open' })));
  const toastWaiting = useSelector(notifications, (snapshot) => snapshot.context.toasts.length > 0);
  const toasterNeeded = useOnceTrue(signedIn || toastWaiting);
  return (
    <>
      <Suspense fallback={null}>{dialogNeeded && <ErrorDialog />}</Suspense>
      <Suspense fallback={null}>{toasterNeeded && <Toaster />}</Suspense>
    </>
  );
}
