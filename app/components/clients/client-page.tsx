import { useTimeZone } from "../layout/use-can";
import type { ReactNode } from "react";
import { useCan } from "../layout/use-can";
import type { SubmissionResult } from "@conform-to/react";
import type { ClientRecord } from "~/models/clients.server";
import type { FacilityMatch } from "~/models/matching.server";
import type { PlacementOfClient } from "~/models/placements.server";
import type { ClientTaskView } from "./client-detail";
import type { TimelineView } from "~/services/client-timeline.server";
import { formatDate } from "~/utils/format";
import { CARE_LEVEL_LABELS, NO_ROOM_PREFERENCE_LABEL, ROOM_TYPE_LABELS } from "~/utils/vocabulary";
import { FacilityMatchesCard } from "../matching/facility-matches";
import { RelatedDocuments, type RelatedDocumentsData } from "../resources/related-documents";
import { Badge, clientStatusTone } from "../ui/badge";
import { Card, TitledCard } from "../ui/card";
import { Chips, ContactItem, DetailCard, Item, RecordActions, RecordColumns, RecordPage } from "../ui/detail";
import { budgetText } from "./client-card";
import { ClientHistoryCard, type ClientHistoryView } from "./client-history";
import { ageOn, ClientPlacementsCard, ClientTasksCard, NewPlacementLink } from "./client-detail";
import { TimelineCard } from "./client-timeline";
import { DisclosureCard, DisclosureNotice, ToursCard, type ToursAnswer } from "./client-tours";
import type { ClientToursData } from "~/services/tours.server";

/** What the client's page shows (/clients/:id): the record and what hangs from it. */
export interface ClientPageData {
  client: ClientRecord;
  /** A page of everything that happened with the client (`?kind=&page=` of the page's URL). */
  timeline: TimelineView;
  placements: PlacementOfClient[];
  /** The first of the client's tasks, open ones first. */
  tasks: ClientTaskView[];
  /** The client has more tasks than those shown (all of them: "All tasks", /tasks?clientId=). */
  moreTasks: boolean;
  matches: FacilityMatch[];
  documents: RelatedDocumentsData;
  /** Who viewed and changed the client, for a coordinator or an admin (null: an agent, who sees none). */
  history: ClientHistoryView | null;
  /** The Tours and Disclosure cards. */
  tours: ClientToursData;
  /** The answer to a form just sent (its messages when it was refused): `form` says which. */
  answer?: ClientPageAnswer;
}

/** The page's action's answer: the log form's (no `form`), or a tour's or the disclosure's. */
export type ClientPageAnswer = ToursAnswer & { result?: SubmissionResult<string[]> };

/** The client's page: a header with its actions, the record's cards, and the side column. */
export function ClientPage({
  client,
  timeline,
  placements,
  tasks,
  moreTasks,
  matches,
  documents,
  history,
  tours,
  answer,
}: ClientPageData) {
  const logResult = answer && !answer.form ? answer.result : undefined;
  return (
    <RecordPage area="clients">
      <ClientHeader client={client} />
      {tours.disclosure ? null : <DisclosureNotice />}
      <RecordColumns side={<SideColumn client={client} />}>
        <ContactCard client={client} />
        <TimelineCard timeline={timeline} logResult={logResult} />
        <ToursCard clientId={client.id} data={tours} answer={answer} />
        <MedicalCard client={client} />
        <FacilityMatchesCard
          id="matches"
          title="Suitable facilities"
          description="Scored on care fit, budget, distance, beds and preferences"
          clientId={client.id}
          matches={matches}
        />
        <ClientPlacementsCard clientId={client.id} placements={placements} />
        <ClientTasksCard clientId={client.id} tasks={tasks} more={moreTasks} />
        <RelatedDocuments documents={documents} />
        <DisclosureCard data={tours} documents={documents.resources} answer={answer} />
        {history ? <ClientHistoryCard clientId={client.id} history={history} /> : null}
      </RecordColumns>
    </RecordPage>
  );
}

const fullName = (client: ClientRecord) => `${client.firstName} ${client.lastName}`;

function ClientHeader({ client }: { client: ClientRecord }) {
  const canDelete = useCan("records.delete");
  const name = fullName(client);
  return (
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
        canDelete={canDelete}
        editLabel="Edit Client"
        confirmTitle="Delete this client?"
        confirmMessage={`Are you sure you want to delete ${name}? This action cannot be undone.`}
      >
        <NewPlacementLink clientId={client.id} />
      </RecordActions>
    </Card>
  );
}

/** "12 Elm St, Springfield, IL 62701": the parts given, in order. */
function addressText({ street, city, state, zip }: ClientRecord["address"]) {
  return [street, city, [state, zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

function ContactCard({ client }: { client: ClientRecord }) {
  return (
    <TitledCard title="Contact">
      <dl className="grid grid-cols-1 gap-5 p-5 sm:grid-cols-2">
        <ContactItem label="Email" email={client.email} />
        <ContactItem label="Phone" phone={client.phone} />
        <Item label="Date of birth">{formatDate(client.dateOfBirth)}</Item>
        <Item label="Gender">{client.gender}</Item>
        <Item label="Referral source">{client.referralSource ?? "Not recorded"}</Item>
        <Item label="Address" className="sm:col-span-2">
          {addressText(client.address)}
        </Item>
      </dl>
    </TitledCard>
  );
}

function MedicalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">{title}</h3>
      {children}
    </div>
  );
}

function MedicalCard({ client }: { client: ClientRecord }) {
  return (
    <TitledCard title="Medical Information">
      <div className="space-y-5 p-5">
        <MedicalSection title="Conditions">
          <Chips values={client.medicalConditions} empty="None recorded" />
        </MedicalSection>
        <MedicalSection title="Medications">
          <Chips values={client.medications} empty="None recorded" />
        </MedicalSection>
        <MedicalSection title="Notes">
          {client.medicalNotes ? (
            <p className="text-sm whitespace-pre-line text-slate-700">{client.medicalNotes}</p>
          ) : (
            <p className="text-sm text-slate-500">None recorded</p>
          )}
        </MedicalSection>
      </div>
    </TitledCard>
  );
}

function SideColumn({ client }: { client: ClientRecord }) {
  const timeZone = useTimeZone();
  return (
    <>
      <DetailCard title="Emergency Contact">
        <Item label="Name">{client.emergencyContact.name}</Item>
        <Item label="Relationship">{client.emergencyContact.relationship}</Item>
        <ContactItem label="Phone" phone={client.emergencyContact.phone} />
      </DetailCard>
      <DetailCard title="Budget & Preferences">
        <Item label="Monthly budget">{budgetText(client.budgetMin, client.budgetMax)}</Item>
        <Item label="Preferred location">{client.preferences.location}</Item>
        <Item label="Room type">
          {client.preferences.roomType ? ROOM_TYPE_LABELS[client.preferences.roomType] : NO_ROOM_PREFERENCE_LABEL}
        </Item>
        <Item label="Preferred amenities">
          <Chips values={client.preferences.amenities} empty="None chosen" />
        </Item>
      </DetailCard>
      <DetailCard title="Record">
        <Item label="Created">{formatDate(client.createdAt, timeZone)}</Item>
        <Item label="Last updated">{formatDate(client.updatedAt, timeZone)}</Item>
      </DetailCard>
    </>
  );
}
