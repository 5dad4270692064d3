import { json } from "@remix-run/node";
import { agencyDay } from "~/models/agency.server";
import { clientTimeline, type TimelineRow } from "~/models/client-timeline.server";
import { addClientNote } from "~/models/clients.server";
import type { Ctx } from "~/models/context";
import type { PageInfo } from "~/models/lists.server";
import { CLIENT_NOTE_MESSAGES, ClientNoteSchema, type TimelineQuery } from "~/schemas/client";
import { zonedTime } from "~/utils/days";
import type { DB } from "~/utils/db.server";
import { formatDateTime } from "~/utils/format";
import { invariantResponse } from "~/utils/responses";
import { submitForm } from "./form.server";
import { redirectWithToast, type SignedIn } from "./session.server";
import { COMMUNICATION_TYPE_LABELS, type CommunicationType, type TimelineKind } from "~/utils/vocabulary";

// A client's timeline as its page and GET /api/clients/{id}/timeline show it: each entry worded
// (what), with who and when (in the agency's zone), and the record it links to.

/** One entry of the timeline, worded. */
export interface TimelineEntry {
  /** Unique in the timeline: the kind, what happened and the source row's id. */
  id: string;
  kind: TimelineKind;
  /** What happened within the kind: `call`, `created`, "Status changed", the status moved to… */
  type: string;
  /** What: "Call", "Task completed: Tour Maple Grove", "Status changed: New Client → Active Client". */
  title: string;
  /** The text: what was said or written, a placement event's description, a document's category. */
  detail: string | null;
  /** When, as ISO (for `<time dateTime>`) and as read in the agency's zone ("Nov 27, 2026, 3:42 PM"). */
  at: string;
  when: string;
  /** Who did it (null: an automatic change, or someone whose account is gone). */
  who: { id: string; name: string } | null;
  /** The record it links to: a task, a placement or a document (null: the client's own entry). */
  record: { type: "task" | "placement" | "resource" | "facility"; id: string; name: string; href: string } | null;
}

export interface TimelineData extends PageInfo {
  entries: TimelineEntry[];
  counts: Record<TimelineKind, number>;
  /** The kind shown ("": every kind). */
  kind: TimelineKind | "";
}

const typeLabel = (type: string) => COMMUNICATION_TYPE_LABELS[type as CommunicationType] ?? type;

const TOUR_EVENT_TITLES: Record<string, string> = {
  Scheduled: "Tour scheduled",
  Completed: "Toured",
  Cancelled: "Tour cancelled",
  "No-show": "Tour missed (no-show)",
};

const WHERE_ATTACHED: Record<string, string> = { Placement: "added to a placement", Task: "added to a task" };

/** What an entry says: its title and text, and the record it links to. */
function wording(row: TimelineRow): Pick<TimelineEntry, "title" | "detail" | "record"> {
  const ref = row.ref;
  switch (row.kind) {
    case "note":
      return { title: typeLabel(row.event), detail: row.body, record: null };
    case "communication":
      return {
        title: `${typeLabel(row.event)} on a task: ${ref?.name ?? ""}`,
        detail: row.body,
        record: ref && { type: "task", ...ref, href: `/tasks/${ref.id}` },
      };
    case "status":
      return { title: `Status changed: ${row.body ?? ""} → ${row.event}`, detail: null, record: null };
    case "placement":
      return {
        title: `${row.event} · ${ref?.name ?? ""}`,
        detail: row.body,
        record: ref && { type: "placement", ...ref, href: `/placements/${ref.id}` },
      };
    case "task":
      return {
        title: `${row.event === "completed" ? "Task completed" : "Task created"}: ${ref?.name ?? ""}`,
        detail: null,
        record: ref && { type: "task", ...ref, href: `/tasks/${ref.id}` },
      };
    case "document":
      return {
        title: `Document added: ${ref?.name ?? ""}`,
        detail: [row.body, WHERE_ATTACHED[row.event]].filter(Boolean).join(" · "),
        record: ref && { type: "resource", ...ref, href: `/resources/${ref.id}` },
      };
    case "tour":
      return {
        title: `${TOUR_EVENT_TITLES[row.event] ?? `Tour ${row.event.toLowerCase()}`}: ${ref?.name ?? ""}`,
        detail: row.body,
        record: ref && { type: "facility", ...ref, href: `/facilities/${ref.id}` },
      };
  }
}

export function toTimelineEntry(row: TimelineRow, timeZone: string): TimelineEntry {
  return {
    id: `${row.kind}-${row.event}-${row.id}`,
    kind: row.kind,
    type: row.event,
    ...wording(row),
    at: row.at.toISOString(),
    when: formatDateTime(row.at, timeZone),
    who: row.actor,
  };
}

/** A page of the timeline of the agency's client `clientId` (found by the caller), worded. */
export async function timelinePage(db: DB, ctx: Ctx, clientId: string, query: TimelineQuery): Promise<TimelineData> {
  const [{ timeZone }, { rows, ...page }] = await Promise.all([
    agencyDay(db, ctx),
    clientTimeline(db, ctx, clientId, query),
  ]);
  return { ...page, kind: query.kind ?? "", entries: rows.map((row) => toTimelineEntry(row, timeZone)) };
}

/** An entry as the client's page shows it: what, the text, who by name, when, and where it links. */
export interface TimelineItemView extends Pick<TimelineEntry, "kind" | "title" | "detail" | "at" | "when"> {
  who: string | null;
  href: string | null;
}

/** A page of the timeline as the client's page shows it (what it renders, no more: it is also the hydration data). */
export interface TimelineView extends Omit<TimelineData, "entries"> {
  entries: TimelineItemView[];
}

export function timelineView({ entries, ...page }: TimelineData): TimelineView {
  return {
    ...page,
    entries: entries.map(({ kind, title, detail, at, when, who, record }) => ({
      kind,
      title,
      detail,
      at,
      when,
      who: who?.name ?? null,
      href: record?.href ?? null,
    })),
  };
}

/** The toast after logging each type on the client's page. */
export const LOGGED_TOASTS: Record<CommunicationType, string> = {
  note: "Note added",
  call: "Call logged",
  email: "E-mail logged",
  meeting: "Meeting logged",
};

/** A little leeway for a clock behind the server's: "now" typed on a phone is not the future. */
const FUTURE_LEEWAY_MS = 5 * 60_000;

/**
 * The client page's log form (a note, a call, an e-mail or a meeting): checked with its schema,
 * its time read in the agency's zone (one in the future is refused under its field), stored, and
 * back to the page's timeline with a toast. A 404 for a client the agency does not have.
 */
export function logOnClient(request: Request, { db, ctx }: Pick<SignedIn, "db" | "ctx">, clientId: string) {
  const options = {
    failure: "Failed to save it",
    success: { to: `/clients/${clientId}#timeline`, title: LOGGED_TOASTS.note },
  };
  return submitForm(request, ClientNoteSchema, options, async ({ kind = "note", content, occurredAt }, reply) => {
    let at: Date | undefined;
    if (occurredAt) {
      at = zonedTime(occurredAt, (await agencyDay(db, ctx)).timeZone);
      if (at.getTime() > Date.now() + FUTURE_LEEWAY_MS) {
        return json({ result: reply({ fieldErrors: { occurredAt: [CLIENT_NOTE_MESSAGES.future] } }) }, { status: 400 });
      }
    }
    invariantResponse(await addClientNote(db, ctx, clientId, content, { kind, occurredAt: at }), "Client not found.");
    return redirectWithToast(`/clients/${clientId}#timeline`, { type: "success", title: LOGGED_TOASTS[kind] });
  });
}
