const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string is a UUID (the ids of rows the database makes). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
