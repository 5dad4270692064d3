import type { Selectable } from "kysely";
import type { Database } from "~/utils/db-types";
import type { DB } from "~/utils/db.server";
import { isUuid } from "~/utils/uuid";
import type { Role } from "~/utils/vocabulary";

/** Who is asking: every model function is scoped by it. */
export interface Ctx {
  userId: string;
  agencyId: string;
  /** The caller's role, where a rule depends on it (restricted documents); absent counts as an agent. */
  role?: Role;
  /**
   * The agency's own time zone (null: none set), when the caller has already read it: the session
   * lookup does, so that a page showing "today" does not ask again (agencyDay). Absent: agencyDay
   * reads it.
   */
  agencyTimeZone?: string | null;
  /** The caller's address (see `clientIp`), which audit rows record; absent or null: not known. */
  ip?: string | null;
  /** The caller's User-Agent, which audit rows record too. */
  userAgent?: string | null;
}

type ColumnOf<Name, Table extends string> = Name extends `${Table}.${infer Column}` ? Column : never;

/** The row a select of `columns` ("table.column" names, `as const`) reads from `table`. */
export type RowOf<Table extends keyof Database & string, Columns extends readonly string[]> = {
  [Column in ColumnOf<Columns[number], Table> & keyof Selectable<Database[Table]>]: Selectable<Database[Table]>[Column];
};

/** The tables whose rows belong to one agency, which ownRow reads. */
type AgencyTable = "clients" | "facilities" | "placements" | "referral_agreements" | "tasks" | "tours" | "users";

/**
 * The row `id` of `table` when it is the caller agency's (a user: an active one); undefined when
 * there is none, or `id` is not a uuid. What a write checks its references with, and with
 * `forUpdate`, locks the row it changes with (for the rest of the transaction).
 */
export async function ownRow<T extends AgencyTable>(
  db: DB,
  ctx: Ctx,
  table: T,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<Selectable<Database[T]> | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await db
    .selectFrom(table as AgencyTable as "users")
    .selectAll()
    .where("id", "=", id)
    .where("agency_id", "=", ctx.agencyId)
    .$if(table === "users", (qb) => qb.where("is_active", "=", true))
    .$if(Boolean(options.forUpdate), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}
