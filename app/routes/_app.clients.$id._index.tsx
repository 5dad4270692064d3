import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClientPage, type ClientPageAnswer } from "~/components/clients/client-page";
import { viewed } from "~/models/audit.server";
import { getClient } from "~/models/clients.server";
import { matchableOf, topMatches } from "~/models/matching.server";
import { listClientPlacements } from "~/models/placements.server";
import { listClientTasks } from "~/models/tasks/list.server";
import { TimelineQuerySchema } from "~/schemas/client";
import { clientHistory } from "~/services/audit-page.server";
import { timelinePage, timelineView } from "~/services/client-timeline.server";
import { clientPageAction, clientToursData } from "~/services/tours.server";
import { relatedDocuments } from "~/services/resources.server";
import { requireSignedIn } from "~/services/session.server";
import { readListQuery } from "~/utils/list-query";
import { requireRouteRecord } from "~/services/record-screen.server";

/** The top matches shown on the page. */
const SUITABLE_SHOWN = 5;
/** The tasks shown on the page (open ones first); the rest are under "All tasks". */
const TASKS_SHOWN = 10;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.client.firstName} ${data.client.lastName} · Senior Placement` : "Client · Senior Placement" },
];

export async function loader(args: LoaderFunctionArgs) {
  // One `view` entry for the page, its timeline included (the timeline writes none of its own).
  const { record: client, ctx, db } = await requireRouteRecord(args, viewed("client", getClient), "Client not found.");
  // The timeline's kind and page from the URL; a parameter it cannot use is left out.
  const { query } = readListQuery(new URL(args.request.url), TimelineQuerySchema);
  const pending = {
    placements: listClientPlacements(db, ctx, client.id),
    matches: topMatches(db, ctx, matchableOf(client), SUITABLE_SHOWN),
  };
  const search = new URL(args.request.url).searchParams;
  const [timeline, placements, listed, matches, documents, history, tours] = await Promise.all([
    timelinePage(db, ctx, client.id, query),
    pending.placements,
    listClientTasks(db, ctx, client.id, TASKS_SHOWN + 1),
    pending.matches,
    relatedDocuments(db, ctx, "Client", client.id),
    clientHistory({ db, ctx }, client.id),
    clientToursData(db, ctx, client.id, pending, search.get("tourFacility"), search.get("tours") === "all"),
  ]);
  // What the cards show, no more (it is also the page's hydration data).
  const tasks = listed.slice(0, TASKS_SHOWN).map(({ id, title, stage, priority, dueDate, isCompleted }) => ({
    id,
    title,
    stage,
    priority,
    dueDate,
    isCompleted,
  }));
  const moreTasks = listed.length > TASKS_SHOWN;
  return json({
    client,
    timeline: timelineView(timeline),
    placements,
    tasks,
    moreTasks,
    matches,
    documents,
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
  });
}

/** The page's forms: log a note or call, schedule a tour, record its outcome, record the disclosure. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const signedIn = await requireSignedIn({ request, context });
  return clientPageAction(request, signedIn, params.id ?? "");
}

export default function ClientDetailRoute() {
  const answer = useActionData<typeof action>() as ClientPageAnswer | undefined;
  return <ClientPage {...useLoaderData<typeof loader>()} answer={answer} />;
}
