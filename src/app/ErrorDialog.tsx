import { Box, Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme';
import { useSelector } from '@xstate/react';
import { DIALOG_WIDTHS } from '../lib/constants';
import { SCREEN_TEXTS } from '../lib/shell-texts';
import { useNotificationsActor } from '../machines/root/root-actor';

/**
 * The global error dialog (000 section 8): the title from the status, the message from the response, the
 * "Error code: ..." line of a 500 and the server's field errors. One error at a time; never for a 440.
 */
export function ErrorDialog() {
  const notifications = useNotificationsActor();
  const error = useSelector(notifications, (snapshot) => (snapshot.matches({ dialog: 'open' }) ? snapshot.context.errors[0] : undefined));
  const fieldErrors = error?.errors ? Object.entries(error.errors).flatMap(([field, messages]) => messages.map((message) => ({ field, message }))) : [];
  return (
    <Dialog.Root recipe={dialogSlotRecipe}
      role="alertdialog"
      open={error !== undefined}
      onOpenChange={(details) => {
        if (!details.open) notifications.send({ type: 'notify.dismiss' });
      }}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`${DIALOG_WIDTHS.default}px`} mx={4}>
            <Dialog.Header>
              <Dialog.Title>{error?.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{error?.message}</Dialog.Description>
              {error?.detail && <Text mt={2} fontSize="sm" color="fg.muted">{error.detail}</Text>}
              {fieldErrors.length > 0 && (
                <Box as="ul" mt={2} ps={5} fontSize="sm" listStyleType="disc">
                  {fieldErrors.map(({ field, message }) => (
                    <li key={`${field}:${message}`}>{message}</li>
                  ))}
                </Box>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button bg="brand.solid" color="brand.contrast">{SCREEN_TEXTS.errorDialogClose}</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
