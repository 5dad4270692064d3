import { EventEmitter } from "node:events";
import { Logger, run, type Runner, type TaskList, type WorkerEvents } from "graphile-worker";
import { sql } from "kysely";
import pg from "pg";
import type { DB } from "~/utils/db.server";

// The job queue: graphile-worker on the app's Postgres (docs/decisions/009-job-queue.md). Work
// that should not hold up a request, or that runs on a schedule (the daily digest, later CSV
// imports), is a job: a row in the `graphile_worker` schema, which the runner takes (LISTEN/NOTIFY,
// so at once), runs, and on failure tries again later with a growing pause. The runner lives in
// the server process that also prunes (server/index.ts: one per deployment host); any process may
// add jobs (`enqueue`, in its own transaction). graphile-worker installs and upgrades its schema
// itself when the runner starts. The embedded database (PGlite) has no queue: see
// `startServerJobQueue`.
//
// A process that dies (killed, out of memory, its host gone) cannot give its running jobs back,
// and graphile-worker takes a dead worker's jobs again only after 4 hours. So each runner says it
// is alive by a Postgres advisory lock named after its worker pool, held on a connection of its
// own for its life; Postgres lets go of it the moment that process is gone. Every runner, at its
// start and then every 20 seconds, gives back (graphile-worker's `force_unlock_workers`) the jobs
// of pools whose lock nobody holds: those of a process that died, never those of a live one,
// whatever host or process it runs in.

export interface JobQueue {
  runner: Runner;
  /** Gives back now the jobs of runners whose process is gone (done at start and every 20 s): the pools given back. */
  sweep(): Promise<string[]>;
  /** The id of this runner's worker pool (whose advisory lock says it is alive), once made. */
  poolId(): string | null;
  /** Stops taking jobs, lets those running finish, and closes the queue's connections. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  connectionString: string;
  /** The tasks by name (app/services/job-list.server.ts). */
  tasks: TaskList;
  /** Schedules, in graphile-worker's crontab format: each entry runs once per time however many runners. */
  crontab?: string;
  /** Jobs run at once by this runner (default 2). */
  concurrency?: number;
  /** How often to look for jobs due later (retries), in ms; new jobs arrive by LISTEN/NOTIFY. */
  pollInterval?: number;
  log?: (line: string) => void;
}

/** graphile-worker's messages in the server log: warnings and errors only, marked [jobs]. */
function quietLogger(log: (line: string) => void): Logger {
  return new Logger(() => (level, message) => {
    if (level === "error" || level === "warning") log(`[jobs] ${message}`);
  });
}

/** The class (first key) of the advisory locks by which runners say they are alive: "jobs". */
const RUNNER_LOCK_CLASS = 0x6a6f6273;
/** A job locked this recently is left alone by a sweep: its pool may not hold its lock yet. */
const SWEEP_GRACE_SECONDS = 10;
const SWEEP_EVERY_MS = 20_000;

/**
 * A runner's liveness: the advisory lock of its worker pool, held on a connection of its own, and
 * the sweeps that give back the jobs of pools whose lock nobody holds (their process is gone).
 */
export class RunnerLiveness {
  private client: pg.Client | null = null;
  private poolId: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopping = false;

  private constructor(
    private readonly connectionString: string,
    private readonly log: (line: string) => void,
  ) {}

