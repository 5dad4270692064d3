import { US_STATES } from "~/utils/vocabulary";
import { type AnyField, FormSection, InputField, SelectField } from "./form";

/** An entity form's Address section: street, city, and the state and ZIP code side by side. */
export function AddressSection({
  address,
  required,
  streetLabel = "Street",
}: {
  /** The address's fieldset (`fields.address.getFieldset()`). */
  address: Record<"street" | "city" | "state" | "zip", AnyField>;
  required?: boolean;
  streetLabel?: string;
}) {
  return (
    <FormSection title="Address">
      <InputField field={address.street} label={streetLabel} required={required} wide />
      <InputField field={address.city} label="City" required={required} />
      <div className="grid grid-cols-2 gap-4">
        <SelectField field={address.state} label="State" required={required} placeholder="—" options={US_STATES} />
        <InputField field={address.zip} label="ZIP code" required={required} inputMode="numeric" />
      </div>
    </FormSection>
  );
}
