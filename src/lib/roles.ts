/**
 * The role flags of the specification (000 section 6). NormalUser is not stored: every signed-in user with an
 * id greater than 0 is a normal user; the rest are stored per user and carried in the access token.
 */
export const STORED_ROLES = [
  'Administrator',
  'ManagementOperator',
  'StaffOperator',
  'CompanyAdministrator',
  'CompanyOperator',
  'CompanyUser',
  'StoreAdministrator',
  'StoreOperator',
  'StoreUser',
  'Partner',
  'Driver',
  'SuperHero',
  'Assistant',
  'PublicApiUser',
] as const;

export type StoredRole = (typeof STORED_ROLES)[number];
export type Role = 'NormalUser' | StoredRole;
export type RoleFlag = `is${Role}`;

export type RoleFlags = Record<RoleFlag, boolean>;

/** Permissions decoded from the login token (000 section 3). */
export interface Permissions extends RoleFlags {
  id: number;
  companyId: number | null;
  storeId: number | null;
  email: string;
  emailConfirmed: boolean;
  phoneNumberConfirmed: boolean;
  beta: boolean;
  /** Set while an administrator impersonates this user: who acts for them (the token's `act` claim). */
  act?: { id: number; email: string };
}

export function roleFlag(role: Role): RoleFlag {
  return `is${role}`;
}

export function isStoredRole(value: string): value is StoredRole {
  return (STORED_ROLES as readonly string[]).includes(value);
}

/** The flags of a user: isNormalUser is true for every real user (id greater than 0). */
export function roleFlagsOf(userId: number, roles: readonly string[]): RoleFlags {
  const flags = { isNormalUser: userId > 0 } as RoleFlags;
  for (const role of STORED_ROLES) flags[roleFlag(role)] = roles.includes(role);
  return flags;
}

export function hasAnyRole(permissions: RoleFlags, roles: readonly Role[]): boolean {
  return roles.some((role) => permissions[roleFlag(role)]);
}

/** Company roles: the caller sees only its own company's rows. */
export const COMPANY_ROLES = ['CompanyAdministrator', 'CompanyOperator', 'CompanyUser'] as const satisfies readonly Role[];
/** Store roles: the caller sees only its own store's rows. */
export const STORE_ROLES = ['StoreAdministrator', 'StoreOperator', 'StoreUser'] as const satisfies readonly Role[];
/** Back-office staff who see every company of the portal. */
export const STAFF_ROLES = ['Administrator', 'ManagementOperator', 'StaffOperator'] as const satisfies readonly Role[];

/**
 * The export of the users list filtered to one role the spec names an export for (000 section 9: "Drivers",
 * "Assistants"); every other list of users exports as "Users". Shared: the server names the file, the browser saves it.
 */
export const USER_EXPORT_NAMES: Partial<Record<StoredRole, string>> = { Driver: 'Drivers', Assistant: 'Assistants' };
export const userExportName = (role: string | undefined): string => (role && isStoredRole(role) && USER_EXPORT_NAMES[role]) || 'Users';
