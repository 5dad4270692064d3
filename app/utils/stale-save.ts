import { dayIn } from "./days";

// What an edit form says when its save is refused because someone changed the record after the
// form was opened (DESIGN §7; docs/architecture.md, "A stale save is refused"). Browser-safe.

/** A refused save, as the form shows it. */
export interface StaleSave {
  /** Who changed the record and when: "Dana Ruiz changed this client at 3:42 PM, after you opened it." */
  message: string;
  /** The record's page, where their version is. */
  href: string;
  /** The version the form now holds: saving again saves over theirs. */
  version: number;
  /** The caller changed it (in another tab or window, or through the API). */
  byYou: boolean;
}

const times = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Intl.DateTimeFormat>();

function formatter(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    cache.set(timeZone, format);
  }
  return format;
}

/**
 * When something happened, said in `timeZone` from `now`: "at 3:42 PM" today, "on Nov 24 at
 * 3:42 PM" another day this year, "on Nov 24, 2025 at 3:42 PM" before.
 */
export function whenSaid(at: Date, timeZone: string, now: Date = new Date()): string {
  // Newer ICU data puts a narrow no-break space before AM/PM: the same text everywhere.
  const time = formatter(times, timeZone, { hour: "numeric", minute: "2-digit" }).format(at).replace(/\s/g, " ");
  const day = dayIn(timeZone, at);
  if (day === dayIn(timeZone, now)) return `at ${time}`;
  const date = formatter(days, timeZone, { month: "short", day: "numeric" }).format(at);
  return `on ${date}${day.slice(0, 4) === dayIn(timeZone, now).slice(0, 4) ? "" : `, ${day.slice(0, 4)}`} at ${time}`;
}

/**
 * Who changed the record and when, naming the record by its noun ("client", "document"):
 * "Dana Ruiz changed this client at 3:42 PM, after you opened it." The caller's own change (in
 * another tab, or through the API) and one by no one known are said as such.
 */
export function changedMeanwhile(
  noun: string,
  changer: { name: string; isYou: boolean } | null,
  at: Date,
  timeZone: string,
  now: Date = new Date(),
): string {
  const when = whenSaid(at, timeZone, now);
  if (changer?.isYou) return `You changed this ${noun} ${when} in another tab or window, after you opened this form.`;
  return `${changer ? changer.name : "Someone else"} changed this ${noun} ${when}, after you opened it.`;
}
