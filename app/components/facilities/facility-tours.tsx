import { Link } from "@remix-run/react";
import type { Tour } from "~/models/tours.server";
import { formatDateTime } from "~/utils/format";
import { OUTCOME_TONES, staffNames } from "../clients/tour-display";
import { useTimeZone } from "../layout/use-can";
import { Badge } from "../ui/badge";
import { TitledCard } from "../ui/card";

// The facility page's Tours card (issue 36): tours to come, soonest first, and past ones.

export function FacilityToursCard({ tours }: { tours: { upcoming: Tour[]; past: Tour[] } }) {
  return (
    <TitledCard id="tours" title="Tours" description="Clients' visits of this facility">
      <TourList title="Upcoming" tours={tours.upcoming} empty="No tours planned." />
      <TourList title="Past" tours={tours.past} empty="No past tours." />
    </TitledCard>
  );
}

function TourList({ title, tours, empty }: { title: string; tours: Tour[]; empty: string }) {
  const timeZone = useTimeZone();
  return (
    <section className="border-b border-slate-100 last:border-b-0" aria-label={`${title} tours`}>
      <h3 className="px-5 pt-4 text-xs font-medium tracking-wide text-slate-500 uppercase">{title}</h3>
      {tours.length === 0 ? (
        <p className="px-5 py-3 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {tours.map((tour) => (
            <li key={tour.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
              <div className="min-w-0">
                <Link
                  to={`/clients/${tour.client.id}#tour-${tour.id}`}
                  className="font-medium wrap-anywhere text-slate-900 hover:text-brand-700"
                >
                  {tour.client.name}
                </Link>
                <p className="text-slate-600">
                  <time dateTime={tour.scheduledAt}>{formatDateTime(tour.scheduledAt, timeZone)}</time>
                  {tour.staff.length > 0 ? ` · with ${staffNames(tour.staff)}` : null}
                </p>
              </div>
              <Badge tone={OUTCOME_TONES[tour.outcome]}>{tour.outcome}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
