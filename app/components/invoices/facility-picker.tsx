import type { InvoiceFacilityScope } from "~/models/invoices.server";
import type { PickerSearch } from "~/models/lists.server";
import { PICKER_SEARCH_FIELDS } from "~/schemas/common";
import { pickerHint } from "../ui/picker-field";
import { type Option, ReferencePicker } from "../ui/reference-picker";

// The invoice screens' facility: the list's filter (facilities with invoices) and a new
// invoice's facility (those with fees to invoice), chosen among thousands as the other forms'
// pickers are: a select of the usual few and a search step without JavaScript, type to search
// with it (GET /invoices/facility-options).

const USUAL: Record<InvoiceFacilityScope, string> = {
  invoiced: "The chosen facility and the first by name of those with invoices. Search to find any other.",
  billable: "The first by name of the facilities with fees to invoice. Search to find any other.",
};

export interface FacilityPickerData {
  options: Option[];
  searched: PickerSearch | null;
}

export function InvoiceFacilityPicker({
  scope,
  picker,
  value,
  emptyLabel,
  error,
  errorId,
}: {
  scope: InvoiceFacilityScope;
  picker: FacilityPickerData;
  value: string;
  emptyLabel: string;
  error?: string;
  errorId?: string;
}) {
  const fields = PICKER_SEARCH_FIELDS.facility;
  return (
    <ReferencePicker
      name="facility"
      label="Facility"
      options={picker.options}
      value={value}
      searchUrl={`/invoices/facility-options?scope=${scope}`}
      placeholder="Type a facility's name or city"
      emptyLabel={emptyLabel}
      error={error}
      errorId={errorId}
      hint={pickerHint("facility", picker.searched, USUAL[scope])}
      search={{
        name: fields.term,
        shownName: fields.shown,
        noun: "facilities",
        placeholder: "Name, city or license number",
        term: picker.searched?.term ?? "",
      }}
    />
  );
}
