import { createToaster, Portal, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useNotificationsActor } from '../machines/root/root-actor';

/** The app's one toaster: success messages, announced politely to screen readers. */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true });

/** Hands the notifications actor's success toasts to the toaster, and renders them. */
export function Toaster() {
  const notifications = useNotificationsActor();
  const toasts = useSelector(notifications, (snapshot) => snapshot.context.toasts);
  useEffect(() => {
    for (const text of toasts) {
      toaster.create({ type: 'success', title: text, closable: true });
      notifications.send({ type: 'notify.toastShown', text });
    }
  }, [toasts, notifications]);
  return (
    <Portal>
    <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ md: 'sm' }}>
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
          </Stack>
          {toast.closable && <Toast.CloseTrigger />}
        </Toast.Root>
      )}
    </ChakraToaster>
    </Portal>
  );
}
