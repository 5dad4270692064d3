const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs: anything that is not a uuid is simply not found. */
export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}
