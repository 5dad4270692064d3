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
import type { ReactNode } from "react";
import type { FacilityRecord } from "~/models/facilities.server";
import { readCheckboxes } from "~/schemas/common";
import { FacilitySchema, FIX_ERRORS_MESSAGE } from "~/schemas/facility";
import { FACILITY_TYPES, PRESET_AMENITIES, PRESET_SPECIALTIES, US_STATES } from "~/utils/vocabulary";
import { Alert } from "../ui/alert";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { EntryPicker } from "../ui/entry-picker";
import { FieldError, FieldHint, Input, Label, Select, Textarea } from "../ui/field";

export const FACILITY_CHECKBOXES = ["isActive", "acceptsInsurance"] as const;

/** The form's starting values for a stored facility (edit), in the schema's field names. */
export function facilityFormDefaults(f: FacilityRecord) {
  return {
    name: f.name,
    licenseNumber: f.licenseNumber,
    type: f.type,
    capacity: String(f.capacity),
    currentOccupancy: String(f.currentOccupancy),
    address: f.address,
    contact: { name: f.contact.name, phone: f.contact.phone, email: f.contact.email ?? "" },
    amenities: f.amenities,
    specialties: f.specialties,
    costRange: f.costRange,
    minCost: String(f.minCost),
    maxCost: String(f.maxCost),
    acceptsInsurance: f.acceptsInsurance ? "on" : "",
    notes: f.notes ?? "",
    isActive: f.isActive ? "on" : "",
    rating: f.rating === null ? "" : String(f.rating),
  };
}

