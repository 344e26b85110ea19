// Packages only some requests need (spreadsheets, PDFs, passkeys) load on their first use, not at start: imported
// up front they held about 75 MB of an idle server's memory (exceljs 26, pdfkit 26, @simplewebauthn/server 26).

/** The first call starts loading; every call answers the same promise. */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

export const loadExcel = onFirstUse(async () => (await import('exceljs')).default);
export const loadPdfDocument = onFirstUse(async () => (await import('pdfkit')).default);
export const loadWebAuthn = onFirstUse(() => import('@simplewebauthn/server'));
export const loadWebAuthnHelpers = onFirstUse(() => import('@simplewebauthn/server/helpers'));
