import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Chips, Item } from "~/components/ui/detail";
import { ActiveBadge, AvailabilityBadge, priceText } from "~/components/facilities/facility-card";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { ConfirmLink } from "~/components/ui/dialog";
import { ArrowLeftIcon, ClipboardIcon, EditIcon, PlusIcon, TrashIcon } from "~/components/ui/icons";
import { ProgressBar } from "~/components/ui/progress";
import { countFacilityPlacements, getFacility } from "~/models/facilities.server";
import { DELETE_FACILITY_MESSAGE } from "~/schemas/facility";
import { formatDate, formatUsd } from "~/utils/format";
import { requireSignedIn } from "~/services/session.server";
import { invariantResponse } from "~/utils/responses";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.facility.name} · Senior Placement` : "Facility · Senior Placement" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn(request);
  const facility = await getFacility(db, ctx, params.id ?? "");
  invariantResponse(facility, "Facility not found.");
  const placements = await countFacilityPlacements(db, ctx, facility.id);
  return json({ facility, placements });
}

export default function FacilityDetailPage() {
  const { facility: f, placements } = useLoaderData<typeof loader>();
  const occupancy = f.capacity > 0 ? Math.round((f.currentOccupancy / f.capacity) * 100) : 0;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link
        to="/facilities"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeftIcon className="h-4 w-4" /> Back to Facilities
      </Link>

      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="min-w-0">
          <h2 className="text-2xl font-semibold tracking-tight text-slate-900">{f.name}</h2>
          <p className="mt-1 text-sm text-slate-500">
            {f.type} · {f.address.city}, {f.address.state}
            {f.rating !== null ? (
              <span className="ml-2 font-medium text-amber-600">★ {f.rating.toFixed(1)}</span>
            ) : null}
          </p>
          <div className="mt-2 flex flex-wrap gap-1.5">
            <AvailabilityBadge availableBeds={f.availableBeds} />
            <ActiveBadge isActive={f.isActive} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`/facilities/${f.id}/edit`} variant="outline">
            <EditIcon className="h-4 w-4" /> Edit
          </ButtonLink>
          <ConfirmLink
            href={`/facilities/${f.id}/delete`}
            action={`/facilities/${f.id}/delete`}
            className={buttonClasses("danger")}
            label={
              <>
                <TrashIcon className="h-4 w-4" /> Delete
              </>
            }
            title={`Delete ${f.name}?`}
            message={DELETE_FACILITY_MESSAGE}
          />
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title="Overview" />
            <div className="space-y-5 p-5">
              <div className="grid grid-cols-3 gap-4 text-center">
                {[
                  ["Capacity", f.capacity],
                  ["Occupied", f.currentOccupancy],
                  ["Available beds", f.availableBeds],
                ].map(([label, value]) => (
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
                  <a href={`tel:${f.contact.phone}`} className="text-brand-700 hover:underline">
                    {f.contact.phone}
                  </a>
                  {f.contact.email ? (
                    <>
                      <br />
                      <a href={`mailto:${f.contact.email}`} className="break-all text-brand-700 hover:underline">
                        {f.contact.email}
                      </a>
                    </>
                  ) : null}
                </Item>
              </dl>
            </div>
          </Card>
          <Card>
            <CardHeader title="Amenities" />
            <div className="p-5">
              <Chips values={f.amenities} empty="None listed" />
            </div>
          </Card>
          <Card>
            <CardHeader title="Specialties" />
            <div className="p-5">
              <Chips values={f.specialties} empty="None listed" />
            </div>
          </Card>
          {f.notes ? (
            <Card>
              <CardHeader title="Notes" />
              <p className="p-5 text-sm whitespace-pre-line text-slate-700">{f.notes}</p>
            </Card>
          ) : null}
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader title="Quick Actions" />
            <div className="space-y-2 p-5">
              <ButtonLink to={`/placements/new?facilityId=${f.id}`} className="w-full">
                <PlusIcon className="h-4 w-4" /> New Placement
              </ButtonLink>
              <ButtonLink to={`/placements?facilityId=${f.id}`} variant="outline" className="w-full">
                <ClipboardIcon className="h-4 w-4" /> View Placements
              </ButtonLink>
              <p className="pt-1 text-center text-xs text-slate-500">
                {placements.total} {placements.total === 1 ? "placement" : "placements"}, {placements.active} active
              </p>
            </div>
          </Card>
          <Card>
            <CardHeader title="Pricing" />
            <dl className="space-y-4 p-5">
              <Item label="Monthly cost">{priceText(f)}</Item>
              <Item label="Cost range">{f.costRange}</Item>
              <Item label="Minimum / maximum">
                {formatUsd(f.minCost)} / {f.maxCost > 0 ? formatUsd(f.maxCost) : "no maximum"}
              </Item>
              <Item label="Insurance">{f.acceptsInsurance ? "Accepted" : "Not accepted"}</Item>
            </dl>
          </Card>
          <Card>
            <CardHeader title="Details" />
            <dl className="space-y-4 p-5">
              <Item label="License number">{f.licenseNumber}</Item>
              <Item label="Type">{f.type}</Item>
              <Item label="Status">{f.isActive ? "Active" : "Inactive"}</Item>
              <Item label="Added">{formatDate(f.createdAt)}</Item>
              <Item label="Last updated">{formatDate(f.updatedAt)}</Item>
            </dl>
          </Card>
        </div>
      </div>
    </div>
  );
}