  static async start(connectionString: string, log: (line: string) => void): Promise<RunnerLiveness> {
    const liveness = new RunnerLiveness(connectionString, log);
    await liveness.connect();
    return liveness;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: "placement-jobs-liveness",
    });
    client.on("error", (error) => {
      // A connection that never opened is retried by `reconnect`; one that was in use lost the
      // lock with it: take it again on a new one (a sweep elsewhere leaves this pool's jobs alone
      // while they are less than SWEEP_GRACE_SECONDS old, no longer).
      if (this.client !== client) return;
      this.client = null;
      this.log(`[jobs] the runner's liveness connection failed (${error.message}): reconnecting`);
      client.end().catch(() => {});
      if (!this.stopping) setTimeout(() => void this.reconnect(), 1_000).unref();
    });
    await client.connect();
    this.client = client;
    if (this.poolId) await this.lock(this.poolId);
  }

  private async reconnect(): Promise<void> {
    try {
      await this.connect();
    } catch {
      if (!this.stopping) setTimeout(() => void this.reconnect(), 5_000).unref();
    }
  }

  private lock(poolId: string) {
    // A try: two pools whose names hash alike share a lock, and each is then seen alive while the other is.
    return this.client!.query("SELECT pg_try_advisory_lock($1, hashtext($2))", [RUNNER_LOCK_CLASS, poolId]);
  }

  /** Holds the lock of this runner's worker pool (queued on the connection at once). */
  get pool(): string | null {
    return this.poolId;
  }

  hold(poolId: string): void {
    this.poolId = poolId;
    if (this.client) this.lock(poolId).catch(() => {});
  }

  /**
   * Gives back the jobs of worker pools whose process is gone: locked for more than
   * SWEEP_GRACE_SECONDS by a pool whose advisory lock nobody holds. The pools given back.
   */
  async sweep(): Promise<string[]> {
    const client = this.client;
    if (!client) return [];
    const { rows } = await client.query<{ pool: string }>(
      `SELECT DISTINCT locked_by AS pool FROM graphile_worker.jobs
        WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $1)
          AND hashtext(locked_by) <> hashtext($2)`,
      [SWEEP_GRACE_SECONDS, this.poolId ?? ""],
    );
    const dead: string[] = [];
    for (const { pool } of rows) {
      // Held while the jobs are given back, so that two runners sweeping at once do it once.
      const free = await client.query<{ free: boolean }>("SELECT pg_try_advisory_lock($1, hashtext($2)) AS free", [
        RUNNER_LOCK_CLASS,
        pool,
      ]);
      if (!free.rows[0].free) continue;
      try {
        await client.query("SELECT graphile_worker.force_unlock_workers($1::text[])", [[pool]]);
        dead.push(pool);
      } finally {
        await client.query("SELECT pg_advisory_unlock($1, hashtext($2))", [RUNNER_LOCK_CLASS, pool]);
      }
    }
    if (dead.length > 0)
      this.log(`[jobs] took back the jobs of a runner that stopped without finishing them: ${dead.join(", ")}`);
    return dead;
  }

  /** Sweeps now, then every `ms`. */
  sweepEvery(ms: number): void {
    const sweep = () =>
      this.sweep().catch((error: unknown) =>
        this.log(
          `[jobs] looking for jobs of stopped runners failed: ${error instanceof Error ? error.message : error}`,
        ),
      );
    void sweep();
    this.timer = setInterval(() => void sweep(), ms);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/** Starts a runner on the database: installs or upgrades the queue's schema, then takes jobs. */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const concurrency = options.concurrency ?? 2;
  const log = options.log ?? ((line) => console.error(line));
  const liveness = await RunnerLiveness.start(options.connectionString, log);
  const events: WorkerEvents = new EventEmitter();
  // The pool's lock is asked for as the pool is made, before its first job can be a few seconds old.
  events.on("pool:create", ({ workerPool }) => liveness.hold(workerPool.id));
  const runner = await run({
    connectionString: options.connectionString,
    taskList: options.tasks,
    crontab: options.crontab ?? "",
    concurrency,
    // Its own small pool: the jobs running, LISTEN, and the crontab's bookkeeping.
    maxPoolSize: concurrency + 2,
    pollInterval: options.pollInterval ?? 2_000,
    // The server decides when to stop (SIGTERM): the queue must not install its own handlers.
    noHandleSignals: true,
    logger: quietLogger(log),
    events,
  }).catch(async (error: unknown) => {
    await liveness.stop();
    throw error;
  });
  liveness.sweepEvery(SWEEP_EVERY_MS);
  let stopped: Promise<void> | undefined;
  return {
    runner,
    sweep: () => liveness.sweep(),
    poolId: () => liveness.pool,
    stop: () => {
      stopped ??= runner
        .stop()
        .catch((error: unknown) => {
          console.error("[jobs] stopping the queue failed:", error instanceof Error ? error.message : error);
        })
        // Only once its jobs are finished or given back does the runner stop saying it is alive.
        .finally(() => liveness.stop());
      return stopped;
    },
  };
}

/**
 * The server's queue: with a Postgres (DATABASE_URL), a runner with the app's tasks and
 * schedules; with the embedded database none (graphile-worker needs a real Postgres connection:
 * LISTEN/NOTIFY, several connections), which is said once here, and scheduled jobs (the daily
 * digest) do not run.
 */
export async function startServerJobQueue(
  databaseUrl: string | undefined,
  setup: Pick<JobQueueOptions, "tasks" | "crontab">,
  log: (line: string) => void = (line) => console.log(line),
): Promise<JobQueue | null> {
  if (!databaseUrl) {
    log("[jobs] off: the embedded database has no job queue, so daily digest e-mails are not sent (set DATABASE_URL)");
    return null;
  }
  return startJobQueue({ connectionString: databaseUrl, ...setup });
}

export interface EnqueueOptions {
  /** At most one waiting job per key (graphile-worker's job key). */
  jobKey?: string;
  /** "replace" (default) updates a waiting job of the key; "unsafe_dedupe" adds none while one exists, even running or failed. */
  jobKeyMode?: "replace" | "preserve_run_at" | "unsafe_dedupe";
  runAt?: Date;
  /** Tries before the job is left failed (default 25). */
  maxAttempts?: number;
}

/**
 * Adds a job, in the caller's transaction when `db` is one (it runs only once that commits).
 * Needs the queue's schema, which the runner installs at start: not on the embedded database.
 */
export async function enqueue(db: DB, task: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
  await sql`SELECT graphile_worker.add_job(
    ${task},
    payload => ${JSON.stringify(payload ?? {})}::json,
    run_at => ${options.runAt ?? null}::timestamptz,
    max_attempts => ${options.maxAttempts ?? null}::integer,
    job_key => ${options.jobKey ?? null}::text,
    job_key_mode => ${options.jobKeyMode ?? "replace"}::text
  )`.execute(db);
}
