import {
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import {
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useEffect,
  useRef,
} from "react";
import { cn } from "~/utils/cn";
import type { StaleSave } from "~/utils/stale-save";
import { useHydrated } from "~/utils/use-hydrated";
import { Alert } from "./alert";
import { Button, buttonClasses } from "./button";
import { Card } from "./card";
import { Checkbox } from "./choice";
import { ConfirmPanel } from "./dialog";
import { EntryPicker } from "./entry-picker";
import { FieldError, FieldHint, Input, Label, Select, type SelectChoices, SelectOptions, Textarea } from "./field";
import { PasswordInput } from "./password-input";

// The form kit: every entity form (clients, facilities, placements, and the forms to come) is
// built from these pieces, so a field's label, control, hint and errors are always wired the same
// way (the label names the control; the hint and the errors describe it, by id).

// Conform's metadata for any field of any form.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyField = FieldMetadata<any, any, string[]>;

/** What an action answers a form with: Conform's result, which the form shows by its fields. */
export interface FormReply {
  result?: SubmissionResult<string[]>;
  /** A save refused because someone changed the record after the form was opened (`staleForm`). */
  conflict?: StaleSave;
}

/**
 * What a form screen hands an entity's form: new or edit, the action's last answer (`data`), the
 * starting values of a stored record, and where Cancel goes.
 */
export interface EntityFormProps<Defaults, Answer extends FormReply = FormReply> {
  mode: "create" | "edit";
  data: Answer | undefined;
  defaultValue?: Defaults;
  cancelTo: string;
}

/**
 * An entity's form (client, facility, placement, task): the form element, then `enterButton` (a
 * form with pickers: EnterButton), in edit mode the record's version (RecordVersion: the form's
 * `version` field, with the `conflict` of a stale save), the `banner` over the fields (the form's
 * errors unless said: FormErrorBanner), the sections, and Cancel and the submit button (FormActions: `cancelTo`, `noun`,
 * `pendingLabel`).
 */
export function RecordForm({
  form,
  mode,
  conflict,
  enterButton = false,
  banner = <FormErrorBanner form={form} />,
  children,
  ...actions
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  conflict?: StaleSave | null;
  enterButton?: boolean;
  banner?: ReactNode;
  children: ReactNode;
} & ComponentProps<typeof FormActions>) {
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      {enterButton ? <EnterButton /> : null}
      {mode === "edit" ? <RecordVersion field={form.getFieldset().version} conflict={conflict} /> : null}
      {banner}
      {children}
      <FormActions mode={mode} {...actions} />
    </Form>
  );
}

/** A titled card of fields, two columns from small screens up (or a stack). */
export function FormSection({
  title,
  description,
  layout = "grid",
  children,
}: {
  title: string;
  description?: string;
  layout?: "grid" | "stack";
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
      <div className={cn("mt-5", layout === "grid" ? "grid grid-cols-1 gap-5 sm:grid-cols-2" : "space-y-6")}>
        {children}
      </div>
    </Card>
  );
}

/**
 * A field's box in a section's grid (or any flex or grid): `min-w-0`, so that it is never wider
 * than its column, whatever its control holds (see the controls' rule in tailwind.css).
 */
function fieldBox(wide: boolean | undefined) {
  return wide ? "min-w-0 sm:col-span-2" : "min-w-0";
}

interface FieldProps {
  field: AnyField;
  label: string;
  /** Marks the label; the control's `required` comes from the form's constraints. */
  required?: boolean;
  /** A line under the control (hidden while the field shows an error). */
  hint?: string;
  /** Spans both columns of a section. */
  wide?: boolean;
}

/**
 * Label, control, hint and error list of one field; the control comes from `children`. `errors`
 * null hides the field's errors (a field that says the same thing another way while it is typed in).
 */
export function Field({
  field,
  label,
  required,
  hint,
  wide,
  errors: shown,
  children,
}: FieldProps & { errors?: null; children: ReactNode }) {
  const errors = shown === null ? undefined : field.errors;
  return (
    <div className={fieldBox(wide)}>
      <Label htmlFor={field.id} required={required}>
        {label}
      </Label>
      {children}
      {hint && !errors ? <FieldHint id={field.descriptionId}>{hint}</FieldHint> : null}
      <FieldError id={field.errorId} errors={errors} />
    </div>
  );
}

