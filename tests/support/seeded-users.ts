// The seeded users as tests address them: read from the seed's own lists, so a test names a login the seed
// really creates (a typo is a type error) and no test keeps its own copy of the emails.
import type { StoredRole } from '../../src/lib/roles';
import { DEMO_COMPANIES, DEMO_USERS, type DemoEmail } from '../../server/db/seed';
import { OPERATIONS_DRIVERS } from '../../server/db/seed-operations';

type SeededEmail = DemoEmail | (typeof OPERATIONS_DRIVERS)[number]['email'];

/** A seeded user by the part of the email before `@demo.test`: 'administrator', 'company.admin', 'driver2'… */
export type SeededLogin = SeededEmail extends `${infer Login}@demo.test` ? Login : never;

export interface SeededUser {
  login: SeededLogin;
  email: SeededEmail;
  roles: readonly StoredRole[];
  /** The company of company and store roles (the store's company for store roles). */
  companyName?: string;
  storeName?: string;
}

const loginOf = (email: SeededEmail) => email.slice(0, email.indexOf('@')) as SeededLogin;

/** Every seeded login: the demo users of the README's table, then the operations seed's extra drivers. */
export const SEEDED_USERS: readonly SeededUser[] = [
  ...DEMO_USERS.map((user): SeededUser => {
    const companyIndex = user.store ? user.store[0] : user.company;
    return {
      login: loginOf(user.email),
      email: user.email,
      roles: user.roles,
      ...(companyIndex !== undefined && { companyName: DEMO_COMPANIES[companyIndex]!.companyName }),
      ...(user.store && { storeName: DEMO_COMPANIES[user.store[0]]!.stores[user.store[1]]!.storeName }),
    };
  }),
  ...OPERATIONS_DRIVERS.map((driver): SeededUser => ({ login: loginOf(driver.email), email: driver.email, roles: ['Driver'] })),
];

/** The email of a seeded login. */
export function emailOf(login: SeededLogin): SeededEmail {
  const user = SEEDED_USERS.find((candidate) => candidate.login === login);
  if (!user) throw new Error(`no seeded user ${login}`);
  return user.email;
}

/** The seeded emails by login, for tests that need the address itself (sign-in forms, expected values). */
export const SEEDED = Object.fromEntries(SEEDED_USERS.map((user) => [user.login, user.email])) as { [Login in SeededLogin]: `${Login}@demo.test` };
