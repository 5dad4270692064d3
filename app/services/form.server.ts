import { parse, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";
import type * as z from "zod";
import { agencyDay } from "~/models/agency.server";
import type { Ctx } from "~/models/context";
import type { StaleWrite } from "~/models/versions.server";
import { PICKER_SEARCH_FIELDS, readCheckboxes, searchTerm } from "~/schemas/common";
import { type DB, isDatabaseUnavailable, logDatabaseUnavailable } from "~/utils/db.server";
import { readFormData } from "~/utils/request.server";
import { DATABASE_UNAVAILABLE, invariantResponse, UNAVAILABLE_RETRY_AFTER } from "~/utils/responses";
import { changedMeanwhile, type StaleSave } from "~/utils/stale-save";
import { redirectWithToast } from "./session.server";

type Reply = (options?: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
}) => SubmissionResult<string[]>;

/**
 * The one recipe of a form's action: the posted form is read and checked with the form's schema
 * (unticked `checkboxes` count as "off"). Invalid, it goes back to the form with its messages
 * (400); valid, `save` runs with the parsed value. When `save` answers nothing, the form is done:
 * a redirect to `success.to` with the `success.title` toast; an answer it returns (a 409 with the
 * form's reply) goes back as it is. Should saving fail unexpectedly, the error is
 * logged and the form comes back as it was typed with `failure` ("Failed to update client"), so
 * nothing is lost (503 and a "try again" when the database is away). Responses that `save` throws (a 404, a redirect) pass through.
 *
 * A form sent for a `step` that is not saving it (a search in a picker) goes back as it was
 * typed (after `rewrite`), unchecked and without a message. `echo` adds what the form shows beside its fields,
 * worked out from the form as posted (the placement form's picker options), to every answer
 * that goes back to the form.
 */
export async function submitForm<S extends z.ZodType, R, D extends object = object>(
  request: Request,
  schema: S,
  options: {
    failure: string;
    /** Where a saved form goes, and the toast it shows there. */
    success: { to: string; title: string };
    checkboxes?: readonly string[];
    /** Fields that are not the schema's (an intent button): read by `save` from the form. */
    ignore?: readonly string[];
    /** Fields never sent back to the browser (passwords): the form shows them empty. */
    hideFields?: readonly string[];
    /** What else an invalid form's answer carries, read from the posted form (a password checklist). */
    invalidDetails?: (posted: FormData) => D;
    /** Whether the form was sent for a step that does not save it. */
    step?: (form: FormData) => boolean;
    /**
     * The posted form as the form means it, before anything else (the task form's lines still
     * in its "add items" box become checklist items; an item's Remove button takes it out).
     */
    rewrite?: (form: FormData) => FormData;
    echo?: (form: FormData) => Promise<object>;
  },
  save: (value: z.output<S>, reply: Reply, form: FormData) => Promise<R | void>,
) {
  const read = await readFormData(request);
  const formData = options.rewrite ? options.rewrite(read) : read;
  const posted = copyOf(formData);
  const echo = async () => (options.echo ? options.echo(posted) : {});
  if (options.step?.(posted)) return json({ result: replyAsTyped(posted, options.ignore), ...(await echo()) });
  const form = new FormData();
  for (const name of options.ignore ?? []) {
    for (const value of formData.getAll(name)) form.append(name, value);
    formData.delete(name);
  }
  const submission = parseWithZod(readCheckboxes(formData, options.checkboxes ?? []), { schema });
  const hideFields = options.hideFields ? [...options.hideFields] : undefined;
  const reply: Reply = (init) => submission.reply({ ...init, hideFields });
  if (submission.status !== "success") {
    return json({ ...(options.invalidDetails?.(formData) as D), result: reply(), ...(await echo()) }, { status: 400 });
  }
  try {
    const answer = await save(submission.value as z.output<S>, reply, form);
    return answer ?? redirectWithToast(options.success.to, { type: "success", title: options.success.title });
  } catch (error) {
    if (error instanceof Response) throw error;
    // What the form shows beside its fields may need the database that just failed: then without it.
    const echoed = await echo().catch(() => ({}));
    if (isDatabaseUnavailable(error)) {
      logDatabaseUnavailable(error);
      return json(
        { result: reply({ formErrors: [`${options.failure}. ${DATABASE_UNAVAILABLE}`] }), ...echoed },
        { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER) } },
      );
    }
    console.error(`[form] ${new URL(request.url).pathname}: ${options.failure}`, error);
    return json({ result: reply({ formErrors: [options.failure] }), ...echoed }, { status: 500 });
  }
}

