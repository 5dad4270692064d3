import { type FieldMetadata, getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { PlacementRecord } from "~/models/placements.server";
import { PLACEMENT_CHECKBOXES, PlacementSchema } from "~/schemas/placement";
import { useHydrated } from "~/utils/use-hydrated";
import { PAYMENT_METHODS, PLACEMENT_CHECKLIST, PLACEMENT_STATUSES, PRIORITIES } from "~/utils/vocabulary";
import { Alert } from "../ui/alert";
import { FormPage } from "../ui/page-header";
import { FormActions, FormSection, InputField, SelectField, TextareaField } from "../ui/form";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";
import { type Option, ReferencePicker } from "../ui/reference-picker";

/** The form's starting values for a stored placement (edit). */
export function placementFormDefaults(p: PlacementRecord) {
  return {
    clientId: p.client.id,
    facilityId: p.facility.id,
    agentId: p.agent.id,
    status: p.status,
    priority: p.priority,
    startDate: p.startDate,
    endDate: p.endDate ?? "",
    moveInDate: p.moveInDate ?? "",
    monthlyRate: p.monthlyRate?.toFixed(2) ?? "",
    paymentMethod: p.paymentMethod ?? "",
    depositAmount: p.depositAmount?.toFixed(2) ?? "",
    notes: p.notes ?? "",
    ...Object.fromEntries(
      PLACEMENT_CHECKLIST.flatMap((s) => [
        [s.field, p.checklist[s.field].done ? "on" : ""],
        [`${s.field}Date`, p.checklist[s.field].date ?? ""],
      ]),
    ),
  };
}

/**
 * Each field's label, by the field's name: the form's controls and the error banner over it
 * ("Validation errors: Client: Client is required, …") read them from here.
 */
const PLACEMENT_FIELD_LABELS: Record<string, string> = {
  clientId: "Client",
  facilityId: "Facility",
  agentId: "Agent",
  status: "Status",
  priority: "Priority",
  startDate: "Start date",
  moveInDate: "Move-in date",
  endDate: "End date",
  monthlyRate: "Monthly rate ($)",
  depositAmount: "Deposit amount ($)",
  paymentMethod: "Payment method",
  notes: "Notes about this placement",
  ...Object.fromEntries(
    PLACEMENT_CHECKLIST.flatMap((s) => [
      [s.field, s.label],
      [`${s.field}Date`, `${s.label} date`],
    ]),
  ),
};

const label = (name: string) => PLACEMENT_FIELD_LABELS[name] ?? name;

/** One checklist step: its box, and its date (shown once ticked; without JavaScript, always). */
function ChecklistStep({ box, date }: { box: FieldMetadata<unknown>; date: FieldMetadata<unknown> }) {
  const hydrated = useHydrated();
  const [ticked, setTicked] = useState(box.initialValue === "on");
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          {...getInputProps(box, { type: "checkbox" })}
          className="h-4 w-4 accent-brand-600"
          onChange={(event) => setTicked(event.currentTarget.checked)}
        />
        {label(box.name)}
      </label>
      {!hydrated || ticked ? (
        <div className="mt-2 pl-6">
          <InputField
            field={date}
            label={label(date.name)}
            type="date"
            hint={hydrated ? undefined : "Kept only when the box is ticked."}
          />
        </div>
      ) : null}
    </div>
  );
}

const PICKERS = {
  client: {
    placeholder: "Type a client's name",
    hint: "The chosen client and the most recently updated ones. Another client? Start from the client's page.",
  },
  facility: {
    placeholder: "Type a facility's name or city",
    hint: "The chosen facility and those with the most beds free. Another one? Use New Placement on its page.",
  },
};

/** The client or the facility: a select without JavaScript, type to search with it. */
function PickerField({
  kind,
  field,
  options,
  serverError,
}: {
  kind: keyof typeof PICKERS;
  field: FieldMetadata<unknown>;
  options: Option[];
  serverError: string | undefined;
}) {
  return (
    <ReferencePicker
      {...PICKERS[kind]}
      label={label(field.name)}
      name={field.name}
      required
      options={options}
      value={String(field.initialValue ?? "")}
      searchUrl={`/placement-options?kind=${kind}`}
      error={field.errors?.join(", ") ?? serverError}
      errorId={field.errorId}
    />
  );
}

export interface PlacementFormOptions {
  clients: Option[];
  facilities: Option[];
  agents: { id: string; name: string }[];
}

