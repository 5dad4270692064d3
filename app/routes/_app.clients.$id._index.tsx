import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClientPage } from "~/components/clients/client-page";
import { viewed } from "~/models/audit.server";
import { addClientNote, getClient, listClientNotes } from "~/models/clients.server";
import { matchableOf, topMatches } from "~/models/matching.server";
import { listClientPlacements } from "~/models/placements.server";
import { listClientTasks } from "~/models/tasks/list.server";
import { ClientNoteSchema } from "~/schemas/client";
import { clientHistory } from "~/services/audit-page.server";
import { submitForm } from "~/services/form.server";
import { relatedDocuments } from "~/services/resources.server";
import { requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";
import { requireRouteRecord } from "~/services/record-screen.server";

/** The top matches shown on the page. */
const SUITABLE_SHOWN = 5;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.client.firstName} ${data.client.lastName} · Senior Placement` : "Client · Senior Placement" },
];

export async function loader(args: LoaderFunctionArgs) {
  const { record: client, ctx, db } = await requireRouteRecord(args, viewed("client", getClient), "Client not found.");
  const [notes, placements, tasks, matches, documents, history] = await Promise.all([
    listClientNotes(db, ctx, client.id),
    listClientPlacements(db, ctx, client.id),
    listClientTasks(db, ctx, client.id),
    topMatches(db, ctx, matchableOf(client), SUITABLE_SHOWN),
    relatedDocuments(db, ctx, "Client", client.id),
    clientHistory({ db, ctx }, client.id),
  ]);
  return json({ client, notes, placements, tasks, matches, documents, history });
}

/** Adds a note (the only change made from this page). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const id = params.id ?? "";
  const options = { failure: "Failed to add the note", success: { to: `/clients/${id}#notes`, title: "Note added" } };
  return submitForm(request, ClientNoteSchema, options, async ({ content }) => {
    invariantResponse(await addClientNote(db, ctx, id, content), "Client not found.");
  });
}

export default function ClientDetailRoute() {
  const actionData = useActionData<typeof action>();
  return <ClientPage {...useLoaderData<typeof loader>()} noteResult={actionData?.result} />;
}
