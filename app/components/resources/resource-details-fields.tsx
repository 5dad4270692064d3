import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import type { RelatedChoices } from "~/models/resources.server";
import { useHydrated } from "~/utils/use-hydrated";
import {
  ACCESS_LEVEL_LABELS,
  ACCESS_LEVELS,
  RELATED_TYPES,
  type RelatedType,
  RESOURCE_CATEGORIES,
} from "~/utils/vocabulary";
import { Button } from "../ui/button";
import { Input, Label } from "../ui/field";
import { CheckboxField, FormSection, InputField, SelectField, TextareaField } from "../ui/form";
import { ReferencePicker } from "../ui/reference-picker";

// The details of a document, on the upload and edit forms (spec 002 §5): what it belongs to,
// category, access level, description, expiration date, confidential and tags.

/** Each field's label, by name, as the controls read them. */
export const RESOURCE_FIELD_LABELS: Record<string, string> = {
  files: "Files",
  relatedToType: "Related to",
  relatedToId: "Related record",
  category: "Category",
  accessLevel: "Access level",
  description: "Description",
  expirationDate: "Expiration date",
  isConfidential: "Confidential",
  tags: "Tags",
};

/** The picker's search box without JavaScript: a GET of the form to its own page. */
export const RELATED_SEARCH_FIELD = "relatedSearch";

const PICKER: Record<RelatedType, { noun: string; placeholder: string; kind: string }> = {
  Client: { noun: "clients", placeholder: "Type a client's name", kind: "client" },
  Facility: { noun: "facilities", placeholder: "Type a facility's name or city", kind: "facility" },
  Placement: { noun: "placements", placeholder: "Type the client's or the facility's name", kind: "placement" },
  Task: { noun: "tasks", placeholder: "Type the task's title", kind: "task" },
};

// Conform's metadata for the fields of a details form.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fields = Record<keyof typeof RESOURCE_FIELD_LABELS, FieldMetadata<any, any, string[]>>;

/**
 * "Related to" and the record. With JavaScript, choosing a type switches the record picker to
 * that type's records, found by typing. Without, the record is a select of the type's records
 * (the most recent ones, or the matches of a search); changing the type or searching is a Find
 * button that reloads the page with the form's values in the URL (a GET: nothing is uploaded).
 */
function RelatedFields({
  fields,
  choices,
  page,
  withFiles,
}: {
  fields: Fields;
  choices: RelatedChoices;
  page: string;
  withFiles: boolean;
}) {
  const hydrated = useHydrated();
  const [type, setType] = useState<RelatedType>(choices.type);
  const picker = PICKER[type];
  const options = type === choices.type ? choices.options : [];
  const searchId = `${fields.relatedToId.id}-search`;
  return (
    <>
      <SelectField
        field={fields.relatedToType}
        label={RESOURCE_FIELD_LABELS.relatedToType}
        required
        options={RELATED_TYPES}
        onChange={(event) => setType(event.currentTarget.value as RelatedType)}
      />
      <div>
        <ReferencePicker
          // A new type starts an empty choice.
          key={type}
          name={fields.relatedToId.name}
          label={RESOURCE_FIELD_LABELS.relatedToId}
          required
          options={options}
          value={type === choices.type ? String(fields.relatedToId.initialValue ?? "") : ""}
          searchUrl={`/placement-options?kind=${picker.kind}`}
          placeholder={picker.placeholder}
          error={fields.relatedToId.errors?.join(", ")}
          errorId={fields.relatedToId.errorId}
          hint={
            hydrated
              ? undefined
              : choices.term
                ? `${options.length} of the ${PICKER[choices.type].noun} matching "${choices.term}".`
                : `The most recent ${PICKER[choices.type].noun}. Search to find any other.`
          }
        />
        {hydrated ? null : (
          <div className="mt-3 rounded-lg bg-slate-50 p-3">
            <Label htmlFor={searchId}>Find a record</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id={searchId}
                name={RELATED_SEARCH_FIELD}
                type="search"
                defaultValue={choices.term}
                placeholder="Name or title"
                className="min-w-48 flex-1"
              />
              <Button
                type="submit"
                variant="outline"
                formMethod="get"
                formAction={page}
                formEncType="application/x-www-form-urlencoded"
                formNoValidate
                className="shrink-0"
              >
                Find
              </Button>
            </div>
            <p className="mt-1 text-xs text-slate-500">
              Lists the records of the type chosen above.
              {withFiles ? " Find before choosing files: a search does not keep them." : null}
            </p>
          </div>
        )}
      </div>
    </>
  );
}

/** The details sections of the upload and edit forms. `page` is the form's own URL (its search step). */
export function ResourceDetailsFields({
  fields,
  choices,
  page,
  withFiles = false,
}: {
  fields: Fields;
  choices: RelatedChoices;
  page: string;
  /** The form also takes files (the upload), which a search step cannot keep. */
  withFiles?: boolean;
}) {
  return (
    <>
      <FormSection title="Related To" description="The client, facility, placement or task this document belongs to">
        <RelatedFields fields={fields} choices={choices} page={page} withFiles={withFiles} />
      </FormSection>
      <FormSection title="Document Details">
        <SelectField
          field={fields.category}
          label={RESOURCE_FIELD_LABELS.category}
          required
          placeholder="Choose a category"
          options={RESOURCE_CATEGORIES}
        />
        <SelectField
          field={fields.accessLevel}
          label={RESOURCE_FIELD_LABELS.accessLevel}
          required
          options={ACCESS_LEVELS.map((a) => [a, ACCESS_LEVEL_LABELS[a]] as const)}
          hint="Restricted: only the uploader, coordinators and admins see it."
        />
        <TextareaField field={fields.description} label={RESOURCE_FIELD_LABELS.description} wide rows={3} />
        <InputField field={fields.expirationDate} label={RESOURCE_FIELD_LABELS.expirationDate} type="date" />
        <InputField
          field={fields.tags}
          label={RESOURCE_FIELD_LABELS.tags}
          hint="Comma-separated, e.g. insurance, 2026"
        />
        <CheckboxField field={fields.isConfidential} label="Confidential (never included in CSV exports)" wide />
      </FormSection>
    </>
  );
}

/**
 * The details form's starting values from a URL's query (a search step) or the given ones. The
 * edit form's `revision` is the one it was opened at, kept through its search steps.
 */
export function detailsDefaults(search: URLSearchParams, fallback: Record<string, string>): Record<string, string> {
  const names = [...Object.keys(RESOURCE_FIELD_LABELS).filter((n) => n !== "files"), "revision"];
  const fromUrl = names.some((n) => search.has(n));
  return Object.fromEntries(names.map((n) => [n, fromUrl ? (search.get(n) ?? "") : (fallback[n] ?? "")]));
}
