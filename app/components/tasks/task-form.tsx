import { type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { TaskFormOptions } from "~/models/tasks/form.server";
import type { TaskRecord } from "~/models/tasks/record.server";
import { TASK_FORM_EXTRAS, TaskSchema } from "~/schemas/task";
import { useHydrated } from "~/utils/use-hydrated";
import { PRIORITIES, TASK_STAGES, TASK_TYPES, type TaskType } from "~/utils/vocabulary";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { FieldError, FieldHint, Input, Label, Textarea } from "../ui/field";
import { FormSection, InputField, RecordForm, SelectField, TextareaField } from "../ui/form";
import { InfoIcon, PlusIcon, XIcon } from "../ui/icons";
import { FormPage } from "../ui/page-header";
import { PickerField } from "../ui/picker-field";
import type { Option } from "../ui/reference-picker";
import { requiredFields, useFormScreen, useSchemaForm } from "../ui/use-schema-form";

/** Each field's label, by name, as the controls read them. */
const TASK_FIELD_LABELS: Record<string, string> = {
  title: "Title",
  description: "Description",
  type: "Type",
  estimatedHours: "Estimated hours",
  clientId: "Related client",
  placementId: "Related placement",
  checklist: "Checklist",
  priority: "Priority",
  status: "Status",
  dueDate: "Due date",
  assignedTo: "Assigned to",
};

const label = (name: string) => TASK_FIELD_LABELS[name] ?? (name.startsWith("checklist") ? "Checklist" : name);

/** The Task Types help box: what each type is for. */
const TYPE_HELP: Record<TaskType, string> = {
  "Initial Contact": "The first call or meeting with a family.",
  Assessment: "Assessing the client's care needs.",
  "Facility Visit": "A tour of a facility with or for the client.",
  Documentation: "Paperwork: forms, records, care plans.",
  "Insurance Verification": "Checking Medicare, Medicaid, long-term care or VA cover.",
  "Contract Review": "Going through an admission agreement.",
  "Move Coordination": "Planning and following the move-in.",
  "Follow-up": "Checking in after a step or a move.",
  Other: "Anything else.",
};

/** The form's starting values for a stored task (edit). */
export function taskFormDefaults(t: TaskRecord) {
  return {
    title: t.title,
    description: t.description ?? "",
    type: t.type,
    estimatedHours: t.estimatedHours === null ? "" : String(t.estimatedHours),
    clientId: t.client?.id ?? "",
    placementId: t.placement?.id ?? "",
    checklist: t.checklist.map((i) => ({ item: i.item, completed: i.completed ? "on" : "" })),
    priority: t.priority,
    status: t.stage,
    dueDate: t.dueDate,
    assignedTo: t.assignee.id,
    version: String(t.version),
  };
}

const PAGES = {
  create: { title: "Create New Task", description: "Plan a piece of work and who does it" },
  edit: { title: "Edit Task", description: "Update the task, its checklist and who does it" },
};

type ChecklistEntry = { key: number; item: string; completed: boolean };

/** The checklist as the form holds it: stored items, or those of the last submit. */
function entriesOf(value: unknown): ChecklistEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry, key) => {
    if (!entry || typeof entry !== "object") return [];
    const { item, completed } = entry as { item?: unknown; completed?: unknown };
    return [{ key, item: typeof item === "string" ? item : "", completed: completed === "on" || completed === true }];
  });
}

/**
 * The checklist: each item's box, its text and Remove. With JavaScript, Add (or Enter in the new
 * item's box) adds an item and Remove takes one out at once. Without, they are submit buttons of
 * the form (a step that saves nothing; see saveTaskForm), and new items are typed one a line.
 */
function ChecklistEditor({ initial, error }: { initial: ChecklistEntry[]; error?: string }) {
  const hydrated = useHydrated();
  const [items, setItems] = useState(initial);
  const nextKey = useRef(initial.length);
  const add = (item: string) => setItems((list) => [...list, { key: nextKey.current++, item, completed: false }]);
  const remove = (key: number) => setItems((list) => list.filter((e) => e.key !== key));
  return (
    <div className="space-y-4 sm:col-span-2">
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">No items yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Checklist items">
          {items.map((entry, index) => (
            <ChecklistItem
              key={entry.key}
              entry={entry}
              index={index}
              onRemove={hydrated ? () => remove(entry.key) : null}
            />
          ))}
        </ul>
      )}
      {hydrated ? <NewItemBox onAdd={add} /> : <NewItemsWithoutScript />}
      <FieldError errors={error} />
    </div>
  );
}

