import cluster from "node:cluster";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import { migrateToLatest } from "../db/migrate";
import { DEMO_LOGIN } from "../db/seed/common";
import { pingDatabase } from "../app/models/health.server";
import { flushViews } from "../app/models/audit.server";
import { appJobs } from "../app/services/job-list.server";
import { resumeImportsInProcess } from "../app/services/import-upload.server";
import { type JobQueue, startServerJobQueue } from "../app/services/jobs.server";
import { schedulePruning, UPLOAD_MAX_MS } from "../app/services/maintenance.server";
import { database } from "../app/utils/db.server";
import { emailTransportSummary } from "../app/utils/email.server";
import { env } from "../app/utils/env.server";
import { createApp } from "./app";
import { describeDatabase, RESTART_BACKOFF, RestartBackoff, waitForDatabase } from "./resilience";

// The server. One process prepares the database (waits for it, migrations, demo data), then
// serves, or, with a Postgres in production, supervises WEB_CONCURRENCY worker processes that
// share the port (Node's cluster module: one Node process renders on one core only) and starts
// again any that dies.

installGlobals({ nativeFetch: true });

const BUILD_PATH = path.resolve("build/index.js");
const mode = process.env.NODE_ENV === "production" ? "production" : "development";

async function loadBuild(): Promise<ServerBuild> {
  const stamp = fs.statSync(BUILD_PATH).mtimeMs;
  return (await import(`${pathToFileURL(BUILD_PATH).href}?t=${stamp}`)) as ServerBuild;
}

/**
 * How many worker processes serve, 0 for none (this process serves): with a Postgres in
 * production, WEB_CONCURRENCY, else one per core. Even one worker is supervised, so that a worker
 * that dies is replaced. The embedded database lives inside one process; the dev server reloads one.
 */
function workerCount(): number {
  if (database().embedded || mode === "development") return 0;
  const asked = Number.parseInt(process.env.WEB_CONCURRENCY ?? "", 10);
  if (Number.isFinite(asked) && asked > 0) return asked;
  return Math.max(1, Math.min(os.availableParallelism(), 8));
}

async function prepareDatabase() {
  const config = env(); // also creates the session secret file, once, before any worker reads it
  const handle = database();
  if (config.databaseUrl) {
    await waitForDatabase(() => pingDatabase(handle.db), {
      timeoutMs: config.databaseWaitSeconds * 1000,
      where: describeDatabase(config.databaseUrl),
    });
  }
  await migrateToLatest(handle.db, (line) => console.log(`[db] ${line}`));
  if (!handle.embedded && !config.seedDemo) return;
  // The seeds (their generators and the ZIP table their towns come from) are loaded only where
  // they may run: a production server on its own Postgres never holds them in memory.
  const { isDatabaseEmpty, seedDemo } = await import("../db/seed");
  if (await isDatabaseEmpty(handle.db)) {
    console.log("[db] empty database: loading the demo data…");
    await seedDemo(handle.db, { log: (line) => console.log(`[seed] ${line}`) });
  }
}

