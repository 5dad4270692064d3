import { RelatedDocuments } from "~/components/resources/related-documents";
import { relatedDocuments } from "~/services/resources.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { budgetText } from "~/components/clients/client-card";
import {
  ageOn,
  ClientPlacementsCard,
  ClientTasksCard,
  NewPlacementLink,
  NotesCard,
} from "~/components/clients/client-detail";
import { Chips, ContactLink, DetailCard, Item, RecordActions, BackLink } from "~/components/ui/detail";
import { Badge, clientStatusTone } from "~/components/ui/badge";
import { Card, CardHeader } from "~/components/ui/card";
import { FacilityMatchesCard } from "~/components/matching/facility-matches";
import { addClientNote, getClient, listClientNotes } from "~/models/clients.server";
import { matchableOf, topMatches } from "~/models/matching.server";
import { listClientPlacements } from "~/models/placements.server";
import { listClientTasks } from "~/models/tasks/list.server";
import { ClientNoteSchema } from "~/schemas/client";
import { formatDate } from "~/utils/format";
import { requireRecord, requireSignedIn } from "~/services/session.server";
import { CARE_LEVEL_LABELS, ROOM_TYPE_LABELS } from "~/utils/vocabulary";
import { invariantResponse } from "~/utils/responses";
import { submitForm } from "~/services/form.server";

/** The top matches shown on the page. */
const SUITABLE_SHOWN = 5;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.client.firstName} ${data.client.lastName} · Senior Placement` : "Client · Senior Placement" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const {
    record: client,
    ctx,
    db,
  } = await requireRecord({ request, context }, params.id, getClient, "Client not found.");
  const [notes, placements, tasks, matches, documents] = await Promise.all([
    listClientNotes(db, ctx, client.id),
    listClientPlacements(db, ctx, client.id),
    listClientTasks(db, ctx, client.id),
    topMatches(db, ctx, matchableOf(client), SUITABLE_SHOWN),
    relatedDocuments(db, ctx, "Client", client.id),
  ]);
  return json({ client, notes, placements, tasks, matches, documents });
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

export default function ClientDetailPage() {
  const { client, notes, placements, tasks, matches, documents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const name = `${client.firstName} ${client.lastName}`;
  const address = [
    client.address.street,
    client.address.city,
    [client.address.state, client.address.zip].filter(Boolean).join(" "),
  ]
    .filter(Boolean)
    .join(", ");

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <BackLink to="/clients">Back to Clients</BackLink>

      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-2xl font-semibold tracking-tight text-slate-900">{name}</h2>
            <Badge tone={clientStatusTone(client.trackerStatus)}>{client.trackerStatus}</Badge>
          </div>
          <p className="mt-1 text-sm text-slate-500">
            {CARE_LEVEL_LABELS[client.careLevel]} · Age {ageOn(client.dateOfBirth)}
          </p>
        </div>
        <RecordActions
          path={`/clients/${client.id}`}
          editLabel="Edit Client"
          confirmTitle="Delete this client?"
          confirmMessage={`Are you sure you want to delete ${name}? This action cannot be undone.`}
        >
          <NewPlacementLink clientId={client.id} />
        </RecordActions>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title="Contact" />
            <dl className="grid grid-cols-1 gap-5 p-5 sm:grid-cols-2">
              <Item label="Email">
                <ContactLink email={client.email} />
              </Item>
              <Item label="Phone">
                <ContactLink phone={client.phone} />
              </Item>
              <Item label="Date of birth">{formatDate(client.dateOfBirth)}</Item>
              <Item label="Gender">{client.gender}</Item>
              <Item label="Address" className="sm:col-span-2">
                {address}
              </Item>
            </dl>
          </Card>

          <Card>
            <CardHeader title="Medical Information" />
            <div className="space-y-5 p-5">
              <div>
                <h3 className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Conditions</h3>
                <Chips values={client.medicalConditions} empty="None recorded" />
              </div>
              <div>
                <h3 className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Medications</h3>
                <Chips values={client.medications} empty="None recorded" />
              </div>
              <div>
                <h3 className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Notes</h3>
                {client.medicalNotes ? (
                  <p className="text-sm whitespace-pre-line text-slate-700">{client.medicalNotes}</p>
                ) : (
                  <p className="text-sm text-slate-500">None recorded</p>
                )}
              </div>
            </div>
          </Card>

          <FacilityMatchesCard
            id="matches"
            title="Suitable facilities"
            description="Scored on care fit, budget, distance, beds and preferences"
            clientId={client.id}
            matches={matches}
          />
          <ClientPlacementsCard clientId={client.id} placements={placements} />
          <ClientTasksCard clientId={client.id} tasks={tasks} />
          <RelatedDocuments documents={documents} />
          <NotesCard notes={notes} lastResult={actionData?.result} />
        </div>

        <div className="space-y-6">
          <DetailCard title="Emergency Contact">
            <Item label="Name">{client.emergencyContact.name}</Item>
            <Item label="Relationship">{client.emergencyContact.relationship}</Item>
            <Item label="Phone">
              <ContactLink phone={client.emergencyContact.phone} />
            </Item>
          </DetailCard>
          <DetailCard title="Budget & Preferences">
            <Item label="Monthly budget">{budgetText(client.budgetMin, client.budgetMax)}</Item>
            <Item label="Preferred location">{client.preferences.location}</Item>
            <Item label="Room type">{ROOM_TYPE_LABELS[client.preferences.roomType]}</Item>
            <Item label="Preferred amenities">
              <Chips values={client.preferences.amenities} empty="None chosen" />
            </Item>
          </DetailCard>
          <DetailCard title="Record">
            <Item label="Created">{formatDate(client.createdAt)}</Item>
            <Item label="Last updated">{formatDate(client.updatedAt)}</Item>
          </DetailCard>
        </div>
      </div>
    </div>
  );
}