/** The texts of the two placement form screens. */
const PAGES = {
  create: {
    title: "Create New Placement",
    description: "Create a new placement record for client and facility matching",
  },
  edit: { title: "Edit Placement", description: "Update placement information and track progress" },
};

/**
 * The placement form screen, new or edit: its route's loader gives the form's `options` and
 * `defaultValue`, its action (savePlacementForm) the reply and the problems only the server sees.
 */
export function PlacementFormPage({ mode }: { mode: "create" | "edit" }) {
  const { options, defaultValue } = useLoaderData<{
    options: PlacementFormOptions;
    defaultValue: Record<string, string>;
  }>();
  const data = useActionData<{ result?: SubmissionResult<string[]>; errors?: { path: string; msg: string }[] }>();
  return (
    <FormPage {...PAGES[mode]}>
      <PlacementForm
        mode={mode}
        lastResult={data?.result}
        serverErrors={data?.errors}
        defaultValue={defaultValue}
        options={options}
      />
    </FormPage>
  );
}

function PlacementForm({
  mode,
  lastResult,
  serverErrors,
  defaultValue,
  options,
}: {
  mode: "create" | "edit";
  lastResult: SubmissionResult<string[]> | undefined;
  /** Problems only the server can see (a client of another agency…), as { path, msg }. */
  serverErrors?: { path: string; msg: string }[];
  defaultValue: Record<string, string>;
  options: PlacementFormOptions;
}) {
  const [form, fields] = useSchemaForm(PlacementSchema, {
    id: "placement-form",
    lastResult,
    defaultValue,
    constraint: requiredFields("clientId", "facilityId", "status", "priority", "startDate"),
    checkboxes: PLACEMENT_CHECKBOXES,
  });
  // "Validation errors: {label}: {msg}, …" over the form, the messages also by their fields
  // (docs/screens.md, "Shared display rules").
  const listed = [
    ...Object.entries(form.allErrors)
      .filter(([path]) => path !== "")
      .flatMap(([path, messages]) => messages.map((msg) => `${label(path)}: ${msg}`)),
    ...(serverErrors ?? []).map((e) => `${label(e.path)}: ${e.msg}`),
  ];
  const serverError = (path: string) => serverErrors?.find((e) => e.path === path)?.msg;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {form.errors ? <Alert tone="error">{form.errors.join(", ")}</Alert> : null}
      {listed.length > 0 ? <Alert tone="error">Validation errors: {listed.join(", ")}</Alert> : null}

      <FormSection title="Basic Information">
        <PickerField
          kind="client"
          field={fields.clientId}
          options={options.clients}
          serverError={serverError("clientId")}
        />
        <PickerField
          kind="facility"
          field={fields.facilityId}
          options={options.facilities}
          serverError={serverError("facilityId")}
        />
        <SelectField
          field={fields.agentId}
          label={label("agentId")}
          options={options.agents.map((a) => [a.id, a.name] as const)}
        />
        <div className="grid grid-cols-2 gap-4">
          <SelectField field={fields.status} label={label("status")} required options={PLACEMENT_STATUSES} />
          <SelectField field={fields.priority} label={label("priority")} required options={PRIORITIES} />
        </div>
      </FormSection>

      <FormSection title="Important Dates">
        <InputField field={fields.startDate} label={label("startDate")} required type="date" />
        <InputField field={fields.moveInDate} label={label("moveInDate")} type="date" />
        <InputField field={fields.endDate} label={label("endDate")} type="date" />
      </FormSection>

      <FormSection title="Financial Information">
        <InputField field={fields.monthlyRate} label={label("monthlyRate")} type="number" min={0} step={0.01} />
        <InputField field={fields.depositAmount} label={label("depositAmount")} type="number" min={0} step={0.01} />
        <SelectField
          field={fields.paymentMethod}
          label={label("paymentMethod")}
          placeholder="Not decided"
          options={PAYMENT_METHODS}
        />
      </FormSection>

      <FormSection title="Placement Checklist">
        {PLACEMENT_CHECKLIST.map((step) => (
          <ChecklistStep
            key={step.field}
            box={fields[step.field as keyof typeof fields] as FieldMetadata<unknown>}
            date={fields[`${step.field}Date` as keyof typeof fields] as FieldMetadata<unknown>}
          />
        ))}
      </FormSection>

      <FormSection title="Notes" layout="stack">
        <TextareaField field={fields.notes} label={label("notes")} rows={4} />
      </FormSection>

      <FormActions cancelTo="/placements" mode={mode} noun="Placement" pendingLabel="Saving..." />
    </Form>
  );
}
