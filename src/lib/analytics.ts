/** A page view as it leaves the browser: the route's pattern and the portal, nothing that names a person or a row. */
export interface PageView {
  /** The route pattern (`/track/:hash`), never the path itself: paths carry ids, hashes and search terms. */
  page: string;
  portal: string;
  /** The previous page's pattern in this tab, when there was one. */
  previous?: string;
}

/**
 * Sends one page view to the analytics endpoint (000 section 7). Plain text and no credentials: no preflight, no
 * cookie of ours or theirs; a failure is ignored (analytics never disturbs the app).
 */
export function sendPageView(url: string, view: PageView): void {
  void fetch(url, { method: 'POST', body: JSON.stringify(view), headers: { 'Content-Type': 'text/plain' }, credentials: 'omit', mode: 'no-cors', keepalive: true })
    .catch(() => undefined);
}
