// Sends the app's requests for the page's own origin on to a real server (jsdom tests). It has no imports and is
// installed by the view projects' setup (dom-setup.ts) once per worker, before any of the app's clients loads: they
// keep the fetch they were created with, and a worker's files share them. Without a server's url it passes through.
export const forwarding = { url: '' };

const realFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  const origin = window.location.origin;
  if (!forwarding.url || !request.url.startsWith(origin)) return realFetch(request);
  const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer();
  return realFetch(forwarding.url + request.url.slice(origin.length), { method: request.method, headers: request.headers, body, signal: request.signal });
};
