import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClientPage, type ClientPageAnswer } from "~/components/clients/client-page";
import { viewed } from "~/models/audit.server";
import { getClient } from "~/models/clients.server";
import { clientPageData } from "~/services/client-page.server";
import { clientPageAction } from "~/services/tours.server";
import { requireSignedIn } from "~/services/session.server";
import { requireRouteRecord } from "~/services/record-screen.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.client.firstName} ${data.client.lastName} · Senior Placement` : "Client · Senior Placement" },
];

export async function loader(args: LoaderFunctionArgs) {
  // One `view` entry for the page, its timeline included (the timeline writes none of its own).
  const { record: client, ctx, db } = await requireRouteRecord(args, viewed("client", getClient), "Client not found.");
  return json(await clientPageData(db, ctx, client, new URL(args.request.url)));
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
