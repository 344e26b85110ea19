import { eq, sql } from 'drizzle-orm';
import type { components } from '../../src/api/generated/identity';
import { AUTH_TEXTS, VALIDATION_TEXTS } from '../../src/lib/error-catalogue';
import { DEFAULT_DIAL_CODE, DEFAULT_PHONE_COUNTRY, isValidPhone, normalisePhone } from '../../src/lib/phone';
import { COMPANY_ROLES, STORE_ROLES, type Permissions } from '../../src/lib/roles';
import type { Database } from '../db/database';
import { companies, profilePictures, stores, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import type { AppContext } from '../context';
import { sendCode } from './codes';
import { rankOfPermissions, rankOfRole } from './impersonation';
import { findUserByEmail, normaliseEmail, NO_PASSWORD } from './login';

type Profile = components['schemas']['Profile'];
type UpdateProfileRequest = components['schemas']['UpdateProfileRequest'];
type CreateProfileRequest = components['schemas']['CreateProfileRequest'];

export async function profileOf(db: Pick<Database, 'select'>, userId: number): Promise<Profile> {
  const [row] = await db
    .select({
      user: users,
      companyName: companies.companyName,
      hasProfilePicture: sql<boolean>`exists (select 1 from ${profilePictures} where ${profilePictures.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('profile');
  const { user } = row;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    phoneNumberConfirmed: user.phoneNumberConfirmed,
    emailConfirmed: user.emailConfirmed,
    contactCountryCode: user.contactCountryCode,
    unitName: user.unitName,
    unitNumber: user.unitNumber,
    companyId: user.companyId,
    storeId: user.storeId,
    company: row.companyName === null ? null : { companyName: row.companyName },
    twoFactorEnabled: user.twoFactorEnabled,
    hasProfilePicture: Boolean(row.hasProfilePicture),
  };
}

/**
 * A phone number as stored: E.164-like ('+27821234567'). Local numbers take the South African dial code
 * (the portal's default country); for another contact country the number must come with its own code.
 */
export function normalisedPhoneNumber(field: string, input: string | null | undefined, country: string): string | null {
  const trimmed = input?.trim() ?? '';
  if (trimmed === '') return null;
  if (!isValidPhone(trimmed)) throw badRequest(field, VALIDATION_TEXTS.phoneInvalid);
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  if (!international && country.toUpperCase() !== DEFAULT_PHONE_COUNTRY) throw badRequest(field, AUTH_TEXTS.phoneNumberNeedsDialCode);
  return normalisePhone(DEFAULT_DIAL_CODE, trimmed);
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** A required text field, trimmed; blank is a 400 naming it (the schema's minLength lets spaces through). */
export function requiredText(field: string, value: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw badRequest(field, `${field} is required`);
  return trimmed;
}

/** The caller's own details; a changed phone number has to be confirmed again. */
export async function updateOwnProfile(context: AppContext, userId: number, body: UpdateProfileRequest): Promise<Profile> {
  const country = body.contactCountryCode.toUpperCase();
  const phoneNumber = normalisedPhoneNumber('phoneNumber', body.phoneNumber, country);
  const firstName = requiredText('firstName', body.firstName);
  const lastName = requiredText('lastName', body.lastName);
  return context.db.transaction(async (tx) => {
    const [current] = await tx.select({ phoneNumber: users.phoneNumber }).from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw notFound('profile');
    await tx.update(users).set({
      firstName,
      lastName,
      contactCountryCode: country,
      unitName: blankToNull(body.unitName),
      unitNumber: blankToNull(body.unitNumber),
      phoneNumber,
      ...(phoneNumber !== current.phoneNumber && { phoneNumberConfirmed: false }),
    }).where(eq(users.id, userId));
    return profileOf(tx, userId);
  });
}

const isCompanyRole = (role: string) => (COMPANY_ROLES as readonly string[]).includes(role);
const isStoreRole = (role: string) => (STORE_ROLES as readonly string[]).includes(role);

/**
 * A user created from the back office. The caller grants only roles of at most its own rank; company and
 * store roles need their company or store (which must exist; a store fixes its company). The new user has no
 * password: a reset code goes to their email so they can choose one.
 */
export async function createUserProfile(context: AppContext, caller: Permissions, body: CreateProfileRequest): Promise<Profile> {
  const roles = body.roles ?? [];
  const callerRank = rankOfPermissions(caller);
  const refused = roles.find((role) => rankOfRole(role) > callerRank);
  if (refused) throw new HttpError(403, AUTH_TEXTS.roleNotGrantable(refused), { roles: [AUTH_TEXTS.roleNotGrantable(refused)] });
  const email = normaliseEmail(body.email);
  const country = (body.contactCountryCode ?? DEFAULT_PHONE_COUNTRY).toUpperCase();
  const phoneNumber = normalisedPhoneNumber('phoneNumber', body.phoneNumber, country);
  const firstName = requiredText('firstName', body.firstName);
  const lastName = requiredText('lastName', body.lastName);

  return context.db.transaction(async (tx) => {
    let companyId = body.companyId ?? null;
    const storeId = body.storeId ?? null;
    if (storeId !== null) {
      const [store] = await tx.select({ companyId: stores.companyId }).from(stores).where(eq(stores.id, storeId)).limit(1);
      if (!store) throw badRequest('storeId', `Store ${storeId} does not exist.`);
      if (companyId !== null && companyId !== store.companyId) throw badRequest('storeId', `Store ${storeId} does not belong to company ${companyId}.`);
      companyId = store.companyId;
    }
    if (companyId !== null) {
      const [company] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
      if (!company) throw badRequest('companyId', `Company ${companyId} does not exist.`);
    }
    if (roles.some(isStoreRole) && storeId === null) throw badRequest('storeId', AUTH_TEXTS.storeRequired);
    if (roles.some(isCompanyRole) && companyId === null) throw badRequest('companyId', AUTH_TEXTS.companyRequired);
    if (await findUserByEmail(tx, email)) throw new HttpError(409, AUTH_TEXTS.emailTaken, { email: [AUTH_TEXTS.emailTaken] });

    const [created] = await tx.insert(users).values({
      email,
      passwordHash: NO_PASSWORD,
      firstName,
      lastName,
      phoneNumber,
      contactCountryCode: country,
      companyId,
      storeId,
      roles,
      emailConfirmed: false,
    }).returning({ id: users.id });
    await sendCode(tx, context.config, {
      userId: created!.id, purpose: 'passwordReset', template: 'accountInvitation', recipient: email,
    });
    return profileOf(tx, created!.id);
  });
}
