import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import type * as z from "zod";
import { readCheckboxes } from "~/schemas/common";
import type { FormReply } from "./form";

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

/**
 * A form screen whose loader gives the form's `defaultValue` and the `options` it offers (the
 * placement and task forms, new or edit): the action's last `answer` (Conform's result, a stale
 * save's conflict…), and the options for the form as it was sent when the answer carries them
 * (a picker's search step), else the loader's.
 */
export function useFormScreen<Options, Answer extends object = object>() {
  // The data as it arrives (JSON): the caller's types name it.
  const loaded = useLoaderData() as { options: Options; defaultValue: Record<string, unknown> };
  const answer = useActionData() as (FormReply & Answer & { options?: Options }) | undefined;
  return { answer, defaultValue: loaded.defaultValue, options: answer?.options ?? loaded.options };
}
