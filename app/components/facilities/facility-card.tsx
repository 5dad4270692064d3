import { Link } from "@remix-run/react";
import type { FacilityRecord } from "~/models/facilities.server";
import { costRangeText, truncate } from "~/utils/format";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";

/** What a card shows, and nothing more (the directory sends only this to the browser). */
export function toFacilityCard(facility: FacilityRecord) {
  return {
    id: facility.id,
    name: facility.name,
    type: facility.type,
    city: facility.address.city,
    state: facility.address.state,
    availableBeds: facility.availableBeds,
    capacity: facility.capacity,
    isActive: facility.isActive,
    minCost: facility.minCost,
    maxCost: facility.maxCost,
    rating: facility.rating,
    amenities: facility.amenities,
    notes: facility.notes,
  };
}

/** Available when beds are free, else Wait List (docs/vocabularies.md, "Facility availability"). */
export function AvailabilityBadge({ availableBeds }: { availableBeds: number }) {
  return availableBeds > 0 ? (
    <Badge tone="green">
      Available · {availableBeds} {availableBeds === 1 ? "bed" : "beds"}
    </Badge>
  ) : (
    <Badge tone="yellow">Wait List</Badge>
  );
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge tone="blue">Active</Badge> : <Badge tone="gray">Inactive</Badge>;
}

export function FacilityCard({ facility }: { facility: ReturnType<typeof toFacilityCard> }) {
  const shown = facility.amenities.slice(0, 3);
  const more = facility.amenities.length - shown.length;
  return (
    <Card className="flex h-full flex-col p-5 transition-shadow hover:shadow-md" data-testid="facility-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-base font-semibold text-slate-900">
            <Link to={`/facilities/${facility.id}`} className="hover:text-brand-700">
              {facility.name}
            </Link>
          </h3>
          <p className="mt-0.5 text-sm text-slate-500">
            {facility.type} · {facility.city}, {facility.state}
          </p>
        </div>
        {facility.rating !== null ? (
          <span className="shrink-0 text-sm font-medium text-amber-700" title="Rating">
            ★ {facility.rating.toFixed(1)}
          </span>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5">
        <AvailabilityBadge availableBeds={facility.availableBeds} />
        <ActiveBadge isActive={facility.isActive} />
      </div>
      <p className="mt-3 text-sm font-medium text-slate-900">
        {costRangeText(facility.minCost, facility.maxCost)} <span className="font-normal text-slate-500">/ month</span>
      </p>
      {shown.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Amenities">
          {shown.map((a) => (
            <li key={a}>
              <Badge wrap>{a}</Badge>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Badge tone="purple">+{more} more</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      {facility.notes ? (
        <p className="mt-3 border-t border-slate-100 pt-3 text-sm text-slate-600" title={facility.notes}>
          {truncate(facility.notes)}
        </p>
      ) : null}
    </Card>
  );
}
