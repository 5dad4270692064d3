import * as z from "zod";
import { cleanEntries } from "~/utils/medical-notes";
import { normalizePhone, PHONE_MESSAGE } from "~/utils/phone";
import { isUuid } from "~/utils/uuid";
import { canonical } from "~/utils/vocabulary";

// Pieces shared by the entity schemas (browser-safe).

/** Postgres cannot store the NUL character in text: it is refused with this, never a 500. */
export const NUL_MESSAGE = "Contains a character that is not allowed (a null character). Please remove it.";

export const hasNoNul = (value: string) => !value.includes("\u0000");

/** Any text field or query parameter: a string without NUL characters. */
export const text = (params?: { error: string }) =>
  z.string(params).refine(hasNoNul, { message: NUL_MESSAGE, abort: true });

export const requiredText = (message: string, max = 200) =>
  text({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/**
 * A calendar date written YYYY-MM-DD that exists (no 30 February) and that Postgres stores
 * (years 1000 to 9999).
 */
export function isIsoDate(value: string): boolean {
  if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Dollar amounts written as text, as the API's `budgetRange` and `costRange` take them:
 * "$3,000 - $5,000" -> 3000 and 5000, "From $3,000" -> 3000 and none, "Up to $5,000" -> none and
 * 5000. Whole dollars; no number at all gives neither.
 */
export function parseAmountRange(text: string): { min: number | null; max: number | null } {
  const numbers = text.match(/\d[\d,]*(\.\d+)?/g)?.map((n) => Math.round(Number(n.replace(/,/g, "")))) ?? [];
  if (/^\s*(up to|under|below|max(imum)?\b)/i.test(text)) return { min: null, max: numbers[0] ?? null };
  return { min: numbers[0] ?? null, max: numbers[1] ?? null };
}

/** Empty, null or absent: null. */
export const optionalText = (max = 200) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A required phone number, stored in its normal form ("+15551234567"; see app/utils/phone.ts):
 * the form, its action and the API all store the same thing however it was typed.
 */
export const phoneNumber = (requiredMessage: string) =>
  requiredText(requiredMessage, 40).transform((typed, ctx) => {
    const stored = normalizePhone(typed);
    if (stored === null) {
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return stored;
  });

/** An optional phone number: empty, null or absent is null; anything else as `phoneNumber`. */
export const optionalPhoneNumber = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  phoneNumber(PHONE_MESSAGE)
    .nullish()
    .transform((v) => v ?? null),
);

export const EmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"))
  .meta({ format: "email" });

/** An optional e-mail address: empty, null or absent is null; anything else as `EmailSchema`. */
export const optionalEmail = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .pipe(EmailSchema.nullable());

/** A vocabulary value or one of its aliases; anything else names the allowed values. */
export function vocabulary<T extends string>(label: string, values: readonly T[], aliases: Record<string, T> = {}) {
  const allowed = [...values, ...Object.keys(aliases)].join(", ");
  return (
    z
      .string({ error: `${label} is required` })
      .transform((value, ctx) => {
        const found = canonical(values, aliases, value);
        if (!found) {
          ctx.addIssue({
            code: "custom",
            message: `Invalid ${label.toLowerCase()} "${value}". Allowed values: ${allowed}`,
          });
          return z.NEVER;
        }
        return found;
      })
      // The allowed values, for the API's OpenAPI document (the transform hides them).
      .meta(allowedValues(values, aliases))
  );
}

/**
 * What a vocabulary field accepts, as JSON Schema says it (the API's OpenAPI document): its
 * values and their aliases, and which of them is stored.
 */
export function allowedValues(values: readonly string[], aliases: Record<string, string> = {}) {
  const aliasKeys = Object.keys(aliases);
  return {
    enum: [...values, ...aliasKeys],
    ...(aliasKeys.length > 0 ? { description: `Stored and answered as one of: ${values.join(", ")}` } : {}),
  };
}

/** A list from repeated fields, an array or comma-separated text; trimmed, non-empty, no duplicates. */
export const entries = z
  // An empty "other" box posted beside ticked boxes arrives as a missing item: it adds nothing.
  .union([z.string(), z.array(z.string().max(200, "Each entry must be at most 200 characters").nullish())])
  .nullish()
  .transform((value) =>
    cleanEntries(value == null ? [] : Array.isArray(value) ? value.filter((v): v is string => Boolean(v)) : [value]),
  )
  .refine((list) => list.every(hasNoNul), { message: NUL_MESSAGE, abort: true })
  .refine((list) => list.length <= 50, "At most 50 entries");

export const MAX_PAGE_SIZE = 100;

/** A list's `sort`: a field, descending with a leading minus. */
export function sortParam<T extends string>(fields: readonly T[], fallback: NoInfer<`${"-" | ""}${T}`>) {
  const allowed = fields.flatMap((f) => [f, `-${f}`]).join(", ");
  return z
    .string()
    .optional()
    .transform((value, ctx) => {
      const raw = value?.trim() || fallback;
      const field = raw.replace(/^-/, "") as T;
      if (!fields.includes(field)) {
        ctx.addIssue({ code: "custom", message: `Invalid sort "${raw}". Allowed values: ${allowed}` });
        return z.NEVER;
      }
      return { field, direction: raw.startsWith("-") ? ("desc" as const) : ("asc" as const) };
    })
    .meta({
      enum: fields.flatMap((f) => [f, `-${f}`]),
      description: `A field, with a leading - for descending; default ${fallback}`,
    });
}

export const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** A whole number from `min` to `max` in a query; `fallback` when absent or empty. */
function wholeNumberParam<F extends number | undefined>(
  messages: { invalid: string; tooLarge: string },
  min: number,
  max: number,
  fallback: F,
) {
  return z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: messages.invalid })
      .int(messages.invalid)
      .min(min, messages.invalid)
      .max(max, messages.tooLarge)
      .optional()
      .transform((v) => v ?? fallback),
  );
}

