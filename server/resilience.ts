import { isDatabaseUnavailable } from "../app/utils/db.server";

// What keeps the server up through a database that goes away and a worker that dies: start-up
// waits for the database (bounded), and the supervisor restarts workers with growing pauses,
// never giving up for good (docs/deployment.md, "When things fail").

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a connection string points, without its password: "db.internal:5432/placement". */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || u.searchParams.get("host") || "localhost";
    return `${host}${u.port ? `:${u.port}` : ""}${u.pathname}`;
  } catch {
    return "DATABASE_URL";
  }
}

/**
 * Waits until `ping` succeeds, trying again with short pauses while the database cannot be
 * reached (refused, starting up, reset), for at most `timeoutMs`; says once that it waits, and
 * when the database answered. Any other failure (a wrong password, no such database) and the
 * end of the wait throw at once with what to do.
 */
export async function waitForDatabase(
  ping: () => Promise<void>,
  options: { timeoutMs: number; where: string; log?: (line: string) => void; pause?: (ms: number) => Promise<void> },
): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const pause = options.pause ?? sleep;
  const started = Date.now();
  let delay = 250;
  let waiting = false;
  for (;;) {
    try {
      await ping();
      if (waiting) log(`[db] the database answers (after ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = error instanceof Error && error.message ? error.message : String(error);
      const waited = Date.now() - started;
      if (waited >= options.timeoutMs) {
        throw new Error(
          `The database at ${options.where} did not answer within ${Math.round(options.timeoutMs / 1000)} s (${reason}). ` +
            "Start it or check DATABASE_URL; DATABASE_WAIT_SECONDS sets how long to wait.",
        );
      }
      if (!waiting) {
        waiting = true;
        log(
          `[db] waiting for the database at ${options.where} (${reason}); up to ${Math.round(options.timeoutMs / 1000)} s (DATABASE_WAIT_SECONDS)…`,
        );
      }
      await pause(Math.min(delay, options.timeoutMs - waited));
      delay = Math.min(delay * 2, 2_000);
    }
  }
}

/**
 * The pause before a dead worker's replacement starts: 1 s after the first failure, doubling with
 * each failure that follows soon after (a worker that lived less than `stableMs`), up to `maxMs`;
 * back to the start once a worker has lived `stableMs`. There is no last attempt: a database that
 * is away for an hour only spaces the restarts out.
 */
export class RestartBackoff {
  private nextMs: number;

  constructor(private readonly options: { initialMs: number; maxMs: number; stableMs: number }) {
    this.nextMs = options.initialMs;
  }

  /** The pause before starting again a worker that ran for `livedMs`. */
  delayAfter(livedMs: number): number {
    if (livedMs >= this.options.stableMs) this.nextMs = this.options.initialMs;
    const delay = this.nextMs;
    this.nextMs = Math.min(this.nextMs * 2, this.options.maxMs);
    return delay;
  }
}

export const RESTART_BACKOFF = { initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 };
