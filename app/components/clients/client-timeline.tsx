import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { TimelineItemView, TimelineView } from "~/services/client-timeline.server";
import { ClientNoteSchema, TIMELINE_PAGE_SIZE } from "~/schemas/client";
import { withParams } from "~/utils/list-query";
import {
  COMMUNICATION_TYPE_LABELS,
  COMMUNICATION_TYPES,
  TIMELINE_KIND_LABELS,
  TIMELINE_KINDS,
  type TimelineKind,
} from "~/utils/vocabulary";
import { useTimeZone } from "../layout/use-can";
import { Button } from "../ui/button";
import { TitledCard } from "../ui/card";
import { InputField, SelectField, TextareaField } from "../ui/form";
import { Pagination } from "../ui/pagination";
import { Tabs } from "../ui/tabs";
import { useSchemaForm } from "../ui/use-schema-form";

// The client's timeline (its page's main card, `#timeline`): a form to log a note, a call, an
// e-mail or a meeting, the kinds as filter links (`?kind=`), the entries newest first, and page
// links. Every part is a plain form or link: it all works without JavaScript.

/** Where a page of the timeline is: the client's page with its kind and page, at the card. */
const timelineHref = (kind: string, page = 1) =>
  `${withParams("", { kind: kind || undefined, page: page > 1 ? page : undefined })}#timeline`;

export function TimelineCard({
  timeline,
  logResult,
}: {
  timeline: TimelineView;
  logResult: SubmissionResult<string[]> | undefined;
}) {
  const all = TIMELINE_KINDS.reduce((sum, kind) => sum + timeline.counts[kind], 0);
  return (
    <TitledCard id="timeline" title="Timeline" description="Everything that happened with this client, newest first">
      {/* A new form once one is saved (the count moves): empty again, with JavaScript too. */}
      <LogForm key={timeline.counts.note} lastResult={logResult} />
      <KindFilter kind={timeline.kind} counts={timeline.counts} all={all} />
      <TimelineEntries timeline={timeline} />
    </TitledCard>
  );
}

const TYPE_OPTIONS = COMMUNICATION_TYPES.map((type) => [type, COMMUNICATION_TYPE_LABELS[type]] as const);

/** "Log a note or call": its type, what happened, and (optional) when, in the agency's zone. */
function LogForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const timeZone = useTimeZone();
  const [form, fields] = useSchemaForm(ClientNoteSchema, {
    id: "client-log",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { kind: "note" },
    constraint: { content: { required: true } },
    revalidate: false,
  });
  const sending = navigation.state === "submitting" && navigation.formData?.has("content");
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3 border-b border-slate-100 p-5">
      <h3 className="text-sm font-semibold text-slate-900">Log a note or call</h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField field={fields.kind} label="Type" options={TYPE_OPTIONS} />
        <InputField
          field={fields.occurredAt}
          type="datetime-local"
          label="When it happened"
          hint={`Optional: empty is now. Agency time (${timeZone.replace(/_/g, " ")}).`}
        />
      </div>
      <TextareaField
        field={fields.content}
        label="What happened"
        rows={3}
        placeholder="Call summary, family wishes, next steps…"
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={sending}>
          Add to Timeline
        </Button>
      </div>
    </Form>
  );
}

/** The kinds as links (each its count), "All" first: the URL holds the filter. */
function KindFilter({ kind, counts, all }: { kind: TimelineKind | ""; counts: TimelineView["counts"]; all: number }) {
  const items = [
    { value: "", label: "All", to: timelineHref(""), count: all },
    ...TIMELINE_KINDS.map((k) => ({ value: k, label: TIMELINE_KIND_LABELS[k], to: timelineHref(k), count: counts[k] })),
  ];
  return (
    <Tabs
      aria-label="Show in the timeline"
      items={items}
      current={kind}
      variant="pills"
      preventScrollReset
      className="border-b border-slate-100 px-5 py-3"
    />
  );
}

function TimelineEntries({ timeline }: { timeline: TimelineView }) {
  const { entries, kind, page, totalPages, total } = timeline;
  if (entries.length === 0) {
    return (
      <p className="p-5 text-sm text-slate-500">
        {total === 0 ? (
          kind ? (
            `No ${TIMELINE_KIND_LABELS[kind].toLowerCase()} yet.`
          ) : (
            "Nothing has happened yet."
          )
        ) : (
          <>
            No entries on this page. <Link to={timelineHref(kind)}>Back to the newest</Link>
          </>
        )}
      </p>
    );
  }
  return (
    <>
      <ol className="divide-y divide-slate-100" aria-label="Timeline entries">
        {/* A page of entries is read, never reordered: its place is its key. */}
        {entries.map((entry, i) => (
          <TimelineItem key={i} entry={entry} />
        ))}
      </ol>
      {totalPages > 1 ? (
        <div className="border-t border-slate-100 px-5 py-3">
          <Pagination
            page={page}
            totalPages={totalPages}
            total={total}
            limit={TIMELINE_PAGE_SIZE}
            noun="entries"
            hrefFor={(p) => timelineHref(kind, p)}
            aria-label="Timeline pages"
            preventScrollReset
          />
        </div>
      ) : null}
    </>
  );
}

/** Who, when no one is known: a status changed by a rule, else someone whose account is gone. */
const nobody = (entry: TimelineItemView) => (entry.kind === "status" ? "Automatic" : "Former staff member");

function TimelineItem({ entry }: { entry: TimelineItemView }) {
  return (
    <li className="timeline-entry">
      <p className="font-medium text-slate-900 wrap-anywhere">
        <span className="badge badge-pill badge-gray mr-2">{TIMELINE_KIND_LABELS[entry.kind]}</span>
        {entry.href ? <Link to={entry.href}>{entry.title}</Link> : entry.title}
      </p>
      {entry.detail ? <p className="whitespace-pre-line text-slate-700 wrap-anywhere">{entry.detail}</p> : null}
      <p className="text-xs text-slate-500">
        {entry.who ?? nobody(entry)} · <time dateTime={entry.at}>{entry.when}</time>
      </p>
    </li>
  );
}