/**
 * One item: its box, its text and Remove, which takes it out at once (`onRemove`), or without
 * JavaScript sends the form back without it (null).
 */
function ChecklistItem({
  entry,
  index,
  onRemove,
}: {
  entry: ChecklistEntry;
  index: number;
  onRemove: (() => void) | null;
}) {
  const name = entry.item || `item ${index + 1}`;
  return (
    <li className="flex items-center gap-2" data-testid="checklist-entry">
      <input
        type="checkbox"
        name={`checklist[${index}].completed`}
        defaultChecked={entry.completed}
        className="h-4 w-4 shrink-0 accent-brand-600"
        aria-label={`Done: ${name}`}
      />
      <Input
        name={`checklist[${index}].item`}
        defaultValue={entry.item}
        aria-label={`Checklist item ${index + 1}`}
        className="min-w-0 flex-1"
      />
      {onRemove ? (
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="shrink-0"
          aria-label={`Remove ${name}`}
          onClick={onRemove}
        >
          <XIcon className="h-4 w-4" />
        </Button>
      ) : (
        <Button
          type="submit"
          name="intent"
          value={`remove-item:${index}`}
          variant="ghost"
          formNoValidate
          className="shrink-0 px-3 sm:px-4"
          aria-label={`Remove ${name}`}
        >
          {/* On a phone the icon alone, so that the item's text keeps the width. */}
          <XIcon className="h-4 w-4" /> <span className="hidden sm:inline">Remove</span>
        </Button>
      )}
    </li>
  );
}

