import { useTimeZone } from "../layout/use-can";
import { Link } from "@remix-run/react";
import { useCan } from "../layout/use-can";
import type { PlacementRecord } from "~/models/placements.server";
import { DELETE_PLACEMENT_MESSAGE } from "~/schemas/placement.constants";
import { cn } from "~/utils/cn";
import { capitalize, formatDate, formatUsd } from "~/utils/format";
import type { PlacementTasksData, StepTaskAnswer } from "~/services/placement-page.server";
import { type ChecklistField, PLACEMENT_CHECKLIST } from "~/utils/vocabulary";
import { RelatedDocuments, type RelatedDocumentsData } from "../resources/related-documents";
import { Card, TitledCard } from "../ui/card";
import {
  ContactItem,
  ContactLink,
  DetailCard,
  Item,
  Items,
  RecordActions,
  RecordColumns,
  RecordPage,
} from "../ui/detail";
import { ArrowRightIcon, CheckIcon } from "../ui/icons";
import { ProgressBar } from "../ui/progress";
import { PlacementBadges } from "./placement-badges";
import { PlacementTasksCard, StepTick } from "./placement-tasks";
import { ReferralFeeCard } from "./referral-fee-card";
import { PlacementTourCard, type PlacementTourData } from "./placement-tour";

// A placement's page (/placements/:id) and its parts.

/** What the placement's page shows: the record, its tasks and its documents. */
export interface PlacementPageData {
  placement: PlacementRecord;
  documents: RelatedDocumentsData;
  tasks: PlacementTasksData;
  /** "Make a task" refused: its form's messages. */
  stepTask: StepTaskAnswer | null;
  /** The first tour of the facility for the client, and the family's disclosure. */
  tour: PlacementTourData;
}

export function PlacementPage({ placement: p, documents, tasks, stepTask, tour }: PlacementPageData) {
  const canDelete = useCan("records.delete");
  return (
    <RecordPage
      area="placements"
      actions={
        <RecordActions
          path={`/placements/${p.id}`}
          canDelete={canDelete}
          confirmTitle={`Delete ${p.client.firstName} ${p.client.lastName} → ${p.facility.name}?`}
          confirmMessage={DELETE_PLACEMENT_MESSAGE}
        />
      }
    >
      <PlacementSummary placement={p} />
      <PlacementProgress placement={p} tickable />
      <RecordColumns side={<SideColumn placement={p} />}>
        <PlacementTasksCard placement={p} data={tasks} stepTask={stepTask} />
        <PlacementTourCard clientId={p.client.id} facilityId={p.facility.id} data={tour} />
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          <ClientInformation client={p.client} />
          <FacilityInformation facility={p.facility} />
        </div>
        {p.timeline.length > 0 ? <PlacementTimeline entries={p.timeline} /> : null}
        {p.notes ? <DetailCard title="Notes" text={p.notes} /> : null}
        <RelatedDocuments documents={documents} />
      </RecordColumns>
    </RecordPage>
  );
}

function SideColumn({ placement: p }: { placement: PlacementRecord }) {
  const timeZone = useTimeZone();
  return (
    <>
      <KeyDetails placement={p} />
      <ReferralFeeCard placement={p} />
      <AssignedAgent agent={p.agent} />
      <DetailCard title="Metadata">
        <Item label="Created">{formatDate(p.createdAt, timeZone)}</Item>
        <Item label="Updated">{formatDate(p.updatedAt, timeZone)}</Item>
        <Item label="ID">
          <span className="font-mono text-xs break-all">{p.id}</span>
        </Item>
      </DetailCard>
    </>
  );
}

function PlacementSummary({ placement: p }: { placement: PlacementRecord }) {
  return (
    <Card className="p-5 sm:p-6">
      <p className="text-sm font-medium text-slate-500">Placement Details</p>
      <h2 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900">
        {p.client.firstName} {p.client.lastName}
        <ArrowRightIcon className="h-5 w-5 text-slate-400" />
        <span className="sr-only"> to </span>
        {p.facility.name}
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        <PlacementBadges placement={p} />
      </div>
    </Card>
  );
}

function ClientInformation({ client }: { client: PlacementRecord["client"] }) {
  return (
    <DetailCard title="Client Information">
      <Item label="Name">
        <Link to={`/clients/${client.id}`} className="font-medium text-brand-700 hover:underline">
          {client.firstName} {client.lastName}
        </Link>
      </Item>
      <ContactItem label="Phone" phone={client.phone} />
      <ContactItem label="Email" email={client.email} />
    </DetailCard>
  );
}