/**
 * Splits a field's props into the frame's (label, hint, errors: `Field`) and the control's, and
 * says how the control is wired: described by the hint while it shows, invalid with errors.
 */
function frameOf<P extends FieldProps>({ field, label, required, hint, wide, ...control }: P) {
  const ariaDescribedBy = hint && !field.errors ? field.descriptionId : undefined;
  return { frame: { field, label, required, hint, wide }, control, ariaDescribedBy, invalid: Boolean(field.errors) };
}

type InputType =
  "text" | "email" | "tel" | "number" | "date" | "time" | "datetime-local" | "url" | "search" | "password";

export function InputField({
  type = "text",
  ...props
}: FieldProps & { type?: InputType } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id">) {
  const { frame, control, ariaDescribedBy, invalid } = frameOf(props);
  return (
    <Field {...frame}>
      <Input {...getInputProps(frame.field, { type, ariaDescribedBy })} invalid={invalid} {...control} />
    </Field>
  );
}

/**
 * A password, with the show/hide toggle (with JavaScript). What it shows under the control
 * (`below`: a checklist, "Passwords match") comes before its errors; `showErrors` false hides
 * them while `below` already says what is wrong.
 */
export function PasswordField({
  below,
  showErrors = true,
  ...props
}: FieldProps & { below?: ReactNode; showErrors?: boolean } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "name" | "id"
  >) {
  const { frame, control, ariaDescribedBy, invalid } = frameOf(props);
  const { key, ...input } = getInputProps(frame.field, { type: "password", ariaDescribedBy });
  return (
    <Field {...frame} errors={showErrors ? undefined : null}>
      <PasswordInput key={key} {...input} invalid={invalid} {...control} />
      {below}
    </Field>
  );
}

