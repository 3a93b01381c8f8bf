// PostgreSQL reports which constraint a write broke; Drizzle wraps the driver's error, so look
// through `cause` (PGlite and node-postgres both put `code` and `constraint` on their errors).
type PgErrorFields = { code?: unknown; constraint?: unknown; cause?: unknown };

/** The name of the unique constraint or index the error broke, if it is a unique violation. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const fields = current as PgErrorFields;
    if (fields.code === '23505')
      return typeof fields.constraint === 'string' ? fields.constraint : '';
    current = fields.cause;
  }
  return undefined;
}
