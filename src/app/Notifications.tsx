import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useNotificationsActor } from './root-actor';

// The dialog loads with the first error: most visits need none. The toaster loads after the first paint and
// stays: it must be listening before the first success arrives.
const ErrorDialog = lazy(() => import('./ErrorDialog').then((module) => ({ default: module.ErrorDialog })));
const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

/** True from the first render where `condition` holds, for good. */
function useOnceTrue(condition: boolean): boolean {
  const [seen, setSeen] = useState(condition);
  if (condition && !seen) setSeen(true);
  return seen || condition;
}

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
