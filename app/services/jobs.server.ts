import { Logger, run, type Runner, type TaskList } from "graphile-worker";
import { sql } from "kysely";
import type { DB } from "~/utils/db.server";

// The job queue: graphile-worker on the app's Postgres (docs/decisions/009-job-queue.md). Work
// that should not hold up a request, or that runs on a schedule (the daily digest, later CSV
// imports), is a job: a row in the `graphile_worker` schema, which the runner takes (LISTEN/NOTIFY,
// so at once), runs, and on failure tries again later with a growing pause. The runner lives in
// the server process that also prunes (server/index.ts: one per deployment host); any process may
// add jobs (`enqueue`, in its own transaction). graphile-worker installs and upgrades its schema
// itself when the runner starts. The embedded database (PGlite) has no queue: see
// `startServerJobQueue`.

export interface JobQueue {
  runner: Runner;
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

/** Starts a runner on the database: installs or upgrades the queue's schema, then takes jobs. */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const concurrency = options.concurrency ?? 2;
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
    logger: quietLogger(options.log ?? ((line) => console.error(line))),
  });
  let stopped: Promise<void> | undefined;
  return {
    runner,
    stop: () => {
      stopped ??= runner.stop().catch((error: unknown) => {
        console.error("[jobs] stopping the queue failed:", error instanceof Error ? error.message : error);
      });
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