function announce(workers: number) {
  const config = env();
  const handle = database();
  const where = handle.embedded ? `embedded database in ${path.join(config.dataDir, "pgdata")}` : "DATABASE_URL";
  const processes = workers > 1 ? `, ${workers} processes` : "";
  console.log(`\nPlacement is running at http://localhost:${config.port}  (${where}${processes})`);
  console.log(emailTransportSummary());
  if (handle.embedded || config.seedDemo) console.log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`);
}

/**
 * Serves on PORT until SIGTERM/SIGINT; then stops taking requests, lets those in flight finish,
 * stops the job queue (when this process runs it: `jobs`) and closes the pool.
 */
async function serve(onListening: () => void, jobs: JobQueue | null = null) {
  const config = env();
  const handle = database();
  const build = mode === "development" ? loadBuild : await loadBuild();
  const app = createApp({
    build,
    mode,
    appUrl: config.appUrl,
    trustProxy: config.trustProxy,
    bodyIdleMs: config.bodyIdleSeconds * 1000,
  });

  const server = app.listen(config.port, () => {
    onListening();
    if (mode === "development") {
      void loadBuild().then((b) => broadcastDevReady(b));
      fs.watch(path.dirname(BUILD_PATH), () => {
        void loadBuild()
          .then((b) => broadcastDevReady(b))
          .catch(() => {});
      });
    }
  });

  // Node cuts a request whose body takes more than 5 minutes: a 50 MB document on a slow line
  // takes longer. A body may take 50 minutes (the sweep of stored files counts on it), and is cut
  // sooner when it stops arriving for a minute (server/request-guards.ts).
  server.requestTimeout = UPLOAD_MAX_MS;

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    // The job queue stops, and the views still queued for the audit trail are written, before
    // the pool closes.
    const finish = () =>
      (jobs?.stop() ?? Promise.resolve())
        .then(() => flushViews())
        .then(() => handle.close())
        .catch((error) => console.error(error))
        .finally(() => process.exit(0));
    server.close(() => void finish());
    server.closeIdleConnections();
    // Requests still running after 10 s are cut off.
    setTimeout(() => {
      server.closeAllConnections();
      void finish();
    }, 10_000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

async function main() {
  if (cluster.isWorker) {
    await serve(() => process.send?.("listening"));
    return;
  }
  await prepareDatabase();
  const workers = workerCount();
  // Old sessions, reset links and rate-limit windows are deleted by this one process (not by
  // every worker); its pool opens a connection only when it runs.
  schedulePruning(database().db);
  // The job queue (the daily digest) runs here too, once per host: workers only add jobs.
  const jobs = await startServerJobQueue(env().databaseUrl, appJobs()).catch((error: unknown) => {
    // The app serves without it: only the scheduled jobs (the digest) wait for a restart.
    console.error(
      "[jobs] the job queue could not start; daily digests are not sent:",
      error instanceof Error ? error.message : error,
    );
    return null;
  });
  // Without a queue (the embedded database) imports run here: those a stop cut off go on.
  if (database().embedded) void resumeImportsInProcess(database().db);
  if (workers === 0) {
    await serve(() => announce(1), jobs);
    return;
  }
  // The primary supervises, and prunes. A worker that dies (a bug, memory) is started again
  // after a pause that grows while workers keep dying soon after their start, and never stops:
  // the supervisor does not give up on a database that is merely away.
  let stopping = false;
  let announced = false;
  const listening = new Set<number>();
  const backoff = new RestartBackoff(RESTART_BACKOFF);
  // A heap limit given to this process (the Docker image's, for the imports its job queue runs)
  // is not passed on: the workers that serve pages keep V8's own sizing, which measured 10–40%
  // quicker at p95 under load than a 192 MB limit (docs/deployment.md, "Memory").
  cluster.setupPrimary({ execArgv: process.execArgv.filter((arg) => !arg.startsWith("--max-old-space-size")) });
  const fork = () => {
    const started = Date.now();
    const worker = cluster.fork();
    worker.on("message", (message) => {
      if (message !== "listening") return;
      listening.add(worker.id);
      if (!announced && listening.size === workers) {
        announced = true;
        announce(workers);
      }
    });
    worker.on("exit", (code, signal) => {
      listening.delete(worker.id);
      if (stopping) return;
      const lived = Date.now() - started;
      const delay = backoff.delayAfter(lived);
      console.error(
        `[server] worker ${worker.process.pid} exited (${signal ?? `code ${code}`}) after ${(lived / 1000).toFixed(1)} s; starting another in ${delay / 1000} s`,
      );
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    });
  };
  for (let i = 0; i < workers; i++) fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down…`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    // Running jobs finish (or are given back to the queue) while the workers finish their requests.
    const queueStopped = jobs?.stop() ?? Promise.resolve();
    const done = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) void queueStopped.finally(() => process.exit(0));
    };
    cluster.on("exit", done);
    done();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  if (process.env.DEBUG) console.error(error);
  process.exit(1);
});
