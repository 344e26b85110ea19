// The toasts on screen, kept apart from their view (Toaster.tsx) so that what only adds or clears toasts (tests
// resetting between files) needs neither React nor the app's actors.

export interface ToastEntry { id: number; type: 'success'; title: string; closable: boolean }
interface ToastOptions { type: 'success'; title: string; closable?: boolean }

let entries: ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const changed = (next: ToastEntry[]) => { entries = next; for (const listener of listeners) listener(); };

/** The toasts on screen: one store for the app (tests clear it between replays with `remove()`). */
export const toaster = {
  create({ type, title, closable = false }: ToastOptions): number {
    const id = nextId++;
    changed([...entries, { id, type, title, closable }]);
    return id;
  },
  /** Removes one toast, or every toast without an id. */
  remove(id?: number) {
    changed(id === undefined ? [] : entries.filter((entry) => entry.id !== id));
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => { listeners.delete(listener); };
  },
  getSnapshot: () => entries,
};