/**
 * A save refused because the record changed after the form was opened (DESIGN §7): the form comes
 * back as it was typed (409) with `conflict`, who changed the record and when, and a link to
 * their version (`record.href`). Its version field (`record.field`, "version" unless said) now
 * holds theirs: saving again saves over it. `extra` is what else the form shows (picker options).
 */
export async function staleForm(
  db: DB,
  ctx: Ctx,
  reply: Reply,
  stale: StaleWrite,
  record: { noun: string; href: string; field?: string },
  extra: object = {},
) {
  const { timeZone } = await agencyDay(db, ctx);
  const { version, updatedAt, updatedBy } = stale.current;
  const byYou = updatedBy?.id === ctx.userId;
  const conflict: StaleSave = {
    message: changedMeanwhile(record.noun, updatedBy && { ...updatedBy, isYou: byYou }, new Date(updatedAt), timeZone),
    href: record.href,
    version,
    byYou,
  };
  const result = reply();
  const initialValue = { ...result.initialValue, [record.field ?? "version"]: String(version) };
  return json({ ...extra, result: { ...result, initialValue }, conflict }, { status: 409 });
}

/**
 * An update the model refused: a record that is not there (or not the agency's) is a 404 saying
 * `record.notFound`; one changed since the form was opened goes back as typed (`staleForm`, with
 * `extra`, what else the form shows, worked out only then).
 */
export async function refusedSave(
  db: DB,
  ctx: Ctx,
  reply: Reply,
  refused: { reason: "not-found" } | StaleWrite,
  record: { noun: string; href: string; notFound: string; field?: string },
  extra: () => Promise<object> = async () => ({}),
) {
  invariantResponse(refused.reason === "stale", record.notFound);
  return staleForm(db, ctx, reply, refused, record, await extra());
}

/** A delete's answer: back to `to` with the `deleted` toast, or the `failed` one when nothing was deleted. */
export function deletedOrNot(deleted: boolean, to: string, titles: { deleted: string; failed: string }) {
  if (deleted) return redirectWithToast(to, { type: "success", title: titles.deleted });
  return redirectWithToast(to, { type: "error", title: titles.failed });
}

function copyOf(formData: FormData): FormData {
  const copy = new FormData();
  for (const [name, value] of formData) copy.append(name, value);
  return copy;
}

/**
 * The outcome texts of an entity form: `savedAs("create", "client", "/clients")` fails with
 * "Failed to create client" and, saved, goes to /clients with "Client created successfully!".
 */
export function savedAs(verb: "create" | "update", noun: string, to: string, failure = `Failed to ${verb} ${noun}`) {
  const title = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} ${verb}d successfully!`;
  return { failure, success: { to, title } };
}

/**
 * A new record saved: on to its own page (`to`, not the list), with the form's success toast
 * (`savedAs`'s "Client created successfully!"). `save` returns it.
 */
export function landOn(options: { success: { title: string } }, to: string) {
  return redirectWithToast(to, { type: "success", title: options.success.title });
}

/**
 * The form as it was posted, for the form to show again as it was typed, without any message
 * (a step such as a search, which checks nothing): Conform's result holding only the values.
 * The `ignore`d fields (not the schema's) and files are left out.
 */
export function replyAsTyped(formData: FormData, ignore: readonly string[] = []): SubmissionResult<string[]> {
  const fields = new FormData();
  for (const [name, value] of formData) {
    if (typeof value === "string" && !ignore.includes(name)) fields.append(name, value);
  }
  const { payload } = parse(fields, { resolve: (value) => ({ value }) });
  // Only text is kept (a file cannot be shown again): the values are strings.
  return { initialValue: payload as NonNullable<SubmissionResult<string[]>["initialValue"]>, error: {} };
}

/** A posted field as a picker's search reads it (trimmed text, "" when absent). */
export const textIn = (form: FormData, name: string) => searchTerm(form.get(name));

/**
 * A form with client or facility pickers, sent for their search step without JavaScript: a
 * Search button, or Enter (the form's default button, `intent=enter`) while a picker's search box
 * holds a term not searched yet.
 */
export function isPickerSearchStep(form: FormData): boolean {
  const intent = form.get("intent");
  const pending = Object.values(PICKER_SEARCH_FIELDS).some((f) => textIn(form, f.term) !== textIn(form, f.shown));
  return intent === "search" || (intent === "enter" && pending);
}