/** With JavaScript: the new item's box, added by Add or Enter. */
function NewItemBox({ onAdd }: { onAdd: (item: string) => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const newItem = useRef<HTMLInputElement>(null);

  function add() {
    const input = newItem.current;
    const text = input?.value.trim() ?? "";
    if (!input || text === "") {
      setProblem("Type the item first.");
      return;
    }
    onAdd(text);
    setProblem(null);
    input.value = "";
    input.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  }

  return (
    <div>
      <Label htmlFor={`${id}-new`}>New checklist item</Label>
      <div className="flex gap-2">
        <Input
          ref={newItem}
          id={`${id}-new`}
          name="newItems"
          placeholder="e.g. Call the daughter back"
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1"
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <Button type="button" variant="outline" onClick={add}>
          <PlusIcon className="h-4 w-4" /> Add
        </Button>
      </div>
      <FieldError id={`${id}-problem`} errors={problem} />
    </div>
  );
}

/** Without JavaScript: new items typed one a line, added by the form's "Add to checklist" step. */
function NewItemsWithoutScript() {
  const id = useId();
  return (
    <div>
      <Label htmlFor={`${id}-new`}>Add items (one per line)</Label>
      <Textarea id={`${id}-new`} name="newItems" rows={3} aria-describedby={`${id}-hint`} />
      <FieldHint id={`${id}-hint`}>Lines still here when the task is saved are added too.</FieldHint>
      <Button type="submit" name="intent" value="add-items" variant="outline" formNoValidate className="mt-2">
        <PlusIcon className="h-4 w-4" /> Add to checklist
      </Button>
    </div>
  );
}

function TaskTypesHelp() {
  return (
    <Card className="border-blue-200 bg-blue-50/60 p-5 sm:p-6">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <InfoIcon className="h-5 w-5 text-blue-600" /> Task Types
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {TASK_TYPES.map((type) => (
          <div key={type}>
            <dt className="inline font-medium text-slate-900">{type}: </dt>
            <dd className="inline text-slate-700">{TYPE_HELP[type]}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/**
 * The placement the task is about: one of the related client's. Without JavaScript the server
 * lists the placements of the client the form was shown with (its Search step shows another's);
 * with it, they follow the client as it is chosen.
 */
function PlacementField({
  field,
  clientId,
  loaded,
}: {
  field: FieldMetadata<unknown>;
  clientId: string;
  loaded: { of: string | null; options: Option[] };
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ options: Option[] }>();
  const { load } = fetcher;
  const listed = !clientId || clientId === loaded.of;
  useEffect(() => {
    if (hydrated && !listed) load(`/placement-options?kind=placement&clientId=${encodeURIComponent(clientId)}`);
  }, [hydrated, listed, clientId, load]);
  const options = !clientId ? [] : listed ? loaded.options : (fetcher.data?.options ?? []);
  const hint = !clientId
    ? "Choose a related client to list their placements."
    : hydrated
      ? undefined
      : "The related client's placements. After choosing another client, press Search to list theirs.";
  return (
    <SelectField
      field={field}
      label={label("placementId")}
      placeholder="None"
      hint={hint}
      options={options.map((o) => [o.id, `${o.label} (${o.hint})`] as const)}
    />
  );
}

/** The task form screen, new or edit: its route's loader gives `options` and `defaultValue`, its action (saveTaskForm) the reply. */
export function TaskFormPage({ mode }: { mode: "create" | "edit" }) {
  const { answer, defaultValue, options } = useFormScreen<TaskFormOptions>();
  // A new task from a placement's page goes back to it (saved or cancelled).
  const { returnTo } = useLoaderData() as { returnTo?: string | null };
  const [form, fields] = useTaskForm(answer?.result, defaultValue);
  const checklistErrors = Object.entries(form.allErrors)
    .filter(([path]) => path.startsWith("checklist"))
    .flatMap(([, messages]) => messages);
  return (
    <FormPage {...PAGES[mode]}>
      <RecordForm
        form={form}
        mode={mode}
        conflict={answer?.conflict}
        enterButton
        cancelTo={returnTo ?? "/tasks"}
        noun="Task"
        pendingLabel="Saving..."
      >
        {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
        <BasicSection fields={fields} options={options} />

        <FormSection title="Task Checklist" description="Steps to tick off; the task's progress is the share done.">
          <ChecklistEditor
            key={fields.checklist.key}
            initial={entriesOf(fields.checklist.initialValue)}
            error={checklistErrors.length > 0 ? checklistErrors.join(", ") : undefined}
          />
        </FormSection>

        <FormSection title="Task Settings">
          <SelectField field={fields.priority} label={label("priority")} required options={PRIORITIES} />
          <SelectField field={fields.status} label={label("status")} required options={TASK_STAGES} />
          <InputField field={fields.dueDate} label={label("dueDate")} required type="date" />
          <SelectField
            field={fields.assignedTo}
            label={label("assignedTo")}
            required
            placeholder="Choose someone"
            options={options.assignees.map((a) => [a.id, a.name] as const)}
          />
        </FormSection>

        <TaskTypesHelp />
      </RecordForm>
    </FormPage>
  );
}

/** The task form's fields (its checklist's buttons are no fields: `TASK_FORM_EXTRAS`). */
function useTaskForm(lastResult: SubmissionResult<string[]> | undefined, defaultValue: Record<string, unknown>) {
  return useSchemaForm(TaskSchema, {
    id: "task-form",
    lastResult,
    defaultValue,
    constraint: requiredFields("title", "type", "priority", "status", "dueDate", "assignedTo"),
    ignore: TASK_FORM_EXTRAS,
  });
}

/** What the task is, and the client and placement it is about. */
function BasicSection({ fields, options }: { fields: ReturnType<typeof useTaskForm>[1]; options: TaskFormOptions }) {
  return (
    <FormSection title="Basic Information">
      <InputField field={fields.title} label={label("title")} required wide />
      <TextareaField field={fields.description} label={label("description")} rows={3} wide />
      <SelectField field={fields.type} label={label("type")} required options={TASK_TYPES} />
      <InputField
        field={fields.estimatedHours}
        label={label("estimatedHours")}
        type="number"
        min={0}
        step={0.5}
        inputMode="decimal"
      />
      <div className="sm:col-span-2">
        <PickerField
          kind="client"
          label={label("clientId")}
          field={fields.clientId}
          options={options.clients}
          searched={options.searched?.client ?? null}
        />
      </div>
      <div className="sm:col-span-2">
        <PlacementField
          field={fields.placementId}
          clientId={String(fields.clientId.value ?? "")}
          loaded={{ of: options.placementsOf, options: options.placements }}
        />
      </div>
    </FormSection>
  );
}
