import { Link } from "@remix-run/react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Card, CardHeader } from "~/components/ui/card";
import type { FacilityMatch } from "~/models/matching.server";

/** Green from 80%, blue from 60%, else gray. */
function scoreTone(score: number): BadgeTone {
  if (score >= 80) return "green";
  if (score >= 60) return "blue";
  return "gray";
}

/**
 * Matched facilities, best first: score, name, type and place, reasons, beds and cost; the first
 * is the Best Match. `startFor` adds "Start placement" (the placement form with both chosen), but
 * where the client has an open placement already: there, a badge links to it.
 */
export function FacilityMatchList({ matches, startFor }: { matches: FacilityMatch[]; startFor?: string }) {
  return (
    <ol className="divide-y divide-slate-100" aria-label="Matched facilities">
      {matches.map((m, i) => (
        <li key={m.facilityId} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 space-y-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={scoreTone(m.compatibilityScore)}>
                {m.compatibilityScore}%<span className="sr-only"> match</span>
              </Badge>
              <Link
                to={`/facilities/${m.facilityId}`}
                className="font-medium wrap-anywhere text-slate-900 hover:text-brand-700"
              >
                {m.facilityName}
              </Link>
              {i === 0 ? <Badge tone="purple">Best Match</Badge> : null}
            </div>
            {/* Beds and miles are among the reasons. */}
            <p className="text-sm text-slate-500">
              {m.facilityType} · {m.city}, {m.state} · {m.costRange}
            </p>
            <ul className="flex flex-wrap gap-1.5" aria-label="Reasons">
              {m.reasons.map((r) => (
                <li key={r} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                  {r}
                </li>
              ))}
            </ul>
          </div>
          {m.openPlacement ? (
            <OpenPlacementLink placement={m.openPlacement} facilityName={m.facilityName} />
          ) : startFor ? (
            <Link
              to={`/placements/new?clientId=${startFor}&facilityId=${m.facilityId}`}
              className="shrink-0 text-sm font-medium text-brand-700 hover:underline"
              aria-label={`Start placement at ${m.facilityName}`}
            >
              Start placement
            </Link>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The client's open placement at a matched facility: a badge linking to it, where "Start placement" would be. */
function OpenPlacementLink({
  placement,
  facilityName,
}: {
  placement: NonNullable<FacilityMatch["openPlacement"]>;
  facilityName: string;
}) {
  const text = placement.status === "Confirmed" ? "Placement confirmed" : "Placement in progress";
  return (
    <Link
      to={`/placements/${placement.placementId}`}
      className="shrink-0 hover:underline"
      title={`${text} at ${facilityName}: open it`}
    >
      <Badge tone={placement.status === "Confirmed" ? "green" : "blue"}>{text}</Badge>
    </Link>
  );
}

/**
 * A card of a client's matched facilities, each with Start placement: the client page's
 * "Suitable facilities" and the task page's "Facility Matching".
 */
export function FacilityMatchesCard({
  id,
  title,
  description,
  clientId,
  matches,
}: {
  id?: string;
  title: string;
  description: string;
  clientId: string;
  matches: FacilityMatch[];
}) {
  return (
    <Card id={id}>
      <CardHeader title={title} description={description} />
      {matches.length === 0 ? (
        <p className="p-5 text-sm text-slate-500">
          No active facility can serve this client&apos;s care level yet. Add facilities, or check the client&apos;s
          care level.
        </p>
      ) : (
        <FacilityMatchList matches={matches} startFor={clientId} />
      )}
    </Card>
  );
}
