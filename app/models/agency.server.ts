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

/** A new agency with no data (its running totals start at zero by trigger). */
export async function createAgency(db: DB, name: string): Promise<{ id: string; name: string }> {
  return db.insertInto("agencies").values({ name }).returning(["id", "name"]).executeTakeFirstOrThrow();
}
