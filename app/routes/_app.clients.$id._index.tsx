import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClientPage } from "~/components/clients/client-page";
import { viewed } from "~/models/audit.server";
import { getClient } from "~/models/clients.server";
import { matchableOf, topMatches } from "~/models/matching.server";
import { listClientPlacements } from "~/models/placements.server";
import { listClientTasks } from "~/models/tasks/list.server";
import { TimelineQuerySchema } from "~/schemas/client";
import { clientHistory } from "~/services/audit-page.server";
import { logOnClient, timelinePage } from "~/services/client-timeline.server";
import { relatedDocuments } from "~/services/resources.server";
import { requireSignedIn } from "~/services/session.server";
import { readListQuery } from "~/utils/list-query";
import { requireRouteRecord } from "~/services/record-screen.server";

/** The top matches shown on the page. */
const SUITABLE_SHOWN = 5;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.client.firstName} ${data.client.lastName} · Senior Placement` : "Client · Senior Placement" },
];

export async function loader(args: LoaderFunctionArgs) {
  // One `view` entry for the page, its timeline included (the timeline writes none of its own).
  const { record: client, ctx, db } = await requireRouteRecord(args, viewed("client", getClient), "Client not found.");
  // The timeline's kind and page from the URL; a parameter it cannot use is left out.
  const { query } = readListQuery(new URL(args.request.url), TimelineQuerySchema);
  const [timeline, placements, tasks, matches, documents, history] = await Promise.all([
    timelinePage(db, ctx, client.id, query),
    listClientPlacements(db, ctx, client.id),
    listClientTasks(db, ctx, client.id),
    topMatches(db, ctx, matchableOf(client), SUITABLE_SHOWN),
    relatedDocuments(db, ctx, "Client", client.id),
    clientHistory({ db, ctx }, client.id),
  ]);
  return json({ client, timeline, placements, tasks, matches, documents, history });
}

/** Logs a note, a call, an e-mail or a meeting on the client (the only change made from this page). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const signedIn = await requireSignedIn({ request, context });
  return logOnClient(request, signedIn, params.id ?? "");
}

export default function ClientDetailRoute() {
  const actionData = useActionData<typeof action>();
  return <ClientPage {...useLoaderData<typeof loader>()} logResult={actionData?.result} />;
}
