// PostgreSQL errors as the drivers (node-postgres, PGlite) raise them, however Drizzle wraps them.

interface PgError { code?: unknown; constraint?: unknown; cause?: unknown }

function pgErrorWithCode(error: unknown, code: string): PgError | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if ((current as PgError).code === code) return current as PgError;
    current = (current as PgError).cause;
  }
  return undefined;
}

/** True for a unique-constraint violation. */
export const isUniqueViolation = (error: unknown): boolean => pgErrorWithCode(error, '23505') !== undefined;

/** The name of the unique index or constraint a statement violated, or undefined for any other error. */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  const found = pgErrorWithCode(error, '23505');
  return found ? String(found.constraint ?? '') : undefined;
}
