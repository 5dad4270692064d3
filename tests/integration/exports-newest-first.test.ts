import { beforeEach, describe, expect, it } from "vitest";
import { streamPlacements } from "~/models/placements.server";
import { streamResources } from "~/models/resources.server";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createPlacement, createResource, createUser } from "../support/factories";

const db = testDb();

/**
 * Five creation times, newest first, two of them the same instant (a tie the id settles) and two a
 * microsecond apart (which a JS Date would not tell apart).
 */
const TIMES = [
  "2026-01-05 10:00:00+00",
  "2026-01-04 10:00:00+00",
  "2026-01-04 10:00:00+00",
  "2026-01-03 10:00:00.123456+00",
  "2026-01-03 10:00:00.123455+00",
];

/** The ids of rows made at TIMES (in that order), in the order the exports promise: newest first, ties by id descending. */
const newestFirst = (rows: { id: string }[]) =>
  rows
    .map((row, i) => ({ id: row.id, at: TIMES[i] }))
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : TIMES.indexOf(a.at) - TIMES.indexOf(b.at)))
    .map((row) => row.id);

async function collect<T extends { id: string }>(batches: AsyncGenerator<T[]>): Promise<string[][]> {
  const seen: string[][] = [];
  for await (const batch of batches) seen.push(batch.map((row) => row.id));
  return seen;
}

describe("the CSV exports read newest first, a batch at a time", () => {
  let agencyId: string;
  let ctx: { agencyId: string; userId: string };

  beforeEach(async () => {
    await resetDb(db);
    agencyId = (await createAgency(db)).id;
    ctx = { agencyId, userId: (await createUser(db, { agencyId })).id };
    // Another agency's rows are never exported.
    const other = (await createAgency(db)).id;
    await createPlacement(db, { agencyId: other });
    await createResource(db, { agencyId: other });
  });

  it("placements: each batch starts after the last row of the one before, ties and microseconds too", async () => {
    const rows = [];
    for (const at of TIMES) rows.push(await createPlacement(db, { agencyId, created_at: at }));
    const expected = newestFirst(rows);
    const batches = await collect(streamPlacements(db, ctx, {}, 2));
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
    expect(batches.flat()).toEqual(expected);
  });

  it("documents: the same, leaving out confidential ones", async () => {
    const client = await createClient(db, { agencyId });
    const rows = [];
    for (const at of TIMES) {
      rows.push(await createResource(db, { agencyId, related_type: "Client", related_id: client.id, created_at: at }));
    }
    await createResource(db, { agencyId, related_id: client.id, is_confidential: true });
    const batches = await collect(streamResources(db, ctx, {}, 2));
    expect(batches.map((b) => b.length)).toEqual([2, 2, 1]);
    expect(batches.flat()).toEqual(newestFirst(rows));
  });
});
