// `NODE_OPTIONS=--expose-gc npx tsx tests/bench/imports.ts [rows]`: a CSV import of 100,000 clients (or `rows`) on
// DATABASE_URL, timed, with the process's peak memory (RSS). Budget (issue 37): under 60 s and
// under 300 MB. It adds an agency of its own ("Import benchmark …") with the clients, and leaves
// it there (the audit trail cannot be deleted): run it on a database you can drop.
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { addImportChunk, insertImport, readImportRow } from "~/models/imports.server";
import { runImport } from "~/services/import.server";
import { database } from "~/utils/db.server";

const BUDGET_S = 60;
const BUDGET_MB = 300;
const HEAD =
  "First Name,Last Name,Email,Phone,Date of Birth,Emergency Contact,Relationship,Emergency Phone,City,State,Medical Conditions,Budget Min,Budget Max\r\n";

/** Row `i`: a client with its own e-mail and phone (no duplicates). */
const row = (i: number) =>
  `First${i},Last${i},client${i}@bench.example.com,(217) ${200 + Math.floor(i / 10_000)}-${String(i % 10_000).padStart(4, "0")},` +
  `19${40 + (i % 50)}-0${1 + (i % 9)}-1${i % 10},Contact ${i},Daughter,(217) 555-0199,Springfield,IL,Diabetes; Arthritis,3000,5000\r\n`;

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error("Set DATABASE_URL to a migrated Postgres you can fill.");
    process.exit(2);
  }
  const rows = Number(process.argv[2] ?? 100_000);
  const db = database().db;
  const agency = await db
    .insertInto("agencies")
    .values({ name: `Import benchmark ${new Date().toISOString()}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const user = await db
    .insertInto("users")
    .values({
      agency_id: agency.id,
      email: `bench-${randomUUID()}@example.com`,
      first_name: "Bench",
      last_name: "Mark",
      role: "coordinator",
      password_hash: "-",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ctx = { userId: user.id, agencyId: agency.id };
  const id = randomUUID();
  // The upload: the file in pieces of 1 MB, as startImport stores it (made here as it goes).
  await db.transaction().execute(async (trx) => {
    let seq = 0;
    let piece = HEAD;
    for (let i = 0; i < rows; i++) {
      piece += row(i);
      if (piece.length >= 1024 * 1024) {
        await addImportChunk(trx, id, seq++, Buffer.from(piece));
        piece = "";
      }
    }
    if (piece) await addImportChunk(trx, id, seq++, Buffer.from(piece));
    await insertImport(trx, ctx, { id, type: "clients", file_name: "bench.csv", mode: "all", duplicates: "skip" });
  });
  // The generated file's strings are garbage now: collected (with --expose-gc) before measuring.
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const start = performance.now();
  await runImport(db, id, { progress: true });
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const done = await readImportRow(db, id);
  const mb = peak / 1024 / 1024;
  console.log(
    `${rows.toLocaleString("en-US")} rows: ${done?.status}, created ${done?.created_count}, invalid ${done?.invalid_count}, ` +
      `${seconds.toFixed(1)} s (budget ${BUDGET_S}), peak RSS ${mb.toFixed(0)} MB (budget ${BUDGET_MB}; ` +
      `${(before / 1024 / 1024).toFixed(0)} MB before the import started)`,
  );
  await database().close();
  if (done?.status !== "done" || seconds > BUDGET_S || mb > BUDGET_MB) process.exit(1);
}

void main();
