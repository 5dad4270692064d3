import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { budgetText } from "~/components/clients/client-card";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge, clientStatusTone, placementStatusTone, priorityTone } from "~/components/ui/badge";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { ConfirmLink } from "~/components/ui/dialog";
import { FieldError, Label, Textarea } from "~/components/ui/field";
import { ArrowLeftIcon, EditIcon, TrashIcon } from "~/components/ui/icons";
import { addClientNote, getClient, listClientNotes } from "~/models/clients.server";
import { listClientPlacements } from "~/models/placements.server";
import { listClientTasks } from "~/models/tasks.server";
import { ClientNoteSchema } from "~/schemas/client";
import { getDb } from "~/utils/db.server";
import { formatDate } from "~/utils/format";
import { contextOf, redirectWithToast, requireUser } from "~/utils/session.server";
import { CARE_LEVEL_LABELS, type CareLevelValue, ROOM_TYPE_LABELS } from "~/utils/vocabulary";

export const handle = { header: { title: "Clients", subtitle: "Manage your client database" } };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.client.firstName} ${data.client.lastName} · Senior Placement` : "Client · Senior Placement" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const db = getDb();
  const client = await getClient(db, ctx, params.id ?? "");
  if (!client) throw new Response("Client not found.", { status: 404 });
  const [notes, placements, tasks] = await Promise.all([
    listClientNotes(db, ctx, client.id),
    listClientPlacements(db, ctx, client.id),
    listClientTasks(db, ctx, client.id),
  ]);
  return json({ client, notes, placements, tasks });
}

/** Adds a note (the only change made from this page). */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = contextOf(await requireUser(request));
  const submission = parseWithZod(await request.formData(), { schema: ClientNoteSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const id = params.id ?? "";
  if (!(await addClientNote(getDb(), ctx, id, submission.value.content))) {
    throw new Response("Client not found.", { status: 404 });
  }
  return redirectWithToast(`/clients/${id}#notes`, { type: "success", title: "Note added" });
}

function ageOn(dateOfBirth: string, today = new Date()): number {
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < born.getUTCMonth() ||
    (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children || <span className="text-slate-400">Not given</span>}</dd>
    </div>
  );
}

function Chips({ values, empty }: { values: string[]; empty: string }) {
  if (values.length === 0) return <p className="text-sm text-slate-400">{empty}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {values.map((value) => (
        <li key={value}>
          <Badge>{value}</Badge>
        </li>
      ))}
    </ul>
  );
}

