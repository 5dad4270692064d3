/** A toast: four kinds, a title, an optional text. Browser-safe. */
export type ToastType = "success" | "error" | "warning" | "info";

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
}

export const TOAST_DURATION_MS = 5000;
export const TOAST_EXIT_MS = 300;

/**
 * How much of a toast's text is kept, in characters: a toast is read at a glance, and it travels
 * in a cookie, which a browser takes up to 4 KB of.
 */
export const TOAST_TEXT_LIMITS = { title: 150, description: 450 } as const;

/**
 * A toast's text as it may be shown and stored: control characters become spaces, a lone
 * surrogate the replacement character, and text past `max` characters ends in "…". Whatever a
 * message quotes from a request, the toast (and the cookie that carries it) stays small.
 */
export function toastText(text: string, max: number): string {
  const shown = text
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
  const chars = Array.from(shown);
  return chars.length <= max ? shown : `${chars.slice(0, max - 1).join("")}…`;
}

/** The toast with its title and description bounded (`toastText`), to `share` of the usual limits. */
export function boundedToast<T extends Omit<Toast, "id">>(toast: T, share = 1): T {
  const { title, description } = toast;
  const limit = (max: number) => Math.max(8, Math.floor(max * share));
  return {
    ...toast,
    title: toastText(title, limit(TOAST_TEXT_LIMITS.title)),
    ...(description === undefined ? {} : { description: toastText(description, limit(TOAST_TEXT_LIMITS.description)) }),
  };
}
