import { dayIn } from "./days";
/** "coordinator" -> "Coordinator". */
export function capitalize(value: string): string {
  return value.length === 0 ? value : value[0].toUpperCase() + value.slice(1);
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("en-US");

/** Money in US dollars with no decimals, as every screen shows it (docs/screens.md). */
export function formatUsd(value: number | string | null | undefined): string {
  const n = typeof value === "string" ? Number(value) : value;
  return n === null || n === undefined || Number.isNaN(n) ? "" : usd.format(n);
}

/**
 * A range of dollar amounts as the screens write it: "$3,000 - $5,000", with one end only
 * "From $3,000" or "Up to $5,000"; null when neither end is given (0 counts as not given).
 */
export function amountRange(min: number | null, max: number | null): string | null {
  if (min && max) return `${formatUsd(min)} - ${formatUsd(max)}`;
  if (min) return `From ${formatUsd(min)}`;
  if (max) return `Up to ${formatUsd(max)}`;
  return null;
}

/**
 * A facility's monthly cost as shown and stored (`cost_range`, derived on save): "$4,000 - $6,500",
 * "From $4,000" without a maximum, "Up to $6,500" from $0, "$0" when it costs nothing.
 */
export function costRangeText(minCost: number, maxCost: number): string {
  return amountRange(minCost, maxCost) ?? formatUsd(0);
}

export function formatCount(value: number): string {
  return count.format(value);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Nov 22, 2026" for a date or a "YYYY-MM-DD" string (shown as the calendar day it names). A moment
 * (a Date, an ISO time) is shown as its day in `timeZone`, the agency's (a note written at 11 PM in
 * Chicago is that day's, not the next UTC day's); without one, its UTC day. Written out rather than
 * with Intl: the same text on the server and in every browser (ICU versions differ on
 * "Sep"/"Sept"), and a list page calls it for every row.
 */
export function formatDate(value: Date | string | null | undefined, timeZone?: string): string {
  if (!value) return "";
  const day = typeof value === "string" && value.length === 10;
  const date = typeof value === "string" ? new Date(day ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(date.getTime())) return "";
  if (!day && timeZone) return formatDate(dayIn(timeZone, date));
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** At most `length` characters, with an ellipsis when cut (card notes: 100). */
export function truncate(text: string, length = 100): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/**
 * "Nov 27, 2026, 3:42 PM" in `timeZone` (the agency's): for the server to format (ICU versions
 * differ between runtimes, so a browser might write it another way and not match).
 */
export function formatDateTime(value: Date | string, timeZone: string): string {
  let format = dateTimes.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" });
    dateTimes.set(timeZone, format);
  }
  return format.format(new Date(value)).replace(/\s/g, " ");
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/OPR\/(\d+)/, "Opera"],
  [/Firefox\/(\d+)/, "Firefox"],
  [/CriOS\/(\d+)/, "Chrome"],
  [/Chrom(?:e|ium)\/(\d+)/, "Chrome"],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, "Windows"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/**
 * A User-Agent as a person reads it: "Chrome 126 on Windows"; another program's own name as it
 * gives it ("curl/8.5.0"), cut to 40 characters; "" for none.
 */
export function shortUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return "";
  const browser = BROWSERS.map(([pattern, name]) => [userAgent.match(pattern), name] as const).find(([m]) => m);
  if (!browser) return truncate(userAgent, 40);
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return `${browser[1]} ${browser[0]?.[1]}${system ? ` on ${system}` : ""}`;
}
