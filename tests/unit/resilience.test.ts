import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/utils/db.server";
import { describeDatabase, RestartBackoff, waitForDatabase } from "../../server/resilience";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("is true for a database that cannot be reached or a connection that was lost", () => {
    for (const error of [
      withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      withCode("ECONNRESET", "read ECONNRESET"),
      withCode("57P01", "terminating connection due to administrator command"),
      withCode("57P03", "the database system is starting up"),
      withCode("08006", "connection failure"),
      withCode("53300", "sorry, too many clients already"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Client has encountered a connection error and is not queryable"),
      Object.assign(new AggregateError([withCode("ECONNREFUSED")], "")),
      new Error("query failed", { cause: withCode("ECONNRESET") }),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  it("is false for a query that failed on its own", () => {
    for (const error of [
      withCode("23505", "duplicate key value violates unique constraint"),
      withCode("22P02", "invalid input syntax for type uuid"),
      withCode("28P01", "password authentication failed"),
      withCode("3D000", 'database "nope" does not exist'),
      new Error("Something else"),
      "text",
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

describe("waitForDatabase", () => {
  const refused = () => Promise.reject(withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"));

  it("tries again while the database cannot be reached, says so once, then goes on", async () => {
    const lines: string[] = [];
    let tries = 0;
    await waitForDatabase(() => (++tries < 4 ? refused() : Promise.resolve()), {
      timeoutMs: 60_000,
      where: "db:5432/placement",
      log: (line) => lines.push(line),
      pause: () => Promise.resolve(),
    });
    expect(tries).toBe(4);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      "[db] waiting for the database at db:5432/placement (connect ECONNREFUSED 127.0.0.1:5432); up to 60 s (DATABASE_WAIT_SECONDS)…",
    );
    expect(lines[1]).toMatch(/^\[db\] the database answers \(after \d+\.\d s\)$/);
  });

  it("gives up after the time allowed, saying what to do", async () => {
    await expect(
      waitForDatabase(refused, {
        timeoutMs: 30,
        where: "db:5432/placement",
        log: () => {},
        pause: (ms) => new Promise((r) => setTimeout(r, ms)),
      }),
    ).rejects.toThrow(
      "The database at db:5432/placement did not answer within 0 s (connect ECONNREFUSED 127.0.0.1:5432). Start it or check DATABASE_URL; DATABASE_WAIT_SECONDS sets how long to wait.",
    );
  });

  it("stops at once on another failure (a wrong password)", async () => {
    let tries = 0;
    await expect(
      waitForDatabase(
        () => {
          tries += 1;
          return Promise.reject(withCode("28P01", 'password authentication failed for user "app"'));
        },
        { timeoutMs: 60_000, where: "db", log: () => {}, pause: () => Promise.resolve() },
      ),
    ).rejects.toThrow('password authentication failed for user "app"');
    expect(tries).toBe(1);
  });
});

describe("RestartBackoff", () => {
  it("doubles the pause while workers die soon after starting, up to the most, and never stops", () => {
    const backoff = new RestartBackoff({ initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 });
    const pauses = Array.from({ length: 8 }, () => backoff.delayAfter(500));
    expect(pauses).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it("starts over once a worker has lived long enough", () => {
    const backoff = new RestartBackoff({ initialMs: 1_000, maxMs: 30_000, stableMs: 60_000 });
    backoff.delayAfter(100);
    backoff.delayAfter(100);
    expect(backoff.delayAfter(60_000)).toBe(1_000);
    expect(backoff.delayAfter(100)).toBe(2_000);
  });
});

describe("describeDatabase", () => {
  it("names the host, port and database, never the password", () => {
    expect(describeDatabase("postgres://app:secret@db.internal:5432/placement")).toBe("db.internal:5432/placement");
    expect(describeDatabase("not a url")).toBe("DATABASE_URL");
  });
});
