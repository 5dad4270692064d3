import { useTimeZone } from "../layout/use-can";
import { getFormProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ClientNoteSchema } from "~/schemas/client";
import { formatDate } from "~/utils/format";
import type { PlacementOfClient } from "~/models/placements.server";
import type { TaskOfClient } from "~/models/tasks/list.server";
import { PlacementBadges } from "../placements/placement-badges";
import { Badge, priorityTone } from "../ui/badge";
import { Button, ButtonLink } from "../ui/button";
import { CardLink, TitledCard } from "../ui/card";
import { FieldError, Label, Textarea } from "../ui/field";
import { PlusIcon } from "../ui/icons";

// Parts of the client's page (app/routes/_app.clients.$id._index.tsx).

export function ageOn(dateOfBirth: string, today = new Date()): number {
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < born.getUTCMonth() ||
    (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export function NotesCard({
  notes,
  lastResult,
}: {
  notes: Array<{ id: string; content: string; createdAt: string; author: string | null }>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const timeZone = useTimeZone();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(ClientNoteSchema, {
    id: "client-note",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    revalidate: false,
  });
  return (
    <TitledCard id="notes" title="Notes" description={`${notes.length} ${notes.length === 1 ? "note" : "notes"}`}>
      <Form method="post" {...getFormProps(form)} className="space-y-3 border-b border-slate-100 p-5">
        <Label htmlFor={fields.content.id}>Add a note</Label>
        <Textarea
          {...getTextareaProps(fields.content)}
          key={`note-${notes.length}`}
          rows={3}
          placeholder="Call summary, family wishes, next steps…"
          invalid={!!fields.content.errors}
        />
        <FieldError id={fields.content.errorId} errors={fields.content.errors} />
        <div className="flex justify-end">
          <Button
            type="submit"
            size="sm"
            loading={navigation.state === "submitting" && navigation.formData?.has("content")}
          >
            Add Note
          </Button>
        </div>
      </Form>
      {notes.length === 0 ? (
        <p className="p-5 text-sm text-slate-500">No notes yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {notes.map((note) => (
            <li key={note.id} className="px-5 py-4">
              <p className="text-sm whitespace-pre-line text-slate-800">{note.content}</p>
              <p className="mt-1 text-xs text-slate-500">
                {note.author ?? "Former staff member"} · {formatDate(note.createdAt, timeZone)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

/** A new placement with this client chosen: the page's first action (and the Placements card's). */
export function NewPlacementLink({ clientId }: { clientId: string }) {
  return (
    <ButtonLink to={`/placements/new?clientId=${clientId}`}>
      <PlusIcon className="h-4 w-4" /> New Placement
    </ButtonLink>
  );
}

export function ClientPlacementsCard({ clientId, placements }: { clientId: string; placements: PlacementOfClient[] }) {
  return (
    <TitledCard title="Placements" action={<CardLink to={`/placements?clientId=${clientId}`}>View all</CardLink>}>
      {placements.length === 0 ? (
        <p className="p-5 text-sm text-slate-500">No placements for this client yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Placements of this client">
          {placements.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0 wrap-anywhere">
                <Link to={`/placements/${p.id}`} className="font-medium text-slate-900 hover:text-brand-700">
                  {p.facility.name}
                </Link>
                <p className="text-sm text-slate-500">
                  {p.facility.city}, {p.facility.state} · started {formatDate(p.startDate)}
                </p>
              </div>
              <div className="flex gap-2">
                <PlacementBadges placement={p} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-slate-100 px-5 py-3">
        <Link
          to={`/placements/new?clientId=${clientId}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          <PlusIcon className="h-4 w-4" /> New Placement
        </Link>
      </div>
    </TitledCard>
  );
}

export function ClientTasksCard({ clientId, tasks }: { clientId: string; tasks: TaskOfClient[] }) {
  return (
    <TitledCard
      title="Tasks"
      action={
        <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          <Link to={`/tasks?clientId=${clientId}`} className="text-brand-700 hover:underline">
            All tasks
          </Link>
          <Link to={`/tasks/new?clientId=${clientId}`} className="text-brand-700 hover:underline">
            New Task
          </Link>
        </span>
      }
    >
      {tasks.length === 0 ? (
        <p className="p-5 text-sm text-slate-500">No tasks for this client.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {tasks.map((t) => (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0 wrap-anywhere">
                <Link
                  to={`/tasks/${t.id}`}
                  className={
                    t.isCompleted ? "text-slate-500 line-through" : "font-medium text-slate-900 hover:text-brand-700"
                  }
                >
                  {t.title}
                </Link>
                <p className="text-sm text-slate-500">
                  {t.stage} · due {formatDate(t.dueDate)}
                </p>
              </div>
              {t.isCompleted ? (
                <Badge tone="green">Completed</Badge>
              ) : (
                <Badge tone={priorityTone(t.priority)}>{t.priority}</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
