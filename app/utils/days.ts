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

const LOCAL_DATE_TIME = /^([1-9]\d{3}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * Whether `value` is a wall-clock time as a datetime-local field posts it, "2026-12-01T14:30"
 * (seconds optional; a space instead of the T, as typed without such a field), on a day that
 * exists, 00:00 to 23:59.
 */
export function isLocalDateTime(value: string): boolean {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return false;
  const [, day, hours, minutes, seconds = "0"] = match;
  const date = new Date(`${day}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === day &&
    Number(hours) < 24 &&
    Number(minutes) < 60 &&
    Number(seconds) < 60
  );
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s clocks are ahead of UTC at `at`, in milliseconds. */
function zoneOffset(timeZone: string, at: number): number {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The moment a wall-clock time ("2026-12-01T14:30", see isLocalDateTime) names in `timeZone`.
 * A time the clocks skip (spring forward) reads as the hour after; one they repeat (fall back),
 * as the first of the two.
 */
export function zonedTime(local: string, timeZone: string): Date {
  const [, day, hours, minutes, seconds = "0"] = LOCAL_DATE_TIME.exec(local) ?? [];
  const [year, month, date] = (day ?? "").split("-").map(Number);
  const wall = Date.UTC(year, month - 1, date, Number(hours), Number(minutes), Number(seconds));
  // The zone's offsets half a day either side: a transition in between gives two readings.
  const before = wall - zoneOffset(timeZone, wall - 43_200_000);
  const after = wall - zoneOffset(timeZone, wall + 43_200_000);
  const valid = [before, after].filter((at) => at + zoneOffset(timeZone, at) === wall);
  return new Date(valid.length > 0 ? Math.min(...valid) : before);
}
