import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "~/utils/db-types";
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
  // btree_gist: the referral agreements' exclusion constraint (one in force per facility).
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const { createPgConfig } = await import("@electric-sql/pglite/node-postgres");
  const dir = path.join(dataDir, "pgdata");
  fs.mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { extensions: { citext, pg_trgm, btree_gist } });
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

/**
 * Logs one line a second at most about the database being away, with how many more there were:
 * a restart of Postgres ends every connection at once, and every request meanwhile fails alike.
 */
function throttledLog(prefix: string) {
  let last = 0;
  let quiet = 0;
  return (error: unknown) => {
    const now = Date.now();
    if (now - last < 1_000) {
      quiet += 1;
      return;
    }
    const more = quiet > 0 ? ` (and ${quiet} more since the last report)` : "";
    last = now;
    quiet = 0;
    console.error(`${prefix}: ${error instanceof Error ? error.message : String(error)}${more}`);
  };
}

const logLostConnection = throttledLog("[db] lost a database connection");

/** Logs a request that failed because the database is away (at most a line a second). */
export const logDatabaseUnavailable = throttledLog("[db] a request failed: the database is not answering");

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * Whether an error means the database could not be reached or the connection to it was lost
 * (refused, reset, timed out, Postgres shutting down or starting), as opposed to a query that
 * failed on its own. Such a request fails with 503 and may be tried again; the process goes on.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, message, errors, cause } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === "string") {
    if (UNREACHABLE_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception); 57P01-57P03: shutting down, crashed, starting up;
    // 53300: too many connections.
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === "53300") return true;
  }
  if (
    typeof message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|connection timeout|not queryable|Connection is closed/i.test(
      message,
    )
  ) {
    return true;
  }
  // Node's connection attempts to several addresses fail with an AggregateError of each one.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** Clients whose connection a query found lost: never given back to the pool. */
const lost = new WeakSet<pg.PoolClient>();

/**
 * How many times a connection was found lost (a query's, or one idle in the pool). The clients
 * idle in the pool at that moment were given back before it (`idleSince`): a network cut or a
 * restart ends them too, but their sockets may not have said so yet when the next request takes
 * one (a page's loaders run right after its failed action), so they are not used again.
 */
let losses = 0;
const idleSince = new WeakMap<pg.PoolClient, number>();

/** A connection was found lost: the others then idle in the pool are suspect. */
function noteConnectionLost() {
  losses += 1;
}

/**
 * Marks a client whose query failed because its connection was lost (ended by Postgres, reset).
 * The query's error reaches the caller before the socket's close does, so the pool would
 * otherwise take the client back as sound, and the next query of the same request (a page's
 * loaders run right after its action) would fail on it too.
 */
function noteLostConnections(client: pg.PoolClient) {
  const query = client.query;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) {
          lost.add(client);
          noteConnectionLost();
        }
      });
    }
    return result;
  } as typeof client.query;
}

/** Statements longer than this run unnamed: a batch insert of many rows gains nothing from a kept plan. */
const MAX_PREPARED_TEXT = 16_000;
/**
 * A connection that has prepared this many statements (each holds memory in its Postgres process)
 * is closed when it is given back, and the pool opens a fresh one when it needs one: the app has a
 * few hundred distinct statements, so this happens rarely, and the memory stays bounded.
 */
const MAX_PREPARED_PER_CONNECTION = 500;
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/** A statement's name is a digest of its text: the same on every connection, no list to keep. */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s_${createHash("sha1").update(text).digest("hex")}`;
    if (names.size >= 5_000) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * Runs every statement that has values as a named prepared statement (node-postgres's `name`), so
 * that Postgres parses it once per connection and, after a few runs, may keep its plan (Postgres's
 * `plan_cache_mode = auto`: a generic plan when it costs no more than the custom ones). Planning
 * was most of Postgres's time on a page: on a client's page 5.7 ms of 8.6 a request, the
 * timeline's statement 2.4 ms to plan and 1.6 to run. Statements without values keep the simple
 * protocol as before (a migration's several statements in one text cannot be prepared).
 */
function prepareStatements(client: pg.PoolClient) {
  const prepared = new Set<string>();
  preparedOn.set(client, prepared);
  const query = client.query;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const [text, values] = args;
    if (
      args.length === 2 &&
      typeof text === "string" &&
      text.length <= MAX_PREPARED_TEXT &&
      Array.isArray(values) &&
      values.length > 0
    ) {
      const name = statementName(text);
      prepared.add(name);
      return (query as (config: pg.QueryConfig) => unknown).call(this, { name, text, values });
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof client.query;
}

/** Whether a client has prepared as many statements as a connection may keep. */
function preparedToTheLimit(client: pg.PoolClient): boolean {
  return (preparedOn.get(client)?.size ?? 0) >= MAX_PREPARED_PER_CONNECTION;
}

/**
 * The pool as Kysely uses it, where a client found lost is released with an error, which tells pg
 * to close it instead of keeping it (`client.release(error)`).
 */
function dropLostOnRelease(pool: pg.Pool) {
  return {
    async connect() {
      // A client idle since before a connection was lost is closed, and another taken (a new
      // one once the suspect ones are gone): at most one more than the pool holds.
      for (let attempt = 0; ; attempt++) {
        const client = await pool.connect();
        const since = idleSince.get(client);
        if (since !== undefined && since < losses && attempt <= (pool.options.max ?? 10)) {
          client.release(new Error("idle while a connection was lost"));
          continue;
        }
        const release = client.release;
        client.release = (error?: Error | boolean) => {
          idleSince.set(client, losses);
          const broken = lost.has(client) ? new Error("connection lost") : undefined;
          const full = preparedToTheLimit(client) ? new Error("prepared statements at their limit") : undefined;
          release.call(client, error || broken || full);
        };
        return client;
      }
    },
    end: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  max?: number;
  /** How long opening a connection may take before the query fails (default 5 s). */
  connectTimeoutMs?: number;
}): DatabaseHandle {
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
            // A database that does not answer fails the request in seconds instead of holding it.
            connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
            // A peer that went away without a word (a failover, a cut network) is noticed.
            keepAlive: true,
            keepAliveInitialDelayMillis: 10_000,
            application_name: "placement",
          });
      // A connection lost while idle in the pool, or while a request holds it (between two
      // queries of a transaction), is reported here: logged, never thrown. Without a listener,
      // Node would end the process on the client's "error" event. The pool drops a broken
      // connection when it is released, and the next request opens a new one.
      pool.on("error", (error) => {
        noteConnectionLost();
        logLostConnection(error);
      });
      pool.on("connect", (client) => {
        client.on("error", (error) => {
          noteConnectionLost();
          logLostConnection(error);
        });
        if (!embedded) prepareStatements(client);
        noteLostConnections(client);
      });
      return pool;
    })();
    return poolPromise;
  };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: async () => dropLostOnRelease(await getPool()) }),
  });
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
