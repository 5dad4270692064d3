import { Link } from "@remix-run/react";
import type { FirstTour } from "~/models/tours.server";
import { formatDate } from "~/utils/format";
import { staffNames } from "../clients/tour-display";
import { useTimeZone } from "../layout/use-can";
import { Badge } from "../ui/badge";
import { TitledCard } from "../ui/card";

// The placement page's Tour and disclosure card (issue 36): the first tour the agency arranged of
// this facility for this client (what a referral fee rests on) and whether the family has the
// agency's written disclosure.

export interface PlacementTourData {
  firstTour: FirstTour | null;
  disclosed: boolean;
  /** Why the move-in may earn no fee under the agreement's tour window (null: nothing to say). */
  windowWarning: string | null;
}

/** "Toured Oct 3, 2026 with Dana Ruiz". */
export function touredText(tour: FirstTour, timeZone: string) {
  const day = formatDate(tour.scheduledAt, timeZone);
  return tour.staff.length > 0 ? `Toured ${day} with ${staffNames(tour.staff)}` : `Toured ${day}`;
}

export function PlacementTourCard({
  clientId,
  facilityId,
  data,
}: {
  clientId: string;
  facilityId: string;
  data: PlacementTourData;
}) {
  const timeZone = useTimeZone();
  return (
    <TitledCard id="tour" title="Tour and disclosure" description="What a referral fee for this placement rests on">
      <div className="space-y-3 p-5 text-sm">
        <p>
          {data.firstTour ? (
            <Link
              to={`/clients/${clientId}#tour-${data.firstTour.id}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {touredText(data.firstTour, timeZone)}
            </Link>
          ) : (
            <>
              <span className="text-slate-700">No tour recorded.</span>{" "}
              <Link
                to={`/clients/${clientId}?tourFacility=${facilityId}#tours`}
                className="font-medium text-brand-700 hover:underline"
              >
                Schedule a tour
              </Link>
            </>
          )}
        </p>
        {data.windowWarning ? (
          <p className="rounded-md bg-amber-50 p-3 text-amber-900" data-testid="tour-window-warning">
            {data.windowWarning}
          </p>
        ) : null}
        <p>
          {data.disclosed ? (
            <Badge tone="green">Disclosure given</Badge>
          ) : (
            <>
              <Badge tone="orange">No disclosure</Badge>{" "}
              <span className="text-slate-700">{"The family has not received the agency's written disclosure."}</span>{" "}
              <Link to={`/clients/${clientId}#disclosure`} className="font-medium text-brand-700 hover:underline">
                Record it
              </Link>
            </>
          )}
        </p>
      </div>
    </TitledCard>
  );
}
