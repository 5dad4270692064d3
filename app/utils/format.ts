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

export function formatCount(value: number): string {
  return count.format(value);
}

const shortDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "Nov 22, 2026" for a date or a "YYYY-MM-DD" string (shown as the calendar day it names). */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  return Number.isNaN(date.getTime()) ? "" : shortDate.format(date);
}

/** At most `length` characters, with an ellipsis when cut (card notes: 100). */
export function truncate(text: string, length = 100): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}
