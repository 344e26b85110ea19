import { Button, Dialog, Portal } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { DIALOG_WIDTHS } from '../lib/constants';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  /** "No", Escape or a click outside. */
  onNo: () => void;
  onYes: () => void;
  /** The confirmed work is under way: "Yes" shows a spinner, nothing can be clicked twice. */
  busy?: boolean;
  /** What the confirmed work needs besides Yes (e.g. a date), shown under the message. */
  children?: ReactNode;
  /** Yes waits until `children` hold what is needed. */
  yesDisabled?: boolean;
}

/**
 * The shared confirm dialog (000 section 2: buttons No and Yes; 350 px wide by default). An alert dialog:
 * focus moves into it, stays there, and returns to where it was on close.
 */
export function ConfirmDialog({ open, title, message, onNo, onYes, busy = false, children, yesDisabled = false }: ConfirmDialogProps) {
  return (
    <Dialog.Root recipe={dialogSlotRecipe}
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open && !busy) onNo();
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${DIALOG_WIDTHS.default}px`} mx={4}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{message}</Dialog.Description>
              {children}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onNo} disabled={busy}>No</Button>
              <Button bg="brand.solid" color="brand.contrast" onClick={onYes} loading={busy} loadingText="Yes" disabled={yesDisabled}>Yes</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
