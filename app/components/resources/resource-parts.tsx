import { expiryOf } from "~/schemas/resource.constants";
import { ACCESS_LEVEL_LABELS, type AccessLevel } from "~/utils/vocabulary";
import { Badge, type BadgeTone } from "../ui/badge";

// The small parts every document screen shows the same way: its status, access and confidential badges.

const ACCESS_TONES: Record<AccessLevel, BadgeTone> = { public: "green", internal: "blue", restricted: "orange" };

/** "Expired", "Expires in N days" (30 days or fewer) or "Active", on the agency's `today`. */
export function ExpiryBadge({ expirationDate, today }: { expirationDate: string | null; today: string }) {
  const { status, tone } = expiryOf(expirationDate, today);
  return <Badge tone={tone}>{status}</Badge>;
}

export function AccessBadge({ level }: { level: AccessLevel }) {
  return <Badge tone={ACCESS_TONES[level]}>{ACCESS_LEVEL_LABELS[level]}</Badge>;
}

export function ConfidentialBadge() {
  return <Badge tone="red">Confidential</Badge>;
}

/** A document's expiry, access and (when it is) confidential badges, side by side: its page and a record's Documents card. */
export function DocumentBadges({
  document: d,
  today,
}: {
  document: { expirationDate: string | null; accessLevel: AccessLevel; isConfidential: boolean };
  today: string;
}) {
  return (
    <>
      <ExpiryBadge expirationDate={d.expirationDate} today={today} />
      <AccessBadge level={d.accessLevel} />
      {d.isConfidential ? <ConfidentialBadge /> : null}
    </>
  );
}

/** The link that downloads a document (a version of it, with `version`). */
export function downloadHref(id: string, version?: number): string {
  return `/resources/${id}/download${version ? `?version=${version}` : ""}`;
}
