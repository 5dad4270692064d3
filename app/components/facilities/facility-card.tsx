import { Link } from "@remix-run/react";
import type { FacilityRecord } from "~/models/facilities.server";
import { costRangeText } from "~/utils/format";
import { Badge } from "../ui/badge";
import { CardNote } from "../ui/card";

/** How many amenities a card names; the rest are counted ("+2 more"). */
const AMENITIES_SHOWN = 3;

/** What a card shows, and nothing more (the directory sends only this to the browser). */
export function toFacilityCard(facility: FacilityRecord) {
  return {
    id: facility.id,
    name: facility.name,
    type: facility.type,
    city: facility.address.city,
    state: facility.address.state,
    availableBeds: facility.availableBeds,
    isActive: facility.isActive,
    minCost: facility.minCost,
    maxCost: facility.maxCost,
    rating: facility.rating,
    amenities: facility.amenities.slice(0, AMENITIES_SHOWN),
    moreAmenities: Math.max(0, facility.amenities.length - AMENITIES_SHOWN),
    notes: facility.notes,
  };
}

/** Available when beds are free, else Wait List (docs/vocabularies.md, "Facility availability"). */
export function AvailabilityBadge({ availableBeds }: { availableBeds: number }) {
  return availableBeds > 0 ? (
    <Badge tone="green">{`Available · ${availableBeds} ${availableBeds === 1 ? "bed" : "beds"}`}</Badge>
  ) : (
    <Badge tone="yellow">Wait List</Badge>
  );
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return isActive ? <Badge tone="blue">Active</Badge> : <Badge tone="gray">Inactive</Badge>;
}

/**
 * A facility's card in the directory. A page shows twelve, so its parts are short classes
 * (`facility-card…` in tailwind.css) rather than their utilities on every card.
 */
export function FacilityCard({ facility }: { facility: ReturnType<typeof toFacilityCard> }) {
  return (
    <div className="facility-card" data-testid="facility-card">
      <div className="facility-card-head">
        <div className="min-w-0">
          <h3>
            <Link to={`/facilities/${facility.id}`} discover="none">
              {facility.name}
            </Link>
          </h3>
          <p>{`${facility.type} · ${facility.city}, ${facility.state}`}</p>
        </div>
        {facility.rating !== null ? (
          <span className="rating" title="Rating">{`★ ${facility.rating.toFixed(1)}`}</span>
        ) : null}
      </div>
      <div className="facility-card-badges">
        <AvailabilityBadge availableBeds={facility.availableBeds} />
        <ActiveBadge isActive={facility.isActive} />
      </div>
      <p className="facility-card-cost">
        {costRangeText(facility.minCost, facility.maxCost)} <span>/ month</span>
      </p>
      {facility.amenities.length > 0 ? (
        <ul className="facility-card-badges" aria-label="Amenities">
          {facility.amenities.map((a) => (
            <li key={a}>
              <Badge wrap>{a}</Badge>
            </li>
          ))}
          {facility.moreAmenities > 0 ? (
            <li>
              <Badge tone="purple">{`+${facility.moreAmenities} more`}</Badge>
            </li>
          ) : null}
        </ul>
      ) : null}
      {facility.notes ? <CardNote className="facility-card-note" text={facility.notes} /> : null}
    </div>
  );
}
