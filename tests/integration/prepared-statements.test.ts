import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import os from "node:os";
import { beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/utils/db.server";
import { resetDb, testDb, testDatabaseUrl } from "../support/db";
import { createAgency } from "../support/factories";

// The pool runs every statement that has values as a named prepared statement (db.server.ts,
// `prepareStatements`): Postgres parses it once per connection and may keep its plan.

const db = testDb();

beforeEach(async () => {
  await resetDb(db);
});

type Prepared = { name: string; statement: string };

describe("prepared statements", () => {
  it("prepares a statement with values once per connection, by its text, and gives the same rows", async () => {
    const agency = await createAgency(db, { name: "Prepared Agency" });
    await db.connection().execute(async (conn) => {
      const read = () => conn.selectFrom("agencies").select(["id", "name"]).where("id", "=", agency.id);
      const text = read().compile().sql;
      expect(await read().execute()).toEqual([{ id: agency.id, name: "Prepared Agency" }]);
      expect(await read().execute()).toEqual([{ id: agency.id, name: "Prepared Agency" }]);

      const { rows } = await sql<Prepared>`select name, statement from pg_prepared_statements`.execute(conn);
      const same = rows.filter((row) => row.statement === text);
      expect(same).toHaveLength(1);
      expect(same[0].name).toMatch(/^s_[0-9a-f]{40}$/);
    });
  });

  it("leaves a statement without values unprepared (a migration's several statements in one text)", async () => {
    await db.connection().execute(async (conn) => {
      await sql`select 1 as one; select 2 as two`.execute(conn);
      const { rows } = await sql<Prepared>`select name, statement from pg_prepared_statements`.execute(conn);
      expect(rows.some((row) => row.statement.includes("select 1 as one"))).toBe(false);
    });
  });

  it("a prepared statement whose run failed runs again, on the same connection", async () => {
    await db.connection().execute(async (conn) => {
      const read = (id: string) => conn.selectFrom("agencies").select("id").where("id", "=", id).execute();
      await expect(read("not-a-uuid")).rejects.toThrow(/invalid input syntax for type uuid/);
      expect(await read(randomUUID())).toEqual([]);
    });
  });

  it("a statement that cannot be prepared fails alone, and the connection goes on", async () => {
    await db.connection().execute(async (conn) => {
      await expect(sql`select ${1}::int from no_such_table`.execute(conn)).rejects.toThrow(/does not exist/);
      await expect(sql`select ${1}::int from no_such_table`.execute(conn)).rejects.toThrow(/does not exist/);
      const { rows } = await sql<{ n: number }>`select ${2}::int as n`.execute(conn);
      expect(rows).toEqual([{ n: 2 }]);
    });
  });

  it("inside a transaction that rolls back, the statement stays usable afterwards", async () => {
    const agency = await createAgency(db, { name: "Kept" });
    const name = () => db.selectFrom("agencies").select("name").where("id", "=", agency.id).executeTakeFirstOrThrow();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.selectFrom("agencies").select("name").where("id", "=", agency.id).executeTakeFirstOrThrow();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await name()).toEqual({ name: "Kept" });
  });

  it("a connection that has prepared 500 statements is closed when given back, and a fresh one serves", async () => {
    const one = openDatabase({ databaseUrl: testDatabaseUrl(), dataDir: os.tmpdir(), max: 1 });
    try {
      const backend = () => sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(one.db);
      const first = (await backend()).rows[0].pid;
      expect((await backend()).rows[0].pid).toBe(first);
      await one.db.connection().execute(async (conn) => {
        for (let i = 0; i < 500; i++) await sql`select ${i}::int as ${sql.ref(`c${i}`)}`.execute(conn);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(conn);
        expect(rows[0].n).toBeGreaterThanOrEqual(500);
      });
      expect((await backend()).rows[0].pid).not.toBe(first);
    } finally {
      await one.close();
    }
  });
});
