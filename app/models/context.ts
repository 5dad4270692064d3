import type { Selectable } from "kysely";
import type { Database } from "../../db/types";
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
}

type ColumnOf<Name, Table extends string> = Name extends `${Table}.${infer Column}` ? Column : never;

/** The row a select of `columns` ("table.column" names, `as const`) reads from `table`. */
export type RowOf<Table extends keyof Database & string, Columns extends readonly string[]> = {
  [Column in ColumnOf<Columns[number], Table> & keyof Selectable<Database[Table]>]: Selectable<Database[Table]>[Column];
};
