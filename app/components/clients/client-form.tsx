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
import type { ClientRecord, DuplicateClient } from "~/models/clients.server";
import { ClientSchema } from "~/schemas/client";
import {
  CARE_LEVEL_LABELS,
  CARE_LEVELS,
  CLIENT_STATUSES,
  GENDERS,
  PRESET_AMENITIES,
  PRESET_CONDITIONS,
  PRESET_MEDICATIONS,
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
  US_STATES,
} from "~/utils/vocabulary";
import { Alert } from "../ui/alert";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { EntryPicker } from "../ui/entry-picker";
import { FieldError, Input, Label, Select, Textarea } from "../ui/field";

export interface ClientFormData {
  result?: SubmissionResult<string[]>;
  duplicates?: DuplicateClient[];
}

/** The form's starting values for a stored client (edit), in the schema's field names. */
export function clientFormDefaults(client: ClientRecord) {
  return {
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: client.phone,
    dateOfBirth: client.dateOfBirth,
    gender: client.gender ?? "",
    address: {
      street: client.address.street ?? "",
      city: client.address.city ?? "",
      state: client.address.state ?? "",
      zip: client.address.zip ?? "",
    },
    emergencyContact: client.emergencyContact,
    medicalConditions: client.medicalConditions,
    medications: client.medications,
    medicalNotes: client.medicalNotes ?? "",
    careLevel: client.careLevel,
    trackerStatus: client.trackerStatus,
    budget: { min: client.budgetMin?.toString() ?? "", max: client.budgetMax?.toString() ?? "" },
    preferences: {
      location: client.preferences.location ?? "",
      amenities: client.preferences.amenities,
      roomType: client.preferences.roomType,
    },
  };
}

/**
 * The entries a picker starts with: the stored ones, or those of the last submit. Not the live
 * value: a box's default follows it, and would tick a preset while its name is being typed.
 */
