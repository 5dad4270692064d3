import type { SubmissionResult } from "@conform-to/react";
import type { FacilityRecord } from "~/models/facilities.server";
import { FacilitySchema } from "~/schemas/facility";
import { formatPhone } from "~/utils/phone";
import { FACILITY_TYPES, PRESET_AMENITIES, PRESET_SPECIALTIES } from "~/utils/vocabulary";
import { AddressSection } from "../ui/address-fields";
import {
  CheckboxField,
  EntryPickerField,
  type EntityFormProps,
  FormSection,
  InputField,
  RecordForm,
  SelectField,
  TextareaField,
} from "../ui/form";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";

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
    contact: { name: f.contact.name, phone: formatPhone(f.contact.phone), email: f.contact.email ?? "" },
    billingEmail: f.billingEmail ?? "",
    amenities: f.amenities,
    specialties: f.specialties,
    minCost: String(f.minCost),
    // 0 is "no maximum": shown as an empty box.
    maxCost: f.maxCost > 0 ? String(f.maxCost) : "",
    acceptsInsurance: f.acceptsInsurance ? "on" : "",
    notes: f.notes ?? "",
    isActive: f.isActive ? "on" : "",
    rating: f.rating === null ? "" : String(f.rating),
    version: String(f.version),
  };
}

export function FacilityForm({
  mode,
  data,
  defaultValue,
  cancelTo,
}: EntityFormProps<ReturnType<typeof facilityFormDefaults>>) {
  const [form, fields] = useFacilityForm(data?.result, defaultValue);
  return (
    <RecordForm form={form} mode={mode} conflict={data?.conflict} cancelTo={cancelTo} noun="Facility">
      <FacilitySections fields={fields} />
    </RecordForm>
  );
}

/** The facility form's fields; its boxes post nothing when unticked (`FACILITY_CHECKBOXES`). */
function useFacilityForm(
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue?: ReturnType<typeof facilityFormDefaults>,
) {
  return useSchemaForm(FacilitySchema, {
    id: "facility-form",
    lastResult,
    defaultValue: defaultValue ?? { isActive: "on", currentOccupancy: "0" },
    constraint: {
      ...requiredFields("name", "licenseNumber", "type", "address.street", "address.city", "address.state"),
      ...requiredFields("contact.name", "contact.phone", "minCost"),
      capacity: { required: true, min: 1 },
      "address.zip": { required: true, pattern: "\\d{5}(-\\d{4})?" },
    },
    checkboxes: FACILITY_CHECKBOXES,
  });
}

/** Every section of the facility form, from its name to its notes. */
function FacilitySections({ fields }: { fields: ReturnType<typeof useFacilityForm>[1] }) {
  const contact = fields.contact.getFieldset();
  return (
    <>
      <FormSection title="Basic Information">
        <InputField field={fields.name} label="Facility name" required />
        <InputField field={fields.licenseNumber} label="License number" required />
        <SelectField
          field={fields.type}
          label="Facility type"
          required
          placeholder="Choose a type"
          options={FACILITY_TYPES}
        />
        <InputField field={fields.rating} label="Rating" hint="From 0 to 5" type="number" min={0} max={5} step={0.1} />
        <CheckboxField field={fields.isActive} label="Active (open to new placements)" wide />
      </FormSection>

      <FormSection title="Capacity">
        <InputField field={fields.capacity} label="Capacity (beds)" required type="number" min={1} step={1} />
        <InputField field={fields.currentOccupancy} label="Current occupancy" type="number" min={0} step={1} />
      </FormSection>

      <AddressSection address={fields.address.getFieldset()} required streetLabel="Street address" />

      <FormSection title="Contact">
        <InputField field={contact.name} label="Contact name" required />
        <InputField field={contact.phone} label="Contact phone" required type="tel" />
        <InputField field={contact.email} label="Contact email" type="email" />
        <InputField
          field={fields.billingEmail}
          label="Billing email"
          hint="Where invoices go; empty: to the contact email"
          type="email"
        />
      </FormSection>

      <FormSection
        title="Pricing"
        description='Monthly cost in US dollars, shown to families as "$4,000 - $6,500" (or "From $4,000").'
      >
        <InputField field={fields.minCost} label="Minimum cost" required type="number" min={0} step={1} />
        <InputField
          field={fields.maxCost}
          label="Maximum cost"
          hint="Leave empty when there is no upper price"
          type="number"
          min={0}
          step={1}
        />
        <CheckboxField field={fields.acceptsInsurance} label="Accepts insurance" wide />
      </FormSection>

      <FormSection title="Amenities & Specialties" layout="stack">
        <EntryPickerField field={fields.amenities} legend="Amenities" presets={PRESET_AMENITIES} />
        <EntryPickerField field={fields.specialties} legend="Specialties" presets={PRESET_SPECIALTIES} />
      </FormSection>

      <FormSection title="Notes" layout="stack">
        <TextareaField field={fields.notes} label="Notes" rows={4} />
      </FormSection>
    </>
  );
}
