/** Environments told apart by the host prefix (000 section 2, "Shell behaviour"). */
export type Environment = 'local' | 'staging' | 'integrations' | 'production';

export interface HostInfo {
  /** The portal code looked up with GET /countries/{code}; lower case. */
  code: string;
  environment: Environment;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const KNOWN_PREFIXES: readonly Environment[] = ['local', 'staging', 'integrations'];

/**
 * The first label of the host names the portal, taking the part after a hyphen if there is one
 * (`staging-za.example.com` → za, staging). A loopback host maps to the configured default portal.
 */
export function parseHost(hostname: string, defaultPortal: string): HostInfo {
  const host = hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host)) return { code: defaultPortal.toLowerCase(), environment: 'local' };
  const firstLabel = host.split('.')[0] ?? '';
  const hyphen = firstLabel.indexOf('-');
  const prefix = hyphen >= 0 ? firstLabel.slice(0, hyphen) : '';
  const code = hyphen >= 0 ? firstLabel.slice(hyphen + 1) : firstLabel;
  const environment = (KNOWN_PREFIXES as readonly string[]).includes(prefix) ? (prefix as Environment) : 'production';
  return { code, environment };
}

/** Portal codes are ISO 3166 alpha-2 country codes. */
export function isPortalCode(code: string): boolean {
  return /^[a-z]{2}$/i.test(code);
}
