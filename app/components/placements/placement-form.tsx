import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { type ReactNode, useState } from "react";
import type { PlacementRecord } from "~/models/placements.server";
import { readCheckboxes } from "~/schemas/common";
import { PlacementSchema } from "~/schemas/placement";
import { useHydrated } from "~/utils/use-hydrated";
import { PAYMENT_METHODS, PLACEMENT_CHECKLIST, PLACEMENT_STATUSES, PRIORITIES } from "~/utils/vocabulary";
import { Alert } from "../ui/alert";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { FieldError, Input, Label, Select, Textarea } from "../ui/field";
import { type Option, ReferencePicker } from "../ui/reference-picker";

export const PLACEMENT_CHECKBOXES = PLACEMENT_CHECKLIST.map((s) => s.field);

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-5 grid grid-cols-1 gap-5 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

function Field({
  field,
  label,
  required,
  children,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={field.id} required={required}>
        {label}
      </Label>
      {children}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** One checklist step: its box, and its date (shown once ticked; without JavaScript, always). */
function ChecklistStep({
  box,
  date,
  label,
}: {
  box: FieldMetadata<unknown>;
  date: FieldMetadata<unknown>;
  label: string;
}) {
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
        {label}
      </label>
      {!hydrated || ticked ? (
        <div className="mt-2 pl-6">
          <Label htmlFor={date.id}>{label} date</Label>
          <Input {...getInputProps(date, { type: "date" })} invalid={!!date.errors} />
          {!hydrated ? <p className="mt-1 text-xs text-slate-500">Kept only when the box is ticked.</p> : null}
          <FieldError id={date.errorId} errors={date.errors} />
        </div>
      ) : null}
    </div>
  );
}

export interface PlacementFormOptions {
  clients: Option[];
  facilities: Option[];
  agents: { id: string; name: string }[];
}

export function PlacementForm({
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
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "placement-form",
    lastResult,
    defaultValue,
    constraint: {
      clientId: { required: true },
      facilityId: { required: true },
      status: { required: true },
      priority: { required: true },
      startDate: { required: true },
    },
    onValidate: ({ formData }) =>
      parseWithZod(readCheckboxes(formData, PLACEMENT_CHECKBOXES), { schema: PlacementSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Spec 001 §8: "Validation errors: {path}: {msg}, …" over the form, the messages also by their fields.
  const listed = [
    ...Object.entries(form.allErrors).flatMap(([path, messages]) => messages.map((msg) => `${path}: ${msg}`)),
    ...(serverErrors ?? []).map((e) => `${e.path}: ${e.msg}`),
  ];
  const serverError = (path: string) => serverErrors?.find((e) => e.path === path)?.msg;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {listed.length > 0 ? <Alert tone="error">Validation errors: {listed.join(", ")}</Alert> : null}

      <Section title="Basic Information">
        <ReferencePicker
          name={fields.clientId.name}
          label="Client"
          required
          options={options.clients}
          value={String(fields.clientId.initialValue ?? "")}
          searchUrl="/placement-options?kind=client"
          placeholder="Type a client's name"
          error={fields.clientId.errors?.join(", ") ?? serverError("clientId")}
          errorId={fields.clientId.errorId}
          hint="The chosen client and the most recently updated ones. Another client? Start from the client's page."
        />
        <ReferencePicker
          name={fields.facilityId.name}
          label="Facility"
          required
          options={options.facilities}
          value={String(fields.facilityId.initialValue ?? "")}
          searchUrl="/placement-options?kind=facility"
          placeholder="Type a facility's name or city"
          error={fields.facilityId.errors?.join(", ") ?? serverError("facilityId")}
          errorId={fields.facilityId.errorId}
          hint="The chosen facility and those with the most beds free. Another one? Use New Placement on its page."
        />
        <Field field={fields.agentId} label="Agent">
          <Select {...getSelectProps(fields.agentId)} invalid={!!fields.agentId.errors}>
            {options.agents.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field field={fields.status} label="Status" required>
            <Select {...getSelectProps(fields.status)} invalid={!!fields.status.errors}>
              {PLACEMENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </Select>
          </Field>
          <Field field={fields.priority} label="Priority" required>
            <Select {...getSelectProps(fields.priority)} invalid={!!fields.priority.errors}>
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </Section>

      <Section title="Important Dates">
        <Field field={fields.startDate} label="Start date" required>
          <Input {...getInputProps(fields.startDate, { type: "date" })} invalid={!!fields.startDate.errors} />
        </Field>
        <Field field={fields.moveInDate} label="Move-in date">
          <Input {...getInputProps(fields.moveInDate, { type: "date" })} invalid={!!fields.moveInDate.errors} />
        </Field>
        <Field field={fields.endDate} label="End date">
          <Input {...getInputProps(fields.endDate, { type: "date" })} invalid={!!fields.endDate.errors} />
        </Field>
      </Section>

      <Section title="Financial Information">
        <Field field={fields.monthlyRate} label="Monthly rate ($)">
          <Input
            {...getInputProps(fields.monthlyRate, { type: "number" })}
            min={0}
            step={0.01}
            invalid={!!fields.monthlyRate.errors}
          />
        </Field>
        <Field field={fields.depositAmount} label="Deposit amount ($)">
          <Input
            {...getInputProps(fields.depositAmount, { type: "number" })}
            min={0}
            step={0.01}
            invalid={!!fields.depositAmount.errors}
          />
        </Field>
        <Field field={fields.paymentMethod} label="Payment method">
          <Select {...getSelectProps(fields.paymentMethod)} invalid={!!fields.paymentMethod.errors}>
            <option value="">Not decided</option>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </Select>
        </Field>
      </Section>

      <Card className="p-5 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Placement Checklist</h2>
        <div className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {PLACEMENT_CHECKLIST.map((step) => (
            <ChecklistStep
              key={step.field}
              box={fields[step.field as keyof typeof fields] as FieldMetadata<unknown>}
              date={fields[`${step.field}Date` as keyof typeof fields] as FieldMetadata<unknown>}
              label={step.label}
            />
          ))}
        </div>
      </Card>

      <Card className="p-5 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Notes</h2>
        <div className="mt-4">
          <Label htmlFor={fields.notes.id}>Notes about this placement</Label>
          <Textarea {...getTextareaProps(fields.notes)} rows={4} invalid={!!fields.notes.errors} />
          <FieldError id={fields.notes.errorId} errors={fields.notes.errors} />
        </div>
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/placements" className={buttonClasses("outline")}>
          Cancel
        </Link>
        <Button type="submit" loading={submitting}>
          {submitting ? "Saving..." : mode === "create" ? "Create Placement" : "Update Placement"}
        </Button>
      </div>
    </Form>
  );
}
