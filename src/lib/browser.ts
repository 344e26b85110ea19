/**
 * Page navigations the app forces (reloads): one object, so tests replace its methods instead of the
 * browser's own, which cannot be stubbed.
 */
export const pageNavigation = {
  reload(): void {
    window.location.reload();
  },
};
