// `npm run bench:matching`: the matching engine alone, on DATABASE_URL (the large data set).
//
// Budget (docs/matching.md): the top 10 facilities for one client in under 20 ms at p95, and the
// suggestions of a whole board's cards in one pass. Each call is timed on its own, one at a time,
// after a warm-up, over clients spread through the agency (with and without a known location).
// Exit code 1 when the budget is missed. The HTTP route (`api-client-matches`) is in `npm run bench`.
import { performance } from "node:perf_hooks";
import { database } from "~/utils/db.server";
import { matchableClients, matchClient, matchClients } from "~/models/matching.server";

const BUDGET_MS = 20;
const SAMPLE = 300;
const WARM_UP = 50;
const BOARD = 100;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { n: times.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1)! };
}

const fmt = (s: ReturnType<typeof summary>) =>
  `n=${s.n}  p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  max ${s.max.toFixed(1)} ms`;

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error("Set DATABASE_URL to a Postgres loaded with the large data set (npm run db:seed -- --size large).");
    process.exit(2);
  }
  const handle = database();
  const db = handle.db;
  try {
    const agency = await db.selectFrom("agencies").select("id").orderBy("created_at").executeTakeFirstOrThrow();
    const ctx = { agencyId: agency.id, userId: "" };
    const facilities = await db
      .selectFrom("facilities")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("agency_id", "=", agency.id)
      .executeTakeFirstOrThrow();
    const all = await db
      .selectFrom("clients")
      .select(["id", "preferred_location", "address_zip"])
      .where("agency_id", "=", agency.id)
      .orderBy("id")
      .execute();
    const step = Math.max(1, Math.floor(all.length / (SAMPLE + WARM_UP)));
    const sample = all.filter((_, i) => i % step === 0).slice(0, SAMPLE + WARM_UP);
    console.log(
      `${all.length} clients, ${Number(facilities.n)} facilities; timing ${SAMPLE} clients after ${WARM_UP}\n`,
    );

    const located: number[] = [];
    const unlocated: number[] = [];
    for (const [i, c] of sample.entries()) {
      const started = performance.now();
      const matches = await matchClient(db, ctx, c.id, 10);
      const ms = performance.now() - started;
      if (!matches) throw new Error(`client ${c.id} not found`);
      if (i < WARM_UP) continue;
      (c.preferred_location || c.address_zip ? located : unlocated).push(ms);
    }
    const one = summary([...located, ...unlocated]);
    console.log(`top 10, one client:            ${fmt(one)}`);
    if (located.length) console.log(`  with a location:              ${fmt(summary(located))}`);
    if (unlocated.length) console.log(`  without (every fitting one):  ${fmt(summary(unlocated))}`);

    const boards: number[] = [];
    for (let round = 0; round < 12; round++) {
      const ids = sample.slice(
        (round * 29) % (sample.length - BOARD),
        ((round * 29) % (sample.length - BOARD)) + BOARD,
      );
      const started = performance.now();
      const clients = await matchableClients(
        db,
        ctx,
        ids.map((c) => c.id),
      );
      await matchClients(db, ctx, clients, 6);
      if (round >= 2) boards.push(performance.now() - started);
    }
    console.log(`a board of ${BOARD} cards, 6 each: ${fmt(summary(boards))}`);

    const ok = one.p95 < BUDGET_MS;
    console.log(
      ok ? `\n✔ top 10 under ${BUDGET_MS} ms p95` : `\n✖ top 10: p95 ${one.p95.toFixed(1)} ms is over ${BUDGET_MS} ms`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
