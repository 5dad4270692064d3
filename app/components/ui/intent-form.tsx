import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type * as z from "zod";
import { Alert } from "./alert";
import { Button } from "./button";
import { FormSection } from "./form";
import { useSchemaForm } from "./use-schema-form";

// A page of several small forms that post to the page itself (the profile, a staff member): each
// sends a hidden `intent`, and the answer goes back to the form that was sent.

/** What such a page's action answers: the reply of the form that was sent. */
export interface IntentFormsData {
  result?: SubmissionResult<string[]>;
}

/** The reply meant for the form of `intent`, if the last answer was its. */
export function resultFor(intent: string, data: IntentFormsData | undefined) {
  return data?.result?.initialValue?.intent === intent ? data.result : undefined;
}

/**
 * The form of `intent` (its `id` unless said), checked with `schema`, with the last answer if it
 * was this form's; `defaultValue` holds the hidden `intent`.
 */
export function useIntentForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  intent: string,
  data: IntentFormsData | undefined,
  {
    id = intent,
    defaultValue,
    constraint,
  }: Pick<Parameters<typeof useSchemaForm>[1], "defaultValue" | "constraint"> & { id?: string } = {},
) {
  return useSchemaForm(schema, {
    id,
    lastResult: resultFor(intent, data),
    defaultValue: { ...defaultValue, intent },
    constraint,
  });
}

/**
 * The submit button of one of the page's forms, busy while that form is being sent (without an
 * `intent`: the page's only form).
 */
export function IntentSubmitButton({
  intent,
  label,
  pendingLabel,
  variant,
}: {
  intent?: string;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "danger" | "outline";
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <div className="flex justify-end sm:col-span-2">
      <Button type="submit" variant={variant} loading={pending} className="w-full sm:w-auto">
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}

/** A form's own errors (not a field's), over its fields. */
export function FormErrors({ errors }: { errors?: string[] }) {
  return errors ? (
    <div className="sm:col-span-2">
      <Alert tone="error">{errors.join(", ")}</Alert>
    </div>
  ) : null;
}

/**
 * One of the page's forms as a card: it posts its hidden `intent` (to the page, or to `action`),
 * is named for screen readers (`label`), and shows its own errors over its fields.
 */
export function IntentFormCard({
  form,
  intent,
  label,
  title,
  description,
  layout,
  action,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  intent: string;
  label: string;
  title: string;
  description?: string;
  layout?: "grid" | "stack";
  action?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} {...getFormProps(form)} aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      <FormSection title={title} description={description} layout={layout}>
        <FormErrors errors={form.errors} />
        {children}
      </FormSection>
    </Form>
  );
}