function FacilityInformation({ facility }: { facility: PlacementRecord["facility"] }) {
  const { address, contact } = facility;
  return (
    <DetailCard title="Facility Information">
      <Item label="Name">
        <Link to={`/facilities/${facility.id}`} className="font-medium text-brand-700 hover:underline">
          {facility.name}
        </Link>
      </Item>
      <Item label="Type">{facility.type}</Item>
      <Item label="Address">
        {address.street}, {address.city}, {address.state} {address.zip}
      </Item>
      <Item label="Contact">
        {contact.name} · <ContactLink phone={contact.phone} className="underline" />
      </Item>
    </DetailCard>
  );
}

/** The dates and money of the placement, those that are set. */
function KeyDetails({ placement: p }: { placement: PlacementRecord }) {
  const keyDetails = [
    ["Start date", formatDate(p.startDate)],
    ["Move-in date", p.moveInDate ? formatDate(p.moveInDate) : null],
    ["End date", p.endDate ? formatDate(p.endDate) : null],
    ["Monthly rate", p.monthlyRate !== null ? formatUsd(p.monthlyRate) : null],
    ["Payment method", p.paymentMethod],
    ["Deposit amount", p.depositAmount !== null ? formatUsd(p.depositAmount) : null],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));
  return (
    <DetailCard title="Key Details">
      <Items pairs={keyDetails} />
    </DetailCard>
  );
}

function AssignedAgent({ agent }: { agent: PlacementRecord["agent"] }) {
  return (
    <DetailCard title="Assigned Agent">
      <Item label="Name">
        {agent.firstName} {agent.lastName} <span className="text-slate-500">· {capitalize(agent.role)}</span>
      </Item>
      {agent.phone ? <ContactItem label="Phone" phone={agent.phone} /> : null}
      <ContactItem label="Email" email={agent.email} />
    </DetailCard>
  );
}

/**
 * The six steps, each done or not with its date, and the percentage (docs/vocabularies.md).
 * `tickable`: the five checklist steps' boxes are buttons that tick or untick them (the move-in
 * date is set on the edit form).
 */
export function PlacementProgress({
  placement: p,
  tickable = false,
}: {
  placement: Pick<PlacementRecord, "checklist" | "moveInDate" | "progress">;
  tickable?: boolean;
}) {
  const timeZone = useTimeZone();
  const steps = [
    ...PLACEMENT_CHECKLIST.map((s) => ({
      field: s.field as ChecklistField | null,
      label: s.label,
      done: p.checklist[s.field].done,
      date: p.checklist[s.field].date,
    })),
    { field: null, label: "Move-in Date", done: Boolean(p.moveInDate), date: p.moveInDate },
  ];
  return (
    <TitledCard title="Progress" description={`${p.progress}% complete`}>
      <div className="space-y-5 p-5">
        <ProgressBar value={p.progress} aria-label="Placement progress" tone="brand" />
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Steps">
          {steps.map((step) => (
            <li
              key={step.label}
              data-done={step.done}
              className={cn(
                "rounded-lg border p-3 text-sm",
                step.done ? "border-emerald-200 bg-emerald-50" : "border-slate-200 bg-white",
              )}
            >
              {tickable && step.field ? (
                <StepTick field={step.field} label={step.label} done={step.done} />
              ) : (
                <span
                  className={cn(
                    "mb-2 flex h-6 w-6 items-center justify-center rounded-full",
                    step.done ? "bg-emerald-600 text-white" : "border border-slate-300 text-transparent",
                  )}
                >
                  <CheckIcon className="h-4 w-4" />
                </span>
              )}
              <span className={cn("block font-medium", step.done ? "text-emerald-900" : "text-slate-700")}>
                {step.label}
              </span>
              <span className="block text-xs text-slate-500">
                {step.done ? (step.date ? formatDate(step.date, timeZone) : "Done") : "Not yet"}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </TitledCard>
  );
}

export function PlacementTimeline({ entries }: { entries: PlacementRecord["timeline"] }) {
  const timeZone = useTimeZone();
  return (
    <TitledCard title="Timeline">
      <ol className="space-y-0 p-5" aria-label="Timeline">
        {entries.map((entry, i) => (
          <li key={entry.id} className="relative flex gap-3 pb-5 last:pb-0">
            {i < entries.length - 1 ? (
              <span className="absolute top-3 left-[5px] h-full w-px bg-slate-200" aria-hidden="true" />
            ) : null}
            <span className="relative mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-500" aria-hidden="true" />
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{entry.event}</p>
              {entry.description ? <p className="text-sm text-slate-600">{entry.description}</p> : null}
              <p className="mt-0.5 text-xs text-slate-500">
                {formatDate(entry.date, timeZone)}
                {entry.actor ? ` · ${entry.actor}` : ""}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </TitledCard>
  );
}
