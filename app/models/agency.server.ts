import type { DB } from "~/utils/db.server";

/** The agency with this id, or the oldest one (a default install has one). */
export async function findAgency(db: DB, id?: string): Promise<{ id: string; name: string } | null> {
  const row = await db
    .selectFrom("agencies")
    .select(["id", "name"])
    .$if(Boolean(id), (qb) => qb.where("id", "=", id!))
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}
