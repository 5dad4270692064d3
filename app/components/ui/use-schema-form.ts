import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
import { readCheckboxes } from "~/schemas/common";

// The form kit's hook (the fields are in form.tsx): every form here is checked the same way.

/** The constraint of fields that must be filled in: `constraint: requiredFields("name", "email")`. */
export function requiredFields(...names: string[]): Record<string, { required: true }> {
  return Object.fromEntries(names.map((name) => [name, { required: true }]));
}

/**
 * Conform's form for a zod schema, checked as every form here is: in the browser on submit with
 * the schema the server uses (unticked `checkboxes` read as "off"), then again as a wrong field is
 * corrected (`revalidate: false`: only when it first checks). `constraint` gives the controls their
 * `required`, `min` or `pattern`.
 */
export function useSchemaForm<S extends z.ZodType<unknown, Record<string, unknown>>>(
  schema: S,
  {
    checkboxes = [],
    ignore = [],
    validateOn = "onSubmit",
    revalidate = true,
    defaultValue,
    ...options
  }: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: object;
    constraint?: Parameters<typeof useForm>[0]["constraint"];
    checkboxes?: readonly string[];
    /** Fields that are not the schema's (an intent button), left out of the check. */
    ignore?: readonly string[];
    /** When the first check runs (a form can check each field as it is left). */
    validateOn?: "onSubmit" | "onBlur";
    revalidate?: boolean;
  },
) {
  return useForm({
    ...options,
    defaultValue: defaultValue as Parameters<typeof useForm<z.input<S>>>[0]["defaultValue"],
    onValidate: ({ formData }) => {
      for (const name of ignore) formData.delete(name);
      return parseWithZod(readCheckboxes(formData, checkboxes), { schema });
    },
    shouldValidate: validateOn,
    shouldRevalidate: revalidate ? "onInput" : validateOn,
  });
}
