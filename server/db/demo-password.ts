// Apart from seed.ts, which imports the seeders that use it too (no import cycle).
/** The password of every demo login. */
export const DEMO_PASSWORD = 'Demo-password-1';
