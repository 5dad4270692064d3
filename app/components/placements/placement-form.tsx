import { type FieldMetadata, getInputProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import type { PickerSearch } from "~/models/lists.server";
import type { PlacementRecord } from "~/models/placements.server";
import { PLACEMENT_CHECKBOXES, PLACEMENT_FORM_EXTRAS, PlacementSchema } from "~/schemas/placement";
import { useHydrated } from "~/utils/use-hydrated";
import { PAYMENT_METHODS, PLACEMENT_CHECKLIST, PLACEMENT_STATUSES, PRIORITIES } from "~/utils/vocabulary";
import { FormPage } from "../ui/page-header";
import { FormErrorBanner, FormSection, InputField, RecordForm, SelectField, TextareaField } from "../ui/form";
import { requiredFields, useFormScreen, useSchemaForm } from "../ui/use-schema-form";
import { PickerField } from "../ui/picker-field";
import type { Option } from "../ui/reference-picker";

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
    version: String(p.version),
    ...Object.fromEntries(
      PLACEMENT_CHECKLIST.flatMap((s) => [
        [s.field, p.checklist[s.field].done ? "on" : ""],
        [`${s.field}Date`, p.checklist[s.field].date ?? ""],
      ]),
    ),
  };
}

/** Each field's label, by the field's name: the form's controls read them from here. */
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

export interface PlacementFormOptions {
  clients: Option[];
  facilities: Option[];
  agents: { id: string; name: string }[];
  /** The pickers' searches without JavaScript (null: not searched). */
  searched?: { client: PickerSearch | null; facility: PickerSearch | null };
}

/** The texts of the two placement form screens. */
const PAGES = {
  create: {
    title: "Create New Placement",
    description: "Create a new placement record for client and facility matching",
  },
  edit: { title: "Edit Placement", description: "Update placement information and track progress" },
};

/** The placement form's fields; its checklist boxes post nothing when unticked. */
function usePlacementForm(lastResult: SubmissionResult<string[]> | undefined, defaultValue: Record<string, unknown>) {
  return useSchemaForm(PlacementSchema, {
    id: "placement-form",
    lastResult,
    defaultValue,
    constraint: requiredFields("clientId", "facilityId", "status", "priority", "startDate"),
    checkboxes: PLACEMENT_CHECKBOXES,
    ignore: PLACEMENT_FORM_EXTRAS,
  });
}

/**
 * The placement form screen, new or edit: its route's loader gives the form's `options` and
 * `defaultValue`, its action (savePlacementForm) the reply and the problems only the server sees
 * (a client of another agency…, as `errors`).
 */
export function PlacementFormPage({ mode }: { mode: "create" | "edit" }) {
  const { answer, defaultValue, options } = useFormScreen<PlacementFormOptions, { errors?: ServerErrors }>();
  const [form, fields] = usePlacementForm(answer?.result, defaultValue);
  return (
    <FormPage {...PAGES[mode]}>
      <RecordForm
        form={form}
        mode={mode}
        conflict={answer?.conflict}
        enterButton
        banner={<FormErrorBanner form={form} extra={answer?.errors} />}
        cancelTo="/placements"
        noun="Placement"
        pendingLabel="Saving..."
      >
        <BasicSection fields={fields} options={options} serverErrors={answer?.errors} />

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
      </RecordForm>
    </FormPage>
  );
}

/** Problems only the server can see (a client of another agency…), as { path, msg }. */
type ServerErrors = { path: string; msg: string }[];

/**
 * Who and where: the client and facility pickers (with what only the server found wrong with
 * them), the agent, the status and the priority.
 */
function BasicSection({
  fields,
  options,
  serverErrors,
}: {
  fields: ReturnType<typeof usePlacementForm>[1];
  options: PlacementFormOptions;
  serverErrors?: ServerErrors;
}) {
  const serverError = (path: string) => serverErrors?.find((e) => e.path === path)?.msg;
  return (
    <FormSection title="Basic Information">
      {(["client", "facility"] as const).map((kind) => (
        <PickerField
          key={kind}
          kind={kind}
          label={label(`${kind}Id`)}
          required
          field={fields[`${kind}Id`]}
          options={kind === "client" ? options.clients : options.facilities}
          searched={options.searched?.[kind] ?? null}
          serverError={serverError(`${kind}Id`)}
        />
      ))}
      <SelectField
        field={fields.agentId}
        label={label("agentId")}
        options={options.agents.map((a) => [a.id, a.name] as const)}
      />
      {/* Side by side only where each select has room for "In Progress" (a container query). */}
      <div className="@container">
        <div className="grid grid-cols-1 gap-4 @xs:grid-cols-2">
          <SelectField field={fields.status} label={label("status")} required options={PLACEMENT_STATUSES} />
          <SelectField field={fields.priority} label={label("priority")} required options={PRIORITIES} />
        </div>
      </div>
    </FormSection>
  );
}
