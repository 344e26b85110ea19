import type { components } from '../../src/api/generated/connect';
import type { Database } from '../db/database';
import { frontendErrors } from '../db/schema';

/** Stores an error the browser reported; answers its id. */
export async function recordFrontendError(db: Database, report: components['schemas']['FrontendError']): Promise<string> {
  const [row] = await db.insert(frontendErrors).values({
    error: report.Error,
    url: report.Url,
    agent: report.Agent ?? null,
    stack: report.Stack ?? null,
    auth: report.Auth ?? null,
  }).returning({ id: frontendErrors.id });
  return row!.id;
}