/** A position from `min` up in a query (a page, an offset); `fallback` when absent or empty. */
export function positionParam<F extends number | undefined>(name: string, min: number, fallback: F) {
  const messages = { invalid: `${name} must be a whole number of ${min} or more`, tooLarge: `${name} is too large` };
  return wholeNumberParam(messages, min, 100_000, fallback);
}

/** How many rows to show, from `min` to MAX_PAGE_SIZE, in a query; `fallback` when absent or empty. */
export function rowCountParam<F extends number | undefined>(name: string, min: number, fallback: F) {
  const invalid = `${name} must be a whole number from ${min} to ${MAX_PAGE_SIZE}`;
  return wholeNumberParam({ invalid, tooLarge: invalid }, min, MAX_PAGE_SIZE, fallback);
}

/** A list's `page`: 1 when absent or empty. */
export const pageParam = positionParam("page", 1, 1);

/** A list's `limit`: `fallback` when absent or empty. */
export const limitParam = (fallback: number) => rowCountParam("limit", 1, fallback);

/** A list's paging, `page` and `limit` (`pageSize` rows unless asked), spread into its query schema. */
export function pagingParams(pageSize: number) {
  return { page: pageParam, limit: limitParam(pageSize) };
}

/** A list filter among a vocabulary's values (`?status=`): optional, an empty value as none. */
export function vocabularyFilter<T extends string>(
  label: string,
  values: readonly T[],
  aliases: Record<string, T> = {},
) {
  return z.preprocess(emptyToUndefined, vocabulary(label, values, aliases).optional());
}

/** A list filter by a record's id (`?clientId=`): optional, an empty value as none. */
export const idFilter = (name: string) =>
  z.preprocess(emptyToUndefined, z.string().trim().refine(isUuid, `${name} must be an id`).optional());

/** A list filter by a day, YYYY-MM-DD (`?from=`): optional, an empty value as none. */
export const dayFilter = (name: string) =>
  z.preprocess(emptyToUndefined, z.string().trim().refine(isIsoDate, `${name} must be a date (YYYY-MM-DD)`).optional());

/** A required day, YYYY-MM-DD: `required` when it is missing or empty, else "<label> must be a valid date". */
export const requiredDate = (label: string, required = `${label} is required`) =>
  z
    .string({ error: required })
    .trim()
    .refine((v) => v !== "", required)
    .refine((v) => v === "" || isIsoDate(v), `${label} must be a valid date`)
    .meta({ format: "date" });

/** A required reference, a record's id: `required` when it is missing or empty, `invalid` when it is not an id. */
export const requiredId = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .refine((v) => v !== "", required)
    .refine((v) => v === "" || isUuid(v), invalid);

/** An optional reference: a record's id, or null when it is missing or empty. */
export const optionalId = (invalid: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isUuid(v), invalid);

/** A query's days, `?from=` and `?to=` (YYYY-MM-DD, each optional), to spread into its schema. */
export const dayRangeParams = { from: dayFilter("from"), to: dayFilter("to") };

