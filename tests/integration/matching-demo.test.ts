import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../db/seed";
import { type FacilityMatch, matchableClients, matchClients, type MatchableClient } from "~/models/matching.server";
import { CARE_FIT, MEMORY_CAPABLE, scoreFacility } from "~/utils/matching";
import { CARE_LEVELS } from "~/utils/vocabulary";
import { resetDb, testDb } from "../support/db";

// Quality checks of the matching engine over the whole demo set: what a coordinator would never
// accept from a short list, asserted for every client.

const db = testDb();
const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), "placement-matching-"));

let clients: MatchableClient[];
let top5: Map<string, FacilityMatch[]>;
let everything: Map<string, FacilityMatch[]>;
let facilities: Map<string, { type: string; specialties: string[]; amenities: string[]; isActive: boolean }>;

beforeAll(async () => {
  await resetDb(db);
  await seedDemo(db, { now: new Date("2026-06-15T15:00:00Z"), uploadDir });
  const agency = await db.selectFrom("agencies").select("id").executeTakeFirstOrThrow();
  const ctx = { agencyId: agency.id, userId: "" };
  const ids = await db.selectFrom("clients").select("id").execute();
  clients = await matchableClients(
    db,
    ctx,
    ids.map((c) => c.id),
  );
  // The whole board in one pass, as the board asks for its cards.
  top5 = await matchClients(db, ctx, clients, 5);
  everything = await matchClients(db, ctx, clients, 100);
  const rows = await db
    .selectFrom("facilities")
    .select(["id", "type", "specialties", "amenities", "is_active"])
    .execute();
  facilities = new Map(rows.map((f) => [f.id, { ...f, isActive: f.is_active }]));
});

afterAll(() => fs.rmSync(uploadDir, { recursive: true, force: true }));

/** 25-mile bands: within one, distance moves the score by less than the budget part does. */
const band = (miles: number | null) => (miles === null ? -1 : Math.min(4, Math.floor(miles / 25)));

describe("matching over the demo set", () => {
  it("has clients of every care level, each with suggestions", () => {
    for (const level of CARE_LEVELS) {
      const ofLevel = clients.filter((c) => c.careLevel === level);
      expect(ofLevel.length, level).toBeGreaterThan(2);
      for (const c of ofLevel) expect(top5.get(c.id)!.length, `${level} ${c.id}`).toBeGreaterThanOrEqual(3);
    }
  });

  it("never puts a facility without memory care in a memory-care client's top 5", () => {
    const memory = clients.filter((c) => c.careLevel === "memory");
    for (const client of memory) {
      for (const m of top5.get(client.id)!) {
        const f = facilities.get(m.facilityId)!;
        const listed = [...f.specialties, ...f.amenities];
        const capable = f.type === "Memory Care" || MEMORY_CAPABLE.some((x) => listed.includes(x));
        expect(capable, `${m.facilityName} (${f.type}) for ${client.id}`).toBe(true);
      }
    }
  });

  it("suggests only active facilities of a type that serves the client, each with a reason", () => {
    for (const client of clients) {
      const fitting = [...CARE_FIT[client.careLevel].best, ...CARE_FIT[client.careLevel].good];
      for (const m of everything.get(client.id)!) {
        const f = facilities.get(m.facilityId)!;
        expect(f.isActive).toBe(true);
        expect(fitting, `${f.type} for ${client.careLevel}`).toContain(f.type);
        expect(m.reasons.length).toBeGreaterThan(0);
        expect(m.compatibilityScore).toBeGreaterThanOrEqual(0);
        expect(m.compatibilityScore).toBeLessThanOrEqual(100);
      }
    }
  });

  it("ranks no facility above the client's budget over an affordable one of the same care fit and distance band", () => {
    let compared = 0;
    for (const client of clients) {
      const ranked = everything.get(client.id)!.map((m, rank) => {
        const f = facilities.get(m.facilityId)!;
        const scored = scoreFacility(client, {
          id: m.facilityId,
          name: m.facilityName,
          type: m.facilityType,
          specialties: f.specialties,
          amenities: f.amenities,
          minCost: null,
          maxCost: null,
          availableBeds: m.availableBeds,
          rating: null,
          distanceMiles: m.distanceMiles,
        })!;
        const budget = m.reasons.includes("Within budget")
          ? "within"
          : m.reasons.includes("Above budget")
            ? "above"
            : "";
        return { rank, carePoints: scored.carePoints, band: band(m.distanceMiles), budget, name: m.facilityName };
      });
      for (const above of ranked.filter((r) => r.budget === "above")) {
        for (const within of ranked.filter(
          (r) => r.budget === "within" && r.carePoints === above.carePoints && r.band === above.band,
        )) {
          compared++;
          expect(within.rank, `${within.name} before ${above.name} for ${client.id}`).toBeLessThan(above.rank);
        }
      }
    }
    // The check compared real pairs, not none.
    expect(compared).toBeGreaterThanOrEqual(10);
  });

  it("best first, ties to the nearer facility", () => {
    for (const client of clients) {
      const list = everything.get(client.id)!;
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1], list[i]];
        expect(a.compatibilityScore).toBeGreaterThanOrEqual(b.compatibilityScore);
        if (a.compatibilityScore === b.compatibilityScore && a.distanceMiles !== null && b.distanceMiles !== null) {
          expect(a.distanceMiles).toBeLessThanOrEqual(b.distanceMiles);
        }
      }
    }
  });
});
