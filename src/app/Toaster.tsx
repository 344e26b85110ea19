import { Box, CloseButton, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useNotificationsActor } from '../machines/root/root-actor';
import { SCREEN_TEXTS } from '../lib/shell-texts';
import { toaster, type ToastEntry } from './toaster-store';

export { toaster } from './toaster-store';

// The app's one toaster, written here rather than Chakra's (zag's toast machines, dismissable layer and portal:
// ~20 kB gzip that every signed-in first load carried for a toast most visits never show; issue 19). It keeps what
// Chakra's did for a person: a polite live region at the bottom end, each toast a status (title, close button),
// success toasts gone after 2 s, paused while the pointer or focus is on them or the page is hidden, Escape closes
// the focused toast, Alt+T moves focus to the toasts.

/** How long a success toast stays (Chakra's default for success). */
const SUCCESS_DURATION_MS = 2000;

/** Whether the page is hidden (a toast's time does not run out unseen). */
function usePageHidden() {
  const [hidden, setHidden] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    const update = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return hidden;
}

function Toast({ entry, paused }: { entry: ToastEntry; paused: boolean }) {
  const titleId = useId();
  const remaining = useRef(SUCCESS_DURATION_MS);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => toaster.remove(entry.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, entry.id]);
  return (
    <Box role="status" aria-atomic="true" aria-labelledby={titleId} tabIndex={0} data-type={entry.type}
      display="flex" alignItems="flex-start" gap="3" py="4" ps="4" pe="6" borderRadius="l2" boxShadow="xl"
      bg="green.solid" color="green.contrast" position="relative" width={{ base: 'full', md: 'sm' }} pointerEvents="auto"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          toaster.remove(entry.id);
        }
      }}>
      <Stack gap="1" flex="1" maxWidth="100%">
        <Text id={titleId} fontWeight="medium" textStyle="sm" marginEnd="2">{entry.title}</Text>
      </Stack>
      {entry.closable && (
        <CloseButton aria-label={SCREEN_TEXTS.toastClose} size="sm" position="absolute" top="1" insetEnd="1" color="inherit" _hover={{ bg: 'whiteAlpha.200' }}
          onClick={() => toaster.remove(entry.id)} />
      )}
    </Box>
  );
}

/** Hands the notifications actor's success toasts to the toaster, and renders them. */
export function Toaster() {
  const notifications = useNotificationsActor();
  const toasts = useSelector(notifications, (snapshot) => snapshot.context.toasts);
  const shown = useSyncExternalStore(toaster.subscribe, toaster.getSnapshot);
  const region = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const hidden = usePageHidden();
  useEffect(() => {
    for (const text of toasts) {
      toaster.create({ type: 'success', title: text, closable: true });
      notifications.send({ type: 'notify.toastShown', text });
    }
  }, [toasts, notifications]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey && event.code === 'KeyT') region.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
  // A closed toast under the pointer or the focus never fires the leave event: with none left, start over clear.
  if (shown.length === 0 && (hovered || focused)) {
    setHovered(false);
    setFocused(false);
  }
  return (
    <Box as="section" ref={region} tabIndex={-1} aria-label={SCREEN_TEXTS.toastRegion} aria-live="polite" aria-relevant="additions text" aria-atomic="false"
      position="fixed" zIndex="toast" bottom="4" insetInline={{ base: '4', md: 'auto' }} insetInlineEnd={{ md: '4' }}
      display="flex" flexDirection="column" gap="2" pointerEvents="none" outline="none"
      onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)} onBlur={(event) => { if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false); }}>
      {shown.map((entry) => <Toast key={entry.id} entry={entry} paused={hovered || focused || hidden} />)}
    </Box>
  );
}
