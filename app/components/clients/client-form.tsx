import { Link } from "@remix-run/react";
import type { ClientRecord, DuplicateClient } from "~/models/clients.server";
import { ClientSchema } from "~/schemas/client";
import { formatPhone } from "~/utils/phone";
import {
  CARE_LEVEL_LABELS,
  CARE_LEVELS,
  CLIENT_STATUSES,
  GENDERS,
  REFERRAL_SOURCES,
  PRESET_AMENITIES,
  PRESET_CONDITIONS,
  PRESET_MEDICATIONS,
  NO_ROOM_PREFERENCE,
  NO_ROOM_PREFERENCE_LABEL,
  ROOM_TYPE_LABELS,
  ROOM_TYPES,
} from "~/utils/vocabulary";
import { AddressSection } from "../ui/address-fields";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import {
  type EntityFormProps,
  EntryPickerField,
  FormErrorBanner,
  type FormReply,
  FormSection,
  InputField,
  RecordForm,
  SelectField,
  TextareaField,
} from "../ui/form";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";

/** Room type: "No preference" first (the new form's choice), then the types. */
const ROOM_CHOICES = [
  [NO_ROOM_PREFERENCE, NO_ROOM_PREFERENCE_LABEL] as const,
  ...ROOM_TYPES.map((type) => [type, ROOM_TYPE_LABELS[type]] as const),
];

export interface ClientFormData extends FormReply {
  duplicates?: DuplicateClient[];
}

/** The form's starting values for a stored client (edit), in the schema's field names. */
export function clientFormDefaults(client: ClientRecord) {
  return {
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: formatPhone(client.phone),
    dateOfBirth: client.dateOfBirth,
    gender: client.gender ?? "",
    referralSource: client.referralSource ?? "",
    address: {
      street: client.address.street ?? "",
      city: client.address.city ?? "",
      state: client.address.state ?? "",
      zip: client.address.zip ?? "",
    },
    emergencyContact: { ...client.emergencyContact, phone: formatPhone(client.emergencyContact.phone) },
    medicalConditions: client.medicalConditions,
    medications: client.medications,
    medicalNotes: client.medicalNotes ?? "",
    careLevel: client.careLevel,
    trackerStatus: client.trackerStatus,
    budget: { min: client.budgetMin?.toString() ?? "", max: client.budgetMax?.toString() ?? "" },
    preferences: {
      location: client.preferences.location ?? "",
      amenities: client.preferences.amenities,
      roomType: client.preferences.roomType ?? NO_ROOM_PREFERENCE,
    },
    version: String(client.version),
  };
}

export function ClientForm({
  mode,
  data,
  defaultValue,
  cancelTo,
}: EntityFormProps<ReturnType<typeof clientFormDefaults>, ClientFormData>) {
  const [form, fields] = useClientForm(data, defaultValue);
  return (
    <RecordForm
      form={form}
      mode={mode}
      conflict={data?.conflict}
      banner={<ClientFormBanner form={form} mode={mode} duplicates={data?.duplicates ?? []} />}
      cancelTo={cancelTo}
      noun="Client"
    >
      <PersonSections fields={fields} />
      <CareSections fields={fields} />
    </RecordForm>
  );
}

/** The client form's fields, checked as each is left. */
function useClientForm(data: ClientFormData | undefined, defaultValue?: ReturnType<typeof clientFormDefaults>) {
  return useSchemaForm(ClientSchema, {
    id: "client-form",
    lastResult: data?.result,
    defaultValue: defaultValue ?? {
      careLevel: "independent",
      trackerStatus: "New Client",
      preferences: { roomType: NO_ROOM_PREFERENCE },
    },
    constraint: requiredFields(
      ...["firstName", "lastName", "email", "phone", "dateOfBirth"],
      ...["emergencyContact.name", "emergencyContact.relationship", "emergencyContact.phone"],
    ),
    ignore: ["intent"],
    validateOn: "onBlur",
  });
}

type ClientFields = ReturnType<typeof useClientForm>[1];

/**
 * Over the fields: how many need attention, the form's own errors, and the clients that may be
 * this one (a new e-mail or phone another client has), with the button that saves anyway.
 */
