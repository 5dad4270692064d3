import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "../../db/types";
import { loadDotEnv } from "./env.server";

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  embedded: boolean;
  close: () => Promise<void>;
}

// Postgres `date` columns stay plain "YYYY-MM-DD" strings; `numeric` stays a string for
// exact money, converted where it is shown. bigint counts become numbers.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

async function createEmbeddedPool(dataDir: string): Promise<pg.Pool> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { citext } = await import("@electric-sql/pglite/contrib/citext");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { createPgConfig } = await import("@electric-sql/pglite/node-postgres");
  const dir = path.join(dataDir, "pgdata");
  fs.mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { extensions: { citext, pg_trgm } });
  const config = createPgConfig(pglite);
  // PGlite is one connection: a pool of one keeps transactions isolated.
  const pool = new pg.Pool({ ...config, max: 1, idleTimeoutMillis: 0 } as pg.PoolConfig);
  const end = pool.end.bind(pool);
  pool.end = (async () => {
    await end();
    await pglite.close();
  }) as typeof pool.end;
  return pool;
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string; max?: number }): DatabaseHandle {
  let pool: pg.Pool | undefined;
  let poolPromise: Promise<pg.Pool> | undefined;
  const embedded = !options.databaseUrl;
  const getPool = async () => {
    poolPromise ??= (async () => {
      pool = embedded
        ? await createEmbeddedPool(options.dataDir)
        : new pg.Pool({
            connectionString: options.databaseUrl,
            max: options.max ?? 10,
            // Connections stay open once made (pg closes idle ones after 10 s by default): a new
            // connection's server process plans its first queries from cold catalog caches (the
            // dashboard's join, 10 ms instead of 0.3), which a quiet office would pay again after
            // every pause. At most `max` per server process. Idle connections do not keep a
            // script's process alive (allowExitOnIdle).
            idleTimeoutMillis: 0,
            allowExitOnIdle: true,
          });
      pool.on("error", (error) => console.error("[db] idle client error", error));
      return pool;
    })();
    return poolPromise;
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: getPool }) });
  return {
    db,
    embedded,
    close: async () => {
      if (!poolPromise) return;
      await db.destroy();
    },
  };
}

const KEY = Symbol.for("placement.database");
type Holder = { [KEY]?: DatabaseHandle };

/** The process-wide database, shared by the server entry and the Remix build. */
export function database(): DatabaseHandle {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    loadDotEnv();
    const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
    holder[KEY] = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir });
  }
  return holder[KEY];
}

export function getDb(): DB {
  return database().db;
}
