import { sql } from "kysely";
import { afterAll, afterEach, beforeEach, expect, it } from "vitest";
import * as importsRoute from "~/routes/api.imports._index";
import { setImportQueue } from "~/services/import-api.server";
import { importTasks } from "~/services/import.server";
import { type JobQueue, startJobQueue } from "~/services/jobs.server";
import { type Json, signInNewAgency } from "../support/api";
import { resetDb, testDatabaseUrl, testDb } from "../support/db";
import { args, settle } from "../support/http";

// An import runs as a job of the Postgres queue (docs/decisions/009-job-queue.md): the upload adds
// the import and its job in one transaction, and a real runner takes the job.

const db = testDb();
let queue: JobQueue | undefined;

beforeEach(async () => {
  await resetDb(db);
  setImportQueue(true);
});
afterEach(async () => {
  await queue?.stop();
  queue = undefined;
});
afterAll(() => setImportQueue(undefined));

it("an upload is queued as a job, which a runner takes and finishes", async () => {
  queue = await startJobQueue({
    connectionString: testDatabaseUrl(),
    tasks: importTasks({ db: () => db }),
    pollInterval: 100,
    log: () => {},
  });
  const me = await signInNewAgency(db);
  const form = new FormData();
  form.set("type", "clients");
  const file =
    "First Name,Last Name,Email,Phone,Date of Birth,Emergency Contact,Relationship,Emergency Phone\r\n" +
    "Ann,Lee,ann@example.com,(217) 555-0101,1940-05-17,Jo,Son,(217) 555-0199\r\n";
  form.set("file", new Blob([file], { type: "text/csv" }), "clients.csv");
  const request = new Request("http://localhost/api/imports", {
    method: "POST",
    body: form,
    headers: { Authorization: `Bearer ${me.token}` },
  });
  const response = await settle(importsRoute.action(args(request)));
  expect(response.status).toBe(202);
  const id = ((await response.json()) as Json).data.import._id as string;
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs
    WHERE key = ${`import:${id}`}`.execute(db);
  expect(rows[0].n).toBeLessThanOrEqual(1);
  let status = "";
  for (let i = 0; i < 100 && status !== "done"; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = (await db.selectFrom("imports").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
  }
  expect(status).toBe("done");
  expect(await db.selectFrom("clients").select("email").execute()).toEqual([{ email: "ann@example.com" }]);
});