export function SelectField({
  options,
  placeholder,
  ...props
}: FieldProps & {
  options: SelectChoices;
  /** A first, empty choice ("Not given", "Choose a type"…). */
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">) {
  const { frame, control, ariaDescribedBy, invalid } = frameOf(props);
  // Without an empty first choice the select always has a value: `required` would mean nothing
  // (and HTML asks a required select's first option to be an empty placeholder).
  const { required, ...selectProps } = getSelectProps(frame.field, { ariaDescribedBy });
  return (
    <Field {...frame}>
      <Select
        {...selectProps}
        required={placeholder !== undefined ? required : undefined}
        invalid={invalid}
        {...control}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        <SelectOptions options={options} />
      </Select>
    </Field>
  );
}

export function TextareaField(props: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  const { frame, control, ariaDescribedBy, invalid } = frameOf(props);
  return (
    <Field {...frame}>
      <Textarea {...getTextareaProps(frame.field, { ariaDescribedBy })} invalid={invalid} {...control} />
    </Field>
  );
}

/** A box whose label follows it; posts "on" when ticked (see `readCheckboxes`). */
export function CheckboxField({ field, label, wide }: { field: AnyField; label: string; wide?: boolean }) {
  const { key, ...props } = getInputProps(field, { type: "checkbox" });
  return (
    <div className={fieldBox(wide)}>
      <Checkbox key={key} {...props} label={label} invalid={Boolean(field.errors)} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A list field: entries ticked among presets or typed by hand (medical conditions, amenities…). */
/**
 * A list field of presets and entries of one's own; `otherLabel` defaults to "Other {legend}"
 * ("Other amenities"), and `wide` spans both columns of a grid section.
 */
export function EntryPickerField({
  field,
  columns = 3,
  otherLabel,
  wide,
  ...props
}: { field: AnyField; otherLabel?: string; wide?: boolean } & Omit<
  ComponentProps<typeof EntryPicker>,
  "name" | "selected" | "error" | "otherLabel"
>) {
  return (
    <div className={fieldBox(wide)}>
      <EntryPicker
        key={field.key}
        name={field.name}
        selected={listValue(field)}
        error={field.errors?.join(", ")}
        columns={columns}
        otherLabel={otherLabel ?? `Other ${props.legend.toLowerCase()}`}
        {...props}
      />
    </div>
  );
}

/**
 * The entries a list field starts with: the stored ones, or those of the last submit. Not the
 * live value: a box's default follows it, and would tick a preset while its name is being typed.
 */
export function listValue(field: AnyField): string[] {
  const value = field.initialValue;
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" && value ? [value] : [];
}

/** Cancel and the submit button, which says what it is doing while the form is sent. */
export function FormActions({
  cancelTo,
  mode,
  noun,
  pendingLabel = mode === "create" ? "Creating..." : "Updating...",
}: {
  cancelTo: string;
  /** The button reads "Create {noun}" or "Update {noun}". */
  mode: "create" | "edit";
  noun: string;
  pendingLabel?: string;
}) {
  const label = `${mode === "create" ? "Create" : "Update"} ${noun}`;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Link to={cancelTo} className={buttonClasses("outline")}>
        Cancel
      </Link>
      <Button type="submit" loading={submitting}>
        {submitting ? pendingLabel : label}
      </Button>
    </div>
  );
}

/** The title of every form's error summary (docs/screens.md, "Shared display rules"). */
export const FIX_ERRORS_TITLE = "Please fix the errors below";

/** "One field needs your attention." / "3 fields need your attention." */
export const fieldsNeedAttention = (count: number) =>
  count === 1 ? "One field needs your attention." : `${count} fields need your attention.`;

/**
 * Over a form, every form the same way: its own errors (a file refused, a save that failed), or
 * else "Please fix the errors below" with how many fields need attention; each field's messages
 * show by the field. `extra` are problems only the server saw, by path, shown by their fields
 * too (a client of another agency): they count as well.
 */
export function FormErrorBanner({
  form,
  extra = [],
}: {
  form: { errors?: string[]; allErrors: Record<string, string[]> };
  extra?: { path: string; msg: string }[];
}) {
  if (form.errors) return <Alert tone="error">{form.errors.join(", ")}</Alert>;
  const fields = new Set([...Object.keys(form.allErrors).filter((path) => path !== ""), ...extra.map((e) => e.path)]);
  return fields.size > 0 ? (
    <Alert tone="error" title={FIX_ERRORS_TITLE}>
      {fieldsNeedAttention(fields.size)}
    </Alert>
  ) : null;
}

/**
 * Without JavaScript, Enter in a field presses a form's first button: this one (`intent=enter`),
 * which saves the form, or runs a picker's search step when its search box holds a new term
 * (`isPickerSearchStep`). Put it first in a form with pickers.
 */
export function EnterButton() {
  const hydrated = useHydrated();
  return hydrated ? null : (
    <button type="submit" name="intent" value="enter" tabIndex={-1} aria-hidden="true" className="sr-only" />
  );
}

/**
 * An edit form's record version (DESIGN §7): the hidden `field` holding the version the form was
 * opened at, and after a save refused because someone changed the record meanwhile (`conflict`),
 * who did and when, with a link to their version. The field then holds theirs, and the form what
 * was typed: saving again saves over it. Put it first in the form.
 */
export function RecordVersion({ field, conflict }: { field: AnyField; conflict?: StaleSave | null }) {
  // Controlled, so that the version of a refused save replaces the one the page was opened with.
  const value = conflict ? String(conflict.version) : String(field.value ?? field.initialValue ?? "");
  const notice = useRef<HTMLDivElement>(null);
  // With JavaScript the page stays where its Save button was: bring the notice into sight.
  useEffect(() => {
    if (conflict) notice.current?.focus();
  }, [conflict]);
  return (
    <>
      <input type="hidden" name={field.name} value={value} />
      {conflict ? (
        <div ref={notice} tabIndex={-1} className="scroll-mt-24 outline-none">
          <Alert tone="warning" title={conflict.message}>
            Your changes are below and were not saved.{" "}
            <Link to={conflict.href} target="_blank" rel="noreferrer" className="font-medium underline">
              {conflict.byYou ? "Review that version" : "Review their version"}
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>
            , then save again.
          </Alert>
        </div>
      ) : null}
    </>
  );
}

/**
 * A delete's confirmation screen (`/clients/:id/delete`), where its `ConfirmLink` leads without
 * JavaScript: the route's loader gives the `title`, `message` and `cancelHref`; its action deletes.
 */
export function DeletePage(confirm: { title: string; message: string; cancelHref: string }) {
  return (
    <div className="mx-auto max-w-xl py-6">
      <ConfirmPanel {...confirm} />
    </div>
  );
}
