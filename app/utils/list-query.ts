import type * as z from "zod";

/** A URL parameter a list screen could not use: dropped from the query, and said in the user's terms. */
export interface ListProblem {
  /** The parameter's name in the URL. */
  param: string;
  /** What the URL held (so a filter can show what was typed). */
  value: string;
  /** In the user's terms: the filter's label, never the parameter's name. */
  message: string;
}

/** What a list screen calls each parameter it offers: the label of its control ("Status", "Min price"). */
export type ParamLabels = Record<string, string>;

/**
 * A list screen's URL parameters, read with the same schema as its API endpoint. A screen does
 * not answer 400: a parameter it cannot use is dropped, and a problem says why in the user's
 * terms (`labels` name the parameters as the screen's controls do). A rule that involves several
 * parameters gives its own text for people as the issue's `params.screen`
 * ("The minimum price ($5,000) is above the maximum ($3,000)"); the API keeps its own messages.
 */
export function readListQuery<S extends z.ZodType>(
  url: URL,
  schema: S,
  options: { fixed?: Record<string, string>; labels?: ParamLabels } = {},
): { query: z.output<S>; problems: ListProblem[] } {
  const { fixed = {}, labels = {} } = options;
  const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...fixed };
  const problems: ListProblem[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = schema.safeParse(params);
    if (result.success) return { query: result.data, problems };
    for (const issue of result.error.issues) {
      const keys = issue.code === "unrecognized_keys" ? issue.keys : [String(issue.path[0] ?? "")];
      for (const key of keys) {
        if (key in params && !(key in fixed)) {
          problems.push({ param: key, value: params[key], message: problemMessage(issue, key, params[key], labels) });
          delete params[key];
        }
      }
    }
  }
  throw new Error("readListQuery: the list's defaults do not satisfy its schema");
}

/** What the URL held for a parameter that was dropped, else "" (a filter shows what was typed). */
export function typedValue(problems: readonly ListProblem[], param: string): string {
  return problems.find((p) => p.param === param)?.value ?? "";
}

function problemMessage(issue: z.core.$ZodIssue, param: string, value: string, labels: ParamLabels): string {
  const screen = (issue as { params?: { screen?: unknown } }).params?.screen;
  if (typeof screen === "string") return screen;
  if (issue.code === "unrecognized_keys") return `"${param}" is not a filter of this list.`;
  const label = labels[param];
  if (!label) return `The filter "${param}" could not be used.`;
  const shown = `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (value.includes("\u0000")) return `${label} contains a character that is not allowed.`;
  switch (issue.code) {
    case "too_big":
      return issue.origin === "string"
        ? `${label} is longer than ${issue.maximum} characters.`
        : `${label} must be ${issue.maximum} or less.`;
    case "too_small":
      return `${label} must be ${issue.minimum} or more.`;
    case "invalid_type":
      return issue.expected === "int" ? `${label} must be a whole number.` : `${label} ${shown} is not a number.`;
    default:
      return `${label} ${shown} is not one of the choices.`;
  }
}

/** The current query string with some parameters changed (undefined or "" removes one). */
export function withParams(
  search: string | URLSearchParams,
  changes: Record<string, string | number | undefined>,
): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") params.delete(key);
    else params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** The link to page `p` of a list: the same URL with only the page changed (page 1 without it). */
export const pageHref = (search: string | URLSearchParams) => (p: number) =>
  withParams(search, { page: p === 1 ? undefined : p });

/**
 * "My work": an agent's task list and board start on their own tasks (`param` set to their id)
 * until they choose another assignee or "All" (the URL then says `param=`); coordinators and
 * admins start on the team's. (Not server-only: a route's screen settings name it at load time.)
 */
export function myWork(param: string) {
  return (ctx: { role?: string; userId: string }): Record<string, string> =>
    (ctx.role ?? "agent") === "agent" ? { [param]: ctx.userId } : {};
}