function ClientFormBanner({
  form,
  mode,
  duplicates,
}: {
  form: { errors?: string[]; allErrors: Record<string, string[]> };
  mode: "create" | "edit";
  duplicates: DuplicateClient[];
}) {
  return (
    <>
      <FormErrorBanner form={form} />
      {duplicates.length > 0 ? (
        <Alert
          tone="warning"
          title={mode === "create" ? "This client may already exist" : "Another client has these details"}
          action={
            <Button
              type="submit"
              name="intent"
              value={mode === "create" ? "create-anyway" : "save-anyway"}
              variant="outline"
              size="sm"
            >
              {mode === "create" ? "Create anyway" : "Save anyway"}
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
    </>
  );
}

/** Who the client is: personal information, address and emergency contact. */
function PersonSections({ fields }: { fields: ClientFields }) {
  const emergency = fields.emergencyContact.getFieldset();
  return (
    <>
      <FormSection title="Personal Information">
        <InputField field={fields.firstName} label="First name" required autoComplete="off" />
        <InputField field={fields.lastName} label="Last name" required autoComplete="off" />
        <InputField field={fields.email} label="Email" required type="email" autoComplete="off" />
        <InputField field={fields.phone} label="Phone" required type="tel" autoComplete="off" />
        <InputField
          field={fields.dateOfBirth}
          label="Date of birth"
          required
          type="date"
          max={new Date().toISOString().slice(0, 10)}
        />
        <SelectField field={fields.gender} label="Gender" placeholder="Not given" options={GENDERS} />
      </FormSection>

      <AddressSection address={fields.address.getFieldset()} />

      <FormSection title="Emergency Contact">
        <InputField field={emergency.name} label="Contact name" required />
        <InputField field={emergency.relationship} label="Relationship" required placeholder="Daughter, son, spouse…" />
        <InputField field={emergency.phone} label="Contact phone" required type="tel" />
      </FormSection>
    </>
  );
}

/** What the client needs: care level and status, medical information, budget and preferences. */
function CareSections({ fields }: { fields: ClientFields }) {
  const budget = fields.budget.getFieldset();
  const preferences = fields.preferences.getFieldset();
  return (
    <>
      <FormSection title="Care & Status">
        <SelectField
          field={fields.careLevel}
          label="Care level"
          options={CARE_LEVELS.map((level) => [level, CARE_LEVEL_LABELS[level]] as const)}
        />
        <SelectField field={fields.trackerStatus} label="Status" options={CLIENT_STATUSES} />
        <SelectField
          field={fields.referralSource}
          label="Referral source"
          placeholder="Not recorded"
          options={REFERRAL_SOURCES}
        />
      </FormSection>

      <FormSection
        title="Medical Information"
        description="Choose from the common entries or add your own."
        layout="stack"
      >
        <EntryPickerField
          field={fields.medicalConditions}
          legend="Medical conditions"
          presets={PRESET_CONDITIONS}
          otherLabel="Other conditions"
          placeholder="e.g. Glaucoma"
        />
        <EntryPickerField
          field={fields.medications}
          legend="Medications"
          presets={PRESET_MEDICATIONS}
          placeholder="e.g. Latanoprost eye drops"
        />
        <TextareaField
          field={fields.medicalNotes}
          label="Medical notes"
          rows={4}
          placeholder="Mobility, allergies, daily care needs…"
        />
      </FormSection>

      <FormSection title="Budget & Preferences" description="Monthly budget in US dollars.">
        <InputField field={budget.min} label="Minimum budget" type="number" min={0} step={1} />
        <InputField field={budget.max} label="Maximum budget" type="number" min={0} step={1} />
        <InputField field={preferences.location} label="Preferred location" placeholder="City, area or ZIP" />
        <SelectField field={preferences.roomType} label="Room type" options={ROOM_CHOICES} />
        <EntryPickerField
          field={preferences.amenities}
          legend="Preferred amenities"
          presets={PRESET_AMENITIES}
          otherLabel="Other amenities"
          wide
        />
      </FormSection>
    </>
  );
}