function listValue(field: FieldMetadata<unknown>): string[] {
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
  children,
  wide,
}: {
  field: FieldMetadata<unknown>;
  label: string;
  required?: boolean;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <Label htmlFor={field.id} required={required}>
        {label}
      </Label>
      {children}
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function ClientForm({
  mode,
  data,
  defaultValue,
  cancelTo,
}: {
  mode: "create" | "edit";
  data: ClientFormData | undefined;
  defaultValue?: ReturnType<typeof clientFormDefaults>;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "client-form",
    lastResult: data?.result,
    defaultValue: defaultValue ?? {
      careLevel: "independent",
      trackerStatus: "New Client",
      preferences: { roomType: "private" },
    },
    constraint: {
      firstName: { required: true },
      lastName: { required: true },
      email: { required: true },
      phone: { required: true },
      dateOfBirth: { required: true },
      "emergencyContact.name": { required: true },
      "emergencyContact.relationship": { required: true },
      "emergencyContact.phone": { required: true },
    },
    onValidate: ({ formData }) => {
      formData.delete("intent");
      return parseWithZod(formData, { schema: ClientSchema });
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const address = fields.address.getFieldset();
  const emergency = fields.emergencyContact.getFieldset();
  const budget = fields.budget.getFieldset();
  const preferences = fields.preferences.getFieldset();
  const errorCount = Object.keys(form.allErrors).length;
  const duplicates = data?.duplicates ?? [];

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {errorCount > 0 && !form.errors ? (
        <Alert tone="error" title="Please fix the errors below">
          {errorCount === 1 ? "One field needs your attention." : `${errorCount} fields need your attention.`}
        </Alert>
      ) : null}
      {form.errors ? <Alert tone="error">{form.errors.join(", ")}</Alert> : null}
      {duplicates.length > 0 ? (
        <Alert
          tone="warning"
          title="This client may already exist"
          action={
            <Button type="submit" name="intent" value="create-anyway" variant="outline" size="sm">
              Create anyway
            </Button>
          }
        >
          <ul className="space-y-1">
            {duplicates.map((d) => (
              <li key={d.id}>
                <Link to={`/clients/${d.id}`} target="_blank" rel="noreferrer" className="font-medium underline">
                  {d.name}
                </Link>{" "}
                has the same {d.matches.join(" and ")}.
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <Section title="Personal Information">
        <Field field={fields.firstName} label="First name" required>
          <Input
            {...getInputProps(fields.firstName, { type: "text" })}
            autoComplete="off"
            invalid={!!fields.firstName.errors}
          />
        </Field>
        <Field field={fields.lastName} label="Last name" required>
          <Input
            {...getInputProps(fields.lastName, { type: "text" })}
            autoComplete="off"
            invalid={!!fields.lastName.errors}
          />
        </Field>
        <Field field={fields.email} label="Email" required>
          <Input
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="off"
            invalid={!!fields.email.errors}
          />
        </Field>
        <Field field={fields.phone} label="Phone" required>
          <Input {...getInputProps(fields.phone, { type: "tel" })} autoComplete="off" invalid={!!fields.phone.errors} />
        </Field>
        <Field field={fields.dateOfBirth} label="Date of birth" required>
          <Input
            {...getInputProps(fields.dateOfBirth, { type: "date" })}
            max={new Date().toISOString().slice(0, 10)}
            invalid={!!fields.dateOfBirth.errors}
          />
        </Field>
        <Field field={fields.gender} label="Gender">
          <Select {...getSelectProps(fields.gender)} invalid={!!fields.gender.errors}>
            <option value="">Not given</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </Select>
        </Field>
      </Section>

      <Section title="Address">
        <Field field={address.street} label="Street" wide>
          <Input {...getInputProps(address.street, { type: "text" })} invalid={!!address.street.errors} />
        </Field>
        <Field field={address.city} label="City">
          <Input {...getInputProps(address.city, { type: "text" })} invalid={!!address.city.errors} />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field field={address.state} label="State">
            <Select {...getSelectProps(address.state)} invalid={!!address.state.errors}>
              <option value="">—</option>
              {US_STATES.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </Select>
          </Field>
          <Field field={address.zip} label="ZIP code">
            <Input
              {...getInputProps(address.zip, { type: "text" })}
              inputMode="numeric"
              invalid={!!address.zip.errors}
            />
          </Field>
        </div>
      </Section>

      <Section title="Emergency Contact">
        <Field field={emergency.name} label="Contact name" required>
          <Input {...getInputProps(emergency.name, { type: "text" })} invalid={!!emergency.name.errors} />
        </Field>
        <Field field={emergency.relationship} label="Relationship" required>
          <Input
            {...getInputProps(emergency.relationship, { type: "text" })}
            placeholder="Daughter, son, spouse…"
            invalid={!!emergency.relationship.errors}
          />
        </Field>
        <Field field={emergency.phone} label="Contact phone" required>
          <Input {...getInputProps(emergency.phone, { type: "tel" })} invalid={!!emergency.phone.errors} />
        </Field>
      </Section>

      <Section title="Care & Status">
        <Field field={fields.careLevel} label="Care level">
          <Select {...getSelectProps(fields.careLevel)} invalid={!!fields.careLevel.errors}>
            {CARE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {CARE_LEVEL_LABELS[level]}
              </option>
            ))}
          </Select>
        </Field>
        <Field field={fields.trackerStatus} label="Status">
          <Select {...getSelectProps(fields.trackerStatus)} invalid={!!fields.trackerStatus.errors}>
            {CLIENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </Select>
        </Field>
      </Section>

      <Card className="space-y-6 p-5 sm:p-6">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Medical Information</h2>
          <p className="mt-0.5 text-sm text-slate-500">Choose from the common entries or add your own.</p>
        </div>
        <EntryPicker
          key={fields.medicalConditions.key}
          name={fields.medicalConditions.name}
          legend="Medical conditions"
          presets={PRESET_CONDITIONS}
          selected={listValue(fields.medicalConditions)}
          otherLabel="Other conditions"
          columns={3}
          placeholder="e.g. Glaucoma"
          error={fields.medicalConditions.errors?.join(", ")}
        />
        <EntryPicker
          key={fields.medications.key}
          name={fields.medications.name}
          legend="Medications"
          presets={PRESET_MEDICATIONS}
          selected={listValue(fields.medications)}
          otherLabel="Other medications"
          columns={3}
          placeholder="e.g. Latanoprost eye drops"
          error={fields.medications.errors?.join(", ")}
        />
        <div>
          <Label htmlFor={fields.medicalNotes.id}>Medical notes</Label>
          <Textarea
            {...getTextareaProps(fields.medicalNotes)}
            rows={4}
            placeholder="Mobility, allergies, daily care needs…"
            invalid={!!fields.medicalNotes.errors}
          />
          <FieldError id={fields.medicalNotes.errorId} errors={fields.medicalNotes.errors} />
        </div>
      </Card>

      <Section title="Budget & Preferences" description="Monthly budget in US dollars.">
        <Field field={budget.min} label="Minimum budget">
          <Input {...getInputProps(budget.min, { type: "number" })} min={0} step={1} invalid={!!budget.min.errors} />
        </Field>
        <Field field={budget.max} label="Maximum budget">
          <Input {...getInputProps(budget.max, { type: "number" })} min={0} step={1} invalid={!!budget.max.errors} />
        </Field>
        <Field field={preferences.location} label="Preferred location">
          <Input
            {...getInputProps(preferences.location, { type: "text" })}
            placeholder="City, area or ZIP"
            invalid={!!preferences.location.errors}
          />
        </Field>
        <Field field={preferences.roomType} label="Room type">
          <Select {...getSelectProps(preferences.roomType)} invalid={!!preferences.roomType.errors}>
            {ROOM_TYPES.map((type) => (
              <option key={type} value={type}>
                {ROOM_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </Field>
        <div className="sm:col-span-2">
          <EntryPicker
            key={preferences.amenities.key}
            name={preferences.amenities.name}
            legend="Preferred amenities"
            presets={PRESET_AMENITIES}
            selected={listValue(preferences.amenities)}
            otherLabel="Other amenities"
            columns={3}
            error={preferences.amenities.errors?.join(", ")}
          />
        </div>
      </Section>

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
              ? "Create Client"
              : "Update Client"}
        </Button>
      </div>
    </Form>
  );
}