function initialList(field: FieldMetadata<unknown>): string[] {
  const value = field.initialValue;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" && value ? [value] : [];
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
      <div className="mt-5 grid grid-cols-1 gap-5 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

function Field({
  field,
  label,
  required,
  hint,
  wide,
  children,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  required?: boolean;
  hint?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <Label htmlFor={field.id} required={required}>
        {label}
      </Label>
      {children}
      {hint && !field.errors ? <FieldHint>{hint}</FieldHint> : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function FacilityForm({
  mode,
  lastResult,
  defaultValue,
  cancelTo,
}: {
  mode: "create" | "edit";
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue?: ReturnType<typeof facilityFormDefaults>;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "facility-form",
    lastResult,
    defaultValue: defaultValue ?? { isActive: "on", currentOccupancy: "0", minCost: "0", maxCost: "0" },
    constraint: {
      name: { required: true },
      licenseNumber: { required: true },
      type: { required: true },
      capacity: { required: true, min: 1 },
      "address.street": { required: true },
      "address.city": { required: true },
      "address.state": { required: true },
      "address.zip": { required: true, pattern: "\\d{5}(-\\d{4})?" },
      "contact.name": { required: true },
      "contact.phone": { required: true },
      costRange: { required: true },
    },
    onValidate: ({ formData }) =>
      parseWithZod(readCheckboxes(formData, FACILITY_CHECKBOXES), { schema: FacilitySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const address = fields.address.getFieldset();
  const contact = fields.contact.getFieldset();
  const failed = Object.keys(form.allErrors).length > 0;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {failed ? (
        <Alert tone="error" title={FIX_ERRORS_MESSAGE}>
          {form.errors?.join(", ")}
        </Alert>
      ) : null}

      <Section title="Basic Information">
        <Field field={fields.name} label="Facility name" required>
          <Input {...getInputProps(fields.name, { type: "text" })} invalid={!!fields.name.errors} />
        </Field>
        <Field field={fields.licenseNumber} label="License number" required>
          <Input {...getInputProps(fields.licenseNumber, { type: "text" })} invalid={!!fields.licenseNumber.errors} />
        </Field>
        <Field field={fields.type} label="Facility type" required>
          <Select {...getSelectProps(fields.type)} invalid={!!fields.type.errors}>
            <option value="">Choose a type</option>
            {FACILITY_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </Field>
        <Field field={fields.rating} label="Rating" hint="From 0 to 5">
          <Input
            {...getInputProps(fields.rating, { type: "number" })}
            min={0}
            max={5}
            step={0.1}
            invalid={!!fields.rating.errors}
          />
        </Field>
        <div className="sm:col-span-2">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input {...getInputProps(fields.isActive, { type: "checkbox" })} className="h-4 w-4 accent-brand-600" />
            Active (open to new placements)
          </label>
        </div>
      </Section>

      <Section title="Capacity">
        <Field field={fields.capacity} label="Capacity (beds)" required>
          <Input
            {...getInputProps(fields.capacity, { type: "number" })}
            min={1}
            step={1}
            invalid={!!fields.capacity.errors}
          />
        </Field>
        <Field field={fields.currentOccupancy} label="Current occupancy">
          <Input
            {...getInputProps(fields.currentOccupancy, { type: "number" })}
            min={0}
            step={1}
            invalid={!!fields.currentOccupancy.errors}
          />
        </Field>
      </Section>

      <Section title="Address">
        <Field field={address.street} label="Street address" required wide>
          <Input {...getInputProps(address.street, { type: "text" })} invalid={!!address.street.errors} />
        </Field>
        <Field field={address.city} label="City" required>
          <Input {...getInputProps(address.city, { type: "text" })} invalid={!!address.city.errors} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field field={address.state} label="State" required>
            <Select {...getSelectProps(address.state)} invalid={!!address.state.errors}>
              <option value="">—</option>
              {US_STATES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </Field>
          <Field field={address.zip} label="ZIP code" required>
            <Input
              {...getInputProps(address.zip, { type: "text" })}
              inputMode="numeric"
              invalid={!!address.zip.errors}
            />
          </Field>
        </div>
      </Section>

      <Section title="Contact">
        <Field field={contact.name} label="Contact name" required>
          <Input {...getInputProps(contact.name, { type: "text" })} invalid={!!contact.name.errors} />
        </Field>
        <Field field={contact.phone} label="Contact phone" required>
          <Input {...getInputProps(contact.phone, { type: "tel" })} invalid={!!contact.phone.errors} />
        </Field>
        <Field field={contact.email} label="Contact email">
          <Input {...getInputProps(contact.email, { type: "email" })} invalid={!!contact.email.errors} />
        </Field>
      </Section>

      <Section title="Pricing" description="Monthly cost in US dollars.">
        <Field
          field={fields.costRange}
          label="Cost range"
          required
          hint='As shown to families, e.g. "$4,000 - $6,500"'
          wide
        >
          <Input {...getInputProps(fields.costRange, { type: "text" })} invalid={!!fields.costRange.errors} />
        </Field>
        <Field field={fields.minCost} label="Minimum cost">
          <Input
            {...getInputProps(fields.minCost, { type: "number" })}
            min={0}
            step={1}
            invalid={!!fields.minCost.errors}
          />
        </Field>
        <Field field={fields.maxCost} label="Maximum cost" hint="0 when there is no upper price">
          <Input
            {...getInputProps(fields.maxCost, { type: "number" })}
            min={0}
            step={1}
            invalid={!!fields.maxCost.errors}
          />
        </Field>
        <div className="sm:col-span-2">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
            <input
              {...getInputProps(fields.acceptsInsurance, { type: "checkbox" })}
              className="h-4 w-4 accent-brand-600"
            />
            Accepts insurance
          </label>
        </div>
      </Section>

      <Card className="space-y-6 p-5 sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Amenities & Specialties</h2>
        <EntryPicker
          key={fields.amenities.key}
          name={fields.amenities.name}
          legend="Amenities"
          presets={PRESET_AMENITIES}
          selected={initialList(fields.amenities)}
          otherLabel="Other amenities"
          columns={3}
          error={fields.amenities.errors?.join(", ")}
        />
        <EntryPicker
          key={fields.specialties.key}
          name={fields.specialties.name}
          legend="Specialties"
          presets={PRESET_SPECIALTIES}
          selected={initialList(fields.specialties)}
          otherLabel="Other specialties"
          columns={3}
          error={fields.specialties.errors?.join(", ")}
        />
      </Card>

      <Card className="p-5 sm:p-6">
        <Label htmlFor={fields.notes.id}>Notes</Label>
        <Textarea {...getTextareaProps(fields.notes)} rows={4} invalid={!!fields.notes.errors} />
        <FieldError id={fields.notes.errorId} errors={fields.notes.errors} />
      </Card>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className={buttonClasses("outline")}>
          Cancel
        </Link>
        <Button type="submit" loading={submitting}>
          {submitting
            ? mode === "create"
              ? "Creating..."
              : "Updating..."
            : mode === "create"
              ? "Create Facility"
              : "Update Facility"}
        </Button>
      </div>
    </Form>
  );
}
