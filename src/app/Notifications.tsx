import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { useNotificationsActor } from '../machines/root/root-actor';
import { useOnceTrue } from './use-once-true';

// The dialog loads with the first error: most visits need none. The toaster loads after the first paint and
// stays: it must be listening before the first success arrives (mounted only on a first toast, that toast was
// missed in CI's full runs).
const ErrorDialog = lazy(() => import('./ErrorDialog').then((module) => ({ default: module.ErrorDialog })));
const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

/** The global error dialog and the success toasts of the notifications actor. */
export function Notifications() {
  const notifications = useNotificationsActor();
  const dialogNeeded = useOnceTrue(useSelector(notifications, (snapshot) => snapshot.matches({ dialog: 'open' })));
  return (
    <>
      <Suspense fallback={null}>{dialogNeeded && <ErrorDialog />}</Suspense>
      <Suspense fallback={null}><Toaster /></Suspense>
    </>
  );
}
