import type { Ctx } from "~/models/context";
import type { ClientRecord } from "~/models/clients.server";
import { matchableOf, topMatches } from "~/models/matching.server";
import { listClientPlacements } from "~/models/placements.server";
import { listClientTasks } from "~/models/tasks/list.server";
import { TimelineQuerySchema } from "~/schemas/client";
import type { DB } from "~/utils/db.server";
import { readListQuery } from "~/utils/list-query";
import { clientHistory } from "./audit-page.server";
import { timelinePage, timelineView } from "./client-timeline.server";
import { relatedDocuments } from "./resources.server";
import { clientToursData } from "./tours.server";

// What the client's page (/clients/:id) shows, read at once: its cards' data and no more, since
// it is also the page's hydration data (issue 35: a client with 500 events stays a detail page).

/** The top matches shown on the page. */
const SUITABLE_SHOWN = 5;
/** The tasks shown on the page (open ones first); the rest are under "All tasks". */
const TASKS_SHOWN = 10;

/**
 * The page's data for the agency's client `client` (found by the caller), by its URL: the
 * timeline's `kind` and `page` (a parameter it cannot use is left out), `tours=all`, `tourFacility`.
 */
export async function clientPageData(db: DB, ctx: Ctx, client: ClientRecord, url: URL) {
  const { query } = readListQuery(url, TimelineQuerySchema);
  const pending = {
    placements: listClientPlacements(db, ctx, client.id),
    matches: topMatches(db, ctx, matchableOf(client), SUITABLE_SHOWN),
  };
  const search = url.searchParams;
  const [timeline, placements, tasks, matches, documents, history, tours] = await Promise.all([
    timelinePage(db, ctx, client.id, query),
    pending.placements,
    listClientTasks(db, ctx, client.id, TASKS_SHOWN + 1),
    pending.matches,
    relatedDocuments(db, ctx, "Client", client.id),
    clientHistory({ db, ctx }, client.id),
    clientToursData(db, ctx, client.id, pending, search.get("tourFacility"), search.get("tours") === "all"),
  ]);
  return {
    client,
    timeline: timelineView(timeline),
    placements,
    tasks: tasks.slice(0, TASKS_SHOWN).map(({ id, title, stage, priority, dueDate, isCompleted }) => ({
      id,
      title,
      stage,
      priority,
      dueDate,
      isCompleted,
    })),
    moreTasks: tasks.length > TASKS_SHOWN,
    matches,
    documents,
    // Entries are keyed by their place: their ids are not sent.
    history: history && {
      more: history.more,
      entries: history.entries.map(({ at, when, who, emailTried, action, fields }) => ({
        at,
        when,
        who,
        emailTried,
        action,
        fields,
      })),
    },
    tours,
  };
}
