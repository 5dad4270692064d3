// Calendar days in a time zone (browser-safe). A task is due on a day, and "today" is the
// agency's day (its time zone), never the server's: at 11 pm in Chicago it is already tomorrow
// on a server in UTC.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether this is a time zone the runtime knows ("America/Chicago", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function dayIn(timeZone: string, now: Date = new Date()): string {
  return formatterFor(timeZone).format(now);
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) it is at `now` in `timeZone`. */
export function hourIn(timeZone: string, now: Date = new Date()): number {
  let formatter = hourFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" });
    hourFormatters.set(timeZone, formatter);
  }
  return Number.parseInt(formatter.format(now), 10) % 24;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD): 1 when `to` is the day after. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The day (YYYY-MM-DD) `days` after `day` (before it when negative): daysBetween's inverse. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A due day said relative to today: "Today", "Tomorrow", "Yesterday", "In 3 days", "5 days ago". */
export function relativeDay(day: string, today: string): string {
  const n = daysBetween(today, day);
  if (n === 0) return "Today";
  if (n === 1) return "Tomorrow";
  if (n === -1) return "Yesterday";
  return n > 0 ? `In ${n} days` : `${-n} days ago`;
}
