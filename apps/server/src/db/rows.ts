/**
 * The rows of a raw `db.execute(sql`...`)` answer, typed by the caller: both drivers answer
 * `{ rows }`, which the generic Drizzle database type cannot say.
 */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}
