// Apart from seed.ts, which imports the seeders that use it too (no import cycle).
import { hashPassword } from '../auth/passwords';

/** The password of every demo login. */
export const DEMO_PASSWORD = 'Demo-password-1';

let demoHash: Promise<string> | undefined;

/**
 * One hash of DEMO_PASSWORD for every demo login: scrypt costs ~50 ms of CPU a hash on purpose, and a fresh start
 * seeds twenty logins. The password is public, so sharing one salt among the demo logins hides nothing.
 */
export const demoPasswordHash = () => (demoHash ??= hashPassword(DEMO_PASSWORD));
