import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';

// Chakra's dialog (its parts, portal, presence: ~19 kB gzip) loads when a confirm dialog first opens, not with every
// list and form that may ask one (the bulk action bar is on every list).
const ConfirmDialogModule = lazy(() => import('./ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })));

/**
 * The shared confirm dialog (src/ui/ConfirmDialog.tsx), the same props, loaded on first open. Once opened it stays
 * mounted, so closing it runs as before (focus back where it was, the exit animation).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogModule {...props} />
    </Suspense>
  );
}
