import { useTimeZone } from "../layout/use-can";
import type { FacilityRecord } from "~/models/facilities.server";
import type { AgreementRecord } from "~/models/agreements.server";
import { AgreementsCard } from "./agreements-card";
import { useCan } from "../layout/use-can";
import { DELETE_FACILITY_MESSAGE } from "~/schemas/facility.constants";
import { costRangeText, formatDate } from "~/utils/format";
import { RelatedDocuments, type RelatedDocumentsData } from "../resources/related-documents";
import { ButtonLink } from "../ui/button";
import { Card, TitledCard } from "../ui/card";
import { ChipsCard, ContactLink, DetailCard, Item, RecordActions, RecordColumns, RecordPage } from "../ui/detail";
import { ClipboardIcon, PlusIcon } from "../ui/icons";
import { ProgressBar } from "../ui/progress";
import { ActiveBadge, AvailabilityBadge } from "./facility-card";
import { FacilityToursCard } from "./facility-tours";
import type { Tour } from "~/models/tours.server";

/** What the facility's page shows (/facilities/:id): the record, its placements counted, its documents. */
export interface FacilityPageData {
  facility: FacilityRecord;
  placements: { total: number; active: number };
  documents: RelatedDocumentsData;
  agreements: AgreementRecord[];
  tours: { upcoming: Tour[]; past: Tour[] };
}

/** The facility's page: a header with its actions, the overview and lists, and the side column. */
export function FacilityPage({ facility: f, placements, documents, agreements, tours }: FacilityPageData) {
  return (
    <RecordPage area="facilities">
      <FacilityHeader facility={f} />
      <RecordColumns side={<SideColumn facility={f} placements={placements} />}>
        <OverviewCard facility={f} />
        <ChipsCard title="Amenities" values={f.amenities} empty="None listed" />
        <ChipsCard title="Specialties" values={f.specialties} empty="None listed" />
        {f.notes ? <DetailCard title="Notes" text={f.notes} /> : null}
        <AgreementsCard facilityId={f.id} agreements={agreements} />
        <FacilityToursCard tours={tours} />
        <RelatedDocuments documents={documents} />
      </RecordColumns>
    </RecordPage>
  );
}

function SideColumn({ facility: f, placements }: Pick<FacilityPageData, "facility" | "placements">) {
  const timeZone = useTimeZone();
  return (
    <>
      <QuickActionsCard facilityId={f.id} placements={placements} />
      <DetailCard title="Pricing">
        <Item label="Monthly cost">{costRangeText(f.minCost, f.maxCost)}</Item>
        <Item label="Insurance">{f.acceptsInsurance ? "Accepted" : "Not accepted"}</Item>
      </DetailCard>
      <DetailCard title="Details">
        <Item label="License number">{f.licenseNumber}</Item>
        <Item label="Type">{f.type}</Item>
        <Item label="Status">{f.isActive ? "Active" : "Inactive"}</Item>
        <Item label="Added">{formatDate(f.createdAt, timeZone)}</Item>
        <Item label="Last updated">{formatDate(f.updatedAt, timeZone)}</Item>
      </DetailCard>
    </>
  );
}

function FacilityHeader({ facility: f }: { facility: FacilityRecord }) {
  const canDelete = useCan("records.delete");
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="min-w-0">
        <h2 className="text-2xl font-semibold tracking-tight text-slate-900">{f.name}</h2>
        <p className="mt-1 text-sm text-slate-500">
          {f.type} · {f.address.city}, {f.address.state}
          {f.rating !== null ? <span className="ml-2 font-medium text-amber-700">★ {f.rating.toFixed(1)}</span> : null}
        </p>
        <div className="mt-2 flex flex-wrap gap-1.5">
          <AvailabilityBadge availableBeds={f.availableBeds} />
          <ActiveBadge isActive={f.isActive} />
        </div>
      </div>
      <RecordActions
        path={`/facilities/${f.id}`}
        canDelete={canDelete}
        confirmTitle={`Delete ${f.name}?`}
        confirmMessage={DELETE_FACILITY_MESSAGE}
      />
    </Card>
  );
}

function OverviewCard({ facility: f }: { facility: FacilityRecord }) {
  const occupancy = f.capacity > 0 ? Math.round((f.currentOccupancy / f.capacity) * 100) : 0;
  const figures: [string, number][] = [
    ["Capacity", f.capacity],
    ["Occupied", f.currentOccupancy],
    ["Available beds", f.availableBeds],
  ];
  return (
    <TitledCard title="Overview">
      <div className="space-y-5 p-5">
        <div className="grid grid-cols-3 gap-4 text-center">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-lg bg-slate-50 px-3 py-3">
              <p className="text-2xl font-semibold text-slate-900">{value}</p>
              <p className="text-xs text-slate-500">{label}</p>
            </div>
          ))}
        </div>
        <ProgressBar value={occupancy} label="Occupancy" showValue tone="brand" />
        <dl className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Item label="Location">
            {f.address.street}, {f.address.city}, {f.address.state} {f.address.zip}
          </Item>
          <Item label="Contact">
            {f.contact.name}
            <br />
            <ContactLink phone={f.contact.phone} />
            {f.contact.email ? (
              <>
                <br />
                <ContactLink email={f.contact.email} />
              </>
            ) : null}
          </Item>
          {f.billingEmail ? (
            <Item label="Billing email">
              <ContactLink email={f.billingEmail} />
            </Item>
          ) : null}
        </dl>
      </div>
    </TitledCard>
  );
}

function QuickActionsCard({
  facilityId,
  placements,
}: {
  facilityId: string;
  placements: FacilityPageData["placements"];
}) {
  return (
    <TitledCard title="Quick Actions">
      <div className="space-y-2 p-5">
        <ButtonLink to={`/placements/new?facilityId=${facilityId}`} className="w-full">
          <PlusIcon className="h-4 w-4" /> New Placement
        </ButtonLink>
        <ButtonLink to={`/placements?facilityId=${facilityId}`} variant="outline" className="w-full">
          <ClipboardIcon className="h-4 w-4" /> View Placements
        </ButtonLink>
        <p className="pt-1 text-center text-xs text-slate-500">
          {placements.total} {placements.total === 1 ? "placement" : "placements"}, {placements.active} active
        </p>
      </div>
    </TitledCard>
  );
}
