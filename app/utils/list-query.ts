import type * as z from "zod";

/**
 * A list screen's URL parameters, read with the same schema as its API endpoint. A screen does
 * not answer 400: a parameter it cannot use is dropped, and named so the page can say so.
 */
export function readListQuery<S extends z.ZodType>(
  url: URL,
  schema: S,
  fixed: Record<string, string> = {},
): { query: z.output<S>; ignored: string[] } {
  const params: Record<string, string> = { ...Object.fromEntries(url.searchParams), ...fixed };
  const ignored: string[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = schema.safeParse(params);
    if (result.success) return { query: result.data, ignored };
    for (const issue of result.error.issues) {
      const keys = issue.code === "unrecognized_keys" ? issue.keys : [String(issue.path[0] ?? "")];
      for (const key of keys) {
        if (key in params && !(key in fixed)) {
          delete params[key];
          ignored.push(key);
        }
      }
    }
  }
  throw new Error("readListQuery: the list's defaults do not satisfy its schema");
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
