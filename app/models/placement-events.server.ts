import type { DB } from "~/utils/db.server";
import type { Ctx } from "./context";

// A placement's timeline entries as they are written, by the placement's own writes and by its
// fee's (below both).

export type NewEvent = { event: string; description: string | null };

/** Adds entries to a placement's timeline, by the caller, now (in their order). */
export async function writeEvents(db: DB, ctx: Ctx, placementId: string, events: NewEvent[]) {
  if (events.length === 0) return;
  const now = Date.now();
  await db
    .insertInto("placement_events")
    .values(
      // A millisecond apart, so the timeline keeps the order they happened in.
      events.map((e, i) => ({
        agency_id: ctx.agencyId,
        placement_id: placementId,
        event: e.event,
        description: e.description,
        actor_id: ctx.userId,
        occurred_at: new Date(now + i),
      })),
    )
    .execute();
}