/** A `superRefine` for a query with `dayRangeParams`: the end day is not before the start day. */
export function dayRangeInOrder(query: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (query.from && query.to && query.from > query.to) {
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: `to (${query.to}) is before from (${query.from})`,
      params: { screen: `The end date (${query.to}) is before the start date (${query.from}).` },
    });
  }
}

/** A list's free-text `search`. */
export const searchParam = z.preprocess(
  emptyToUndefined,
  text().trim().max(100, "search must be at most 100 characters").optional(),
);

/**
 * A checkbox: true or false from JSON, "on"/"off" (or "true"/"false") from a form. Absent stays
 * undefined: a form action marks its unticked boxes "off" first (see readCheckboxes).
 */
export const checkbox = z
  .union([z.boolean(), z.enum(["on", "off", "true", "false"])])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === "on" || v === "true"));

/** A form posts nothing for an unticked box: say "off" for each one named, before parsing. */
export function readCheckboxes(formData: FormData, names: readonly string[]): FormData {
  for (const name of names) if (!formData.has(name)) formData.set(name, "off");
  return formData;
}

/** A whole number from JSON or a form field. */
export const wholeNumber = (message: string) => z.number({ error: message }).int(message);

export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/**
 * Like `entries`, but a repeat (in any case) is refused instead of dropped: the facility form's
 * rule for custom amenities and specialties.
 */
export const distinctEntries = (noun: string) =>
  z
    .union([z.string(), z.array(z.string().max(200, "Each entry must be at most 200 characters").nullish())])
    .nullish()
    .transform((value, ctx) => {
      const raw = value == null ? [] : Array.isArray(value) ? value.filter((v): v is string => Boolean(v)) : [value];
      const list = raw
        .flatMap((v) => v.split(","))
        .map((v) => v.trim().replace(/\s+/g, " "))
        .filter(Boolean);
      if (!list.every(hasNoNul)) {
        ctx.addIssue({ code: "custom", message: NUL_MESSAGE });
        return z.NEVER;
      }
      const seen = new Set<string>();
      for (const entry of list) {
        if (seen.has(entry.toLowerCase())) {
          ctx.addIssue({ code: "custom", message: `"${entry}" is already in the ${noun}` });
          return z.NEVER;
        }
        seen.add(entry.toLowerCase());
      }
      if (list.length > 60) {
        ctx.addIssue({ code: "custom", message: `At most 60 ${noun}` });
        return z.NEVER;
      }
      return list;
    });

/**
 * The search box of a form's client or facility picker without JavaScript (the placement and task
 * forms), and the hidden field holding the term its list was last searched with: form fields,
 * never the record's (each form leaves them out of its check).
 */
export const PICKER_SEARCH_FIELDS = {
  client: { term: "clientSearch", shown: "clientSearched" },
  facility: { term: "facilitySearch", shown: "facilitySearched" },
} as const;

/** A picker's search text as it is searched: trimmed, at most 100 characters, no NUL. */
export function searchTerm(value: unknown): string {
  return typeof value === "string" ? value.replaceAll("\u0000", "").trim().slice(0, 100) : "";
}

const VERSION_MESSAGE = (name: string, min: number) => `${name} must be a whole number of ${min} or more`;

/**
 * The version of the record an edit was read at (DESIGN §7): an edit form's hidden field, the
 * API's body field (`If-Match` says the same). A save over a newer version is refused; absent,
 * nothing is checked (a create, or an API client that does not send it). With `orNone`, 0 says
 * that none was recorded when it was read (a record that is created by its first save, such as a
 * client's disclosure): a save then is refused if someone recorded one meanwhile.
 */
export const recordVersion = (name = "version", { orNone = false }: { orNone?: boolean } = {}) => {
  const min = orNone ? 0 : 1;
  return z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : /^\d{1,10}$/.test(v.trim()) ? Number(v) : v) : v),
    z
      .number({ error: VERSION_MESSAGE(name, min) })
      .int(VERSION_MESSAGE(name, min))
      .min(min, VERSION_MESSAGE(name, min))
      .max(2_147_483_647, VERSION_MESSAGE(name, min))
      .optional(),
  );
};

/**
 * Why a one-time link (an invitation, a password reset) does not work: none is behind it, it has
 * expired, or it was used. Each link's screen words them its own way.
 */
export type LinkProblem = "invalid" | "expired" | "used";
