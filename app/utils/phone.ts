// Phone numbers: one stored form, one display format (docs/data-model.md, "phone numbers").
//
// Stored: E.164, "+15551234567", with an extension in the tel: URI's own notation (RFC 3966),
// "+15551234567;ext=12". So the stored value is also what a tel: link dials, and programs read
// one format from the API. Shown: "(555) 123-4567" for US numbers, "(555) 123-4567 ext. 12" with
// an extension; other countries as stored ("+442079460958").
//
// The migration 20261124000001_normalize_phone_numbers does the same in SQL for the rows that
// existed before; keep the two in step.

export const PHONE_MESSAGE = "Please enter a valid phone number";

/** "x12", "ext. 12", "extension 12", "#12", ", 12" or ";ext=12" at the end of what was typed. */
const EXTENSION = /^(.*?)[\s,]*(?:;\s*ext\s*=|ext(?:ension)?\.?|x|#|,)\s*(\d{1,6})$/i;

/** Digits and the usual separators, with a + only in front. */
const NUMBER = /^\+?[\d\s().\-/]+$/;

/**
 * The stored form of a typed number, or null when it is not a phone number we can dial:
 * - a US number of 10 digits (area code not starting with 0 or 1), with or without +1 or 1 in
 *   front, and any spaces, dots, dashes, slashes or parentheses: "+15551234567";
 * - another country's number written with + (or 00 / 011) and its country code, 7 to 15 digits
 *   in all: "+442079460958";
 * - either followed by an extension of up to 6 digits: "+15551234567;ext=12".
 */
export function normalizePhone(typed: string): string | null {
  const text = typed.trim();
  const extension = EXTENSION.exec(text);
  const main = extension ? extension[1] : text;
  if (!NUMBER.test(main)) return null;
  const digits = main.replace(/\D/g, "");
  const suffix = extension ? `;ext=${extension[2]}` : "";
  const us = (national: string) => (/^[2-9]\d{9}$/.test(national) ? `+1${national}${suffix}` : null);

  if (main.startsWith("+")) return international(digits);
  if (digits.startsWith("011")) return international(digits.slice(3));
  if (digits.startsWith("00")) return international(digits.slice(2));
  if (digits.length === 11 && digits.startsWith("1")) return us(digits.slice(1));
  return us(digits);

  function international(number: string): string | null {
    if (number.startsWith("1")) return us(number.slice(1));
    return /^[2-9]\d{6,14}$/.test(number) ? `+${number}${suffix}` : null;
  }
}

const US_STORED = /^\+1(\d{3})(\d{3})(\d{4})(?:;ext=(\d+))?$/;
const OTHER_STORED = /^(\+\d+)(?:;ext=(\d+))?$/;

/** How every screen shows a stored number; anything not in the stored form is shown as it is. */
export function formatPhone(stored: string): string {
  const us = US_STORED.exec(stored);
  if (us) return `(${us[1]}) ${us[2]}-${us[3]}${us[4] ? ` ext. ${us[4]}` : ""}`;
  const other = OTHER_STORED.exec(stored);
  if (other) return `${other[1]}${other[2] ? ` ext. ${other[2]}` : ""}`;
  return stored;
}

/** The tel: link of a stored number: the stored form itself (no spaces), or the digits of an older one. */
export function phoneHref(stored: string): string {
  return `tel:${US_STORED.test(stored) || OTHER_STORED.test(stored) ? stored : stored.replace(/[^\d+]/g, "")}`;
}
