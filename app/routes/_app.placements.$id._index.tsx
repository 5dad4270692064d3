import { RelatedDocuments } from "~/components/resources/related-documents";
import { relatedDocuments } from "~/services/resources.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PlacementProgress, PlacementTimeline } from "~/components/placements/placement-detail";
import { Badge, placementStatusTone, priorityTone } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { BackLink, ContactLink, DetailCard, Item, RecordActions } from "~/components/ui/detail";
import { ArrowRightIcon } from "~/components/ui/icons";
import { getPlacement } from "~/models/placements.server";
import { DELETE_PLACEMENT_MESSAGE, PLACEMENT_NOT_FOUND } from "~/schemas/placement.constants";
import { capitalize, formatDate, formatUsd } from "~/utils/format";
import { requireRecord } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "Placement Details · Senior Placement" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const {
    record: placement,
    db,
    ctx,
  } = await requireRecord({ request, context }, params.id, getPlacement, PLACEMENT_NOT_FOUND);
  const documents = await relatedDocuments(db, ctx, "Placement", placement.id);
  return json({ placement, documents });
}

export default function PlacementDetailPage() {
  const { placement: p, documents } = useLoaderData<typeof loader>();
  const keyDetails = [
    ["Start date", formatDate(p.startDate)],
    ["Move-in date", p.moveInDate ? formatDate(p.moveInDate) : null],
    ["End date", p.endDate ? formatDate(p.endDate) : null],
    ["Monthly rate", p.monthlyRate !== null ? formatUsd(p.monthlyRate) : null],
    ["Payment method", p.paymentMethod],
    ["Deposit amount", p.depositAmount !== null ? formatUsd(p.depositAmount) : null],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]));

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink to="/placements">Back to Placements</BackLink>
        <RecordActions
          path={`/placements/${p.id}`}
          confirmTitle={`Delete ${p.client.firstName} ${p.client.lastName} → ${p.facility.name}?`}
          confirmMessage={DELETE_PLACEMENT_MESSAGE}
        />
      </div>

      <Card className="p-5 sm:p-6">
        <p className="text-sm font-medium text-slate-500">Placement Details</p>
        <h2 className="mt-1 flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight text-slate-900">
          {p.client.firstName} {p.client.lastName}
          <ArrowRightIcon className="h-5 w-5 text-slate-400" />
          <span className="sr-only"> to </span>
          {p.facility.name}
        </h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Badge tone={placementStatusTone(p.status)}>{p.status}</Badge>
          <Badge tone={priorityTone(p.priority)}>{p.priority} Priority</Badge>
        </div>
      </Card>

      <PlacementProgress placement={p} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
            <DetailCard title="Client Information">
              <Item label="Name">
                <Link to={`/clients/${p.client.id}`} className="font-medium text-brand-700 hover:underline">
                  {p.client.firstName} {p.client.lastName}
                </Link>
              </Item>
              <Item label="Phone">
                <ContactLink phone={p.client.phone} />
              </Item>
              <Item label="Email">
                <ContactLink email={p.client.email} />
              </Item>
            </DetailCard>
            <DetailCard title="Facility Information">
              <Item label="Name">
                <Link to={`/facilities/${p.facility.id}`} className="font-medium text-brand-700 hover:underline">
                  {p.facility.name}
                </Link>
              </Item>
              <Item label="Type">{p.facility.type}</Item>
              <Item label="Address">
                {p.facility.address.street}, {p.facility.address.city}, {p.facility.address.state}{" "}
                {p.facility.address.zip}
              </Item>
              <Item label="Contact">
                {p.facility.contact.name} · <ContactLink phone={p.facility.contact.phone} className="underline" />
              </Item>
            </DetailCard>
          </div>
          {p.timeline.length > 0 ? <PlacementTimeline entries={p.timeline} /> : null}
          {p.notes ? <DetailCard title="Notes" text={p.notes} /> : null}
          <RelatedDocuments documents={documents} />
        </div>
        <div className="space-y-6">
          <DetailCard title="Key Details">
            {keyDetails.map(([label, value]) => (
              <Item key={label} label={label}>
                {value}
              </Item>
            ))}
          </DetailCard>
          <DetailCard title="Assigned Agent">
            <Item label="Name">
              {p.agent.firstName} {p.agent.lastName}{" "}
              <span className="text-slate-500">· {capitalize(p.agent.role)}</span>
            </Item>
            {p.agent.phone ? (
              <Item label="Phone">
                <ContactLink phone={p.agent.phone} />
              </Item>
            ) : null}
            <Item label="Email">
              <ContactLink email={p.agent.email} />
            </Item>
          </DetailCard>
          <DetailCard title="Metadata">
            <Item label="Created">{formatDate(p.createdAt)}</Item>
            <Item label="Updated">{formatDate(p.updatedAt)}</Item>
            <Item label="ID">
              <span className="font-mono text-xs break-all">{p.id}</span>
            </Item>
          </DetailCard>
        </div>
      </div>
    </div>
  );
}