export default function ClientDetailPage() {
  const { client, notes, placements, tasks } = useLoaderData<typeof loader>();
  const name = `${client.firstName} ${client.lastName}`;
  const address = [client.address.street, client.address.city, [client.address.state, client.address.zip].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <Link to="/clients" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900">
        <ArrowLeftIcon className="h-4 w-4" /> Back to Clients
      </Link>

      <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h2 className="text-2xl font-semibold tracking-tight text-slate-900">{name}</h2>
            <Badge tone={clientStatusTone(client.trackerStatus)}>{client.trackerStatus}</Badge>
          </div>
          <p className="mt-1 text-sm text-slate-500">
            {CARE_LEVEL_LABELS[client.careLevel as CareLevelValue] ?? client.careLevel} · Age {ageOn(client.dateOfBirth)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`/clients/${client.id}/edit`} variant="outline">
            <EditIcon className="h-4 w-4" /> Edit Client
          </ButtonLink>
          <ConfirmLink
            href={`/clients/${client.id}/delete`}
            action={`/clients/${client.id}/delete`}
            className={buttonClasses("danger")}
            label={
              <>
                <TrashIcon className="h-4 w-4" /> Delete
              </>
            }
            title="Delete this client?"
            message={`Are you sure you want to delete ${name}? This action cannot be undone.`}
          />
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader title="Contact" />
            <dl className="grid grid-cols-1 gap-5 p-5 sm:grid-cols-2">
              <Item label="Email">
                <a href={`mailto:${client.email}`} className="text-brand-700 hover:underline">
                  {client.email}
                </a>
              </Item>
              <Item label="Phone">
                <a href={`tel:${client.phone}`} className="text-brand-700 hover:underline">
                  {client.phone}
                </a>
              </Item>
              <Item label="Date of birth">{formatDate(client.dateOfBirth)}</Item>
              <Item label="Gender">{client.gender}</Item>
              <div className="sm:col-span-2">
                <Item label="Address">{address}</Item>
              </div>
            </dl>
          </Card>

          <Card>
            <CardHeader title="Medical Information" />
            <div className="space-y-5 p-5">
              <div>
                <h3 className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Conditions</h3>
                <Chips values={client.medicalConditions} empty="None recorded" />
              </div>
              <div>
                <h3 className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Medications</h3>
                <Chips values={client.medications} empty="None recorded" />
              </div>
              <div>
                <h3 className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Notes</h3>
                {client.medicalNotes ? (
                  <p className="text-sm whitespace-pre-line text-slate-700">{client.medicalNotes}</p>
                ) : (
                  <p className="text-sm text-slate-400">None recorded</p>
                )}
              </div>
            </div>
          </Card>

          <Card>
            <CardHeader
              title="Placements"
              action={
                <Link to={`/placements?clientId=${client.id}`} className="text-sm font-medium text-brand-700 hover:underline">
                  View all
                </Link>
              }
            />
            {placements.length === 0 ? (
              <p className="p-5 text-sm text-slate-500">No placements for this client yet.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {placements.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
                    <div className="min-w-0">
                      <Link to={`/placements/${p.id}`} className="font-medium text-slate-900 hover:text-brand-700">
                        {p.facility.name}
                      </Link>
                      <p className="text-sm text-slate-500">
                        {p.facility.city}, {p.facility.state} · started {formatDate(p.startDate)}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Badge tone={placementStatusTone(p.status)}>{p.status}</Badge>
                      <Badge tone={priorityTone(p.priority)}>{p.priority} Priority</Badge>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card>
            <CardHeader title="Tasks" />
            {tasks.length === 0 ? (
              <p className="p-5 text-sm text-slate-500">No tasks for this client.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {tasks.map((t) => (
                  <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
                    <div className="min-w-0">
                      <Link
                        to={`/tasks/${t.id}/edit`}
                        className={t.isCompleted ? "text-slate-500 line-through" : "font-medium text-slate-900 hover:text-brand-700"}
                      >
                        {t.title}
                      </Link>
                      <p className="text-sm text-slate-500">
                        {t.stage} · due {formatDate(t.dueDate)}
                      </p>
                    </div>
                    {t.isCompleted ? <Badge tone="green">Completed</Badge> : <Badge tone={priorityTone(t.priority)}>{t.priority}</Badge>}
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <NotesCard notes={notes} />
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader title="Emergency Contact" />
            <dl className="space-y-4 p-5">
              <Item label="Name">{client.emergencyContact.name}</Item>
              <Item label="Relationship">{client.emergencyContact.relationship}</Item>
              <Item label="Phone">
                <a href={`tel:${client.emergencyContact.phone}`} className="text-brand-700 hover:underline">
                  {client.emergencyContact.phone}
                </a>
              </Item>
            </dl>
          </Card>
          <Card>
            <CardHeader title="Budget & Preferences" />
            <dl className="space-y-4 p-5">
              <Item label="Monthly budget">{budgetText(client.budgetMin, client.budgetMax)}</Item>
              <Item label="Preferred location">{client.preferences.location}</Item>
              <Item label="Room type">
                {ROOM_TYPE_LABELS[client.preferences.roomType as keyof typeof ROOM_TYPE_LABELS] ?? client.preferences.roomType}
              </Item>
              <div>
                <dt className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Preferred amenities</dt>
                <dd>
                  <Chips values={client.preferences.amenities} empty="None chosen" />
                </dd>
              </div>
            </dl>
          </Card>
          <Card>
            <CardHeader title="Record" />
            <dl className="space-y-4 p-5">
              <Item label="Created">{formatDate(client.createdAt)}</Item>
              <Item label="Last updated">{formatDate(client.updatedAt)}</Item>
            </dl>
          </Card>
        </div>
      </div>
    </div>
  );
}

function NotesCard({ notes }: { notes: Array<{ id: string; content: string; createdAt: string; author: string | null }> }) {
  const data = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "client-note",
    lastResult: navigation.state === "idle" ? data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ClientNoteSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Card id="notes">
      <CardHeader title="Notes" description={`${notes.length} ${notes.length === 1 ? "note" : "notes"}`} />
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
          <Button type="submit" size="sm" loading={navigation.state === "submitting" && navigation.formData?.has("content")}>
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
                {note.author ?? "Former staff member"} · {formatDate(note.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      message="Failed to load client details. Please try again."
      notFoundMessage="This client does not exist or was removed."
      backTo="/clients"
      backLabel="Back to Clients"
    />
  );
}
