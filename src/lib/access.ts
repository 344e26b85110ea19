import { COMPANY_ROLES, hasAnyRole, STAFF_ROLES, STORE_ROLES, type Permissions, type Role } from './roles';

/**
 * Who may call each API operation, keyed by operationId. The server refuses any operation missing here
 * (deny by default) and the router will read the same table for guards and menus.
 * 'public' needs no token; 'signedIn' any valid token; a role list needs one of those roles, and
 * `select` widens it for the searchable-select variant of a list (select=true).
 */
export type OperationRule = 'public' | 'signedIn' | { roles: readonly Role[]; select?: readonly Role[] };

export const OPERATION_ACCESS = {
  getCountry: 'public',
  logFrontendError: 'public',
  // Identity (000 section 7). Sign-in steps are public; the rest act on the caller's own account.
  register: 'public',
  login: 'public',
  refreshToken: 'public',
  // Public so that a session whose access token already expired can still end itself.
  logout: 'public',
  impersonate: { roles: ['Administrator'] },
  stopImpersonation: 'signedIn',
  changePassword: 'signedIn',
  forgotPassword: 'public',
  resetPassword: 'public',
  changeEmail: 'signedIn',
  twoFactorVerify: 'public',
  twoFactorResend: 'public',
  twoFactorSend: 'signedIn',
  twoFactorEnable: 'signedIn',
  twoFactorDisable: 'signedIn',
  emailVerificationSend: 'signedIn',
  emailVerificationConfirm: 'signedIn',
  phoneNumberVerificationSend: 'signedIn',
  phoneNumberVerificationConfirm: 'signedIn',
  externalProviders: 'public',
  externalAuthorize: 'public',
  externalLogin: 'public',
  listPasskeys: 'signedIn',
  deletePasskey: 'signedIn',
  passkeyRegistrationOptions: 'signedIn',
  passkeyRegistrationVerify: 'signedIn',
  passkeyLoginOptions: 'public',
  passkeyLogin: 'public',
  // Public API keys belong to API users (webhooks: administrator, public API user).
  createApiKey: { roles: ['Administrator', 'PublicApiUser'] },
  getApiKey: 'signedIn',
  getProfile: 'signedIn',
  updateProfile: 'signedIn',
  // The users screen (administrator, management operator, staff operator) creates users.
  createProfile: { roles: [...STAFF_ROLES] },
  getOutbox: { roles: ['Administrator'] },
  uploadProfilePicture: 'signedIn',
  getProfilePicture: 'signedIn',
  getcompanies: {
    roles: [...STAFF_ROLES],
    // Company roles pick their own company in filters and the booking wizard.
    select: [...STAFF_ROLES, ...COMPANY_ROLES],
  },
  getstores: {
    // 000 section 6: stores list — administrator, management, staff, company administrator, store admin/operator.
    roles: [...STAFF_ROLES, 'CompanyAdministrator', 'StoreAdministrator', 'StoreOperator'],
    // 001 section 2: anyone with a company or store role gets the stores list loaded.
    select: [...STAFF_ROLES, ...COMPANY_ROLES, ...STORE_ROLES],
  },
} as const satisfies Record<string, OperationRule>;

export type OperationId = keyof typeof OPERATION_ACCESS;

export type AccessDecision = 'allowed' | 'unauthenticated' | 'forbidden';

export function decideOperationAccess(
  rule: OperationRule,
  permissions: Permissions | undefined,
  variant: 'default' | 'select' = 'default',
): AccessDecision {
  if (rule === 'public') return 'allowed';
  if (!permissions) return 'unauthenticated';
  if (rule === 'signedIn') return 'allowed';
  const roles = variant === 'select' && rule.select ? rule.select : rule.roles;
  return hasAnyRole(permissions, roles) ? 'allowed' : 'forbidden';
}
