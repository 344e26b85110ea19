import { eq } from 'drizzle-orm';
import type { operations } from '../../src/api/generated/identity';
import { companies, users } from '../db/schema';
import { notFound } from '../http/errors';
import type { AppContext } from './context';
import { requirePermissions } from './context';
import type { Handlers } from './handler-types';

export function identityHandlers({ db }: AppContext): Handlers<operations> {
  return {
    async getProfile(request) {
      const { id } = requirePermissions(request.permissions);
      const [row] = await db
        .select({ user: users, companyName: companies.companyName })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .where(eq(users.id, id))
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
      };
    },
  };
}
