import { addDays, daysBetween } from "./days";
import { formatDate, formatUsd } from "./format";

// The referral fee's rules (docs/data-model.md, "Referral agreements and fees"), pure: the fee a
// move-in earns under an agreement, and the credit a move-out within the refund window gives back.
// Money in integer cents.

export interface FeeTerms {
  feeType: "percent" | "flat";
  /** 50 for 50%; null for a flat fee. */
  feePercent: number | null;
  flatFeeCents: number | null;
  paymentTermsDays: number;
  refundRule: "none" | "full" | "pro-rata";
  refundDays: number | null;
}

export interface WorkedOutFee {
  /** Null: none can be worked out (a share of a rate the placement does not have). */
  cents: number | null;
  /** How it was worked out, or why it could not be. */
  basis: string;
  dueDate: string;
}

const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** A fee as the screens show it: with cents ("$2,100.00"). */
export function formatFee(value: number | null | undefined): string {
  return value === null || value === undefined ? "" : cents.format(value / 100);
}

/** "$4,200" with cents only when there are some ("$4,200.50"). */
function dollarsOf(amountCents: number): string {
  return amountCents % 100 === 0 ? formatUsd(amountCents / 100) : formatFee(amountCents);
}

const percentText = (p: number) => `${Number.isInteger(p) ? p : p.toFixed(2).replace(/0$/, "")}%`;

/** An agreement's fee in a few words: "50% of the first month" or "Flat $3,000". */
export function feeTermsText(terms: Pick<FeeTerms, "feeType" | "feePercent" | "flatFeeCents">): string {
  return terms.feeType === "percent"
    ? `${percentText(terms.feePercent ?? 0)} of the first month's rate`
    : `Flat ${dollarsOf(terms.flatFeeCents ?? 0)}`;
}

/** An agreement's refund rule in a few words. */
export function refundText(terms: Pick<FeeTerms, "refundRule" | "refundDays">): string {
  if (terms.refundRule === "none" || !terms.refundDays) return "No refund";
  return terms.refundRule === "full"
    ? `Full refund if the resident leaves within ${terms.refundDays} days`
    : `Pro rata refund if the resident leaves within ${terms.refundDays} days`;
}

/**
 * The fee a move-in on `movedInOn` earns under `terms`, from the placement's monthly rate (whole
 * dollars and cents, as stored; null when not given): due `paymentTermsDays` after the move-in.
 */
export function workOutFee(terms: FeeTerms, monthlyRate: number | null, movedInOn: string): WorkedOutFee {
  const dueDate = addDays(movedInOn, terms.paymentTermsDays);
  if (terms.feeType === "flat") {
    return { cents: terms.flatFeeCents ?? 0, basis: `Flat ${dollarsOf(terms.flatFeeCents ?? 0)}`, dueDate };
  }
  const percent = terms.feePercent ?? 0;
  if (monthlyRate === null || monthlyRate <= 0) {
    return {
      cents: null,
      basis: `${percentText(percent)} of the first month: the placement has no monthly rate`,
      dueDate,
    };
  }
  const rateCents = Math.round(monthlyRate * 100);
  return {
    cents: Math.round((rateCents * percent) / 100),
    basis: `${percentText(percent)} of ${dollarsOf(rateCents)} first month`,
    dueDate,
  };
}

/** Why no fee: no agreement in force on the move-in day. */
export function noAgreementBasis(movedInOn: string): string {
  return `No referral agreement in force on ${formatDate(movedInOn)}`;
}

/**
 * What a move-out on `leftOn` gives back of a fee of `feeCents` under the refund rule: null when
 * nothing is owed back (no rule, no fee, or the resident stayed the whole window), with why. Pro
 * rata: fee × days of the window left / days of the window, rounded to the cent.
 */
export function workOutCredit(
  terms: Pick<FeeTerms, "refundRule" | "refundDays">,
  feeCents: number | null,
  movedInOn: string,
  leftOn: string,
): { cents: number | null; basis: string } {
  if (feeCents === null || feeCents === 0) return { cents: null, basis: "No fee to refund" };
  if (terms.refundRule === "none" || !terms.refundDays) return { cents: null, basis: "The agreement has no refund" };
  const window = terms.refundDays;
  const stayed = Math.max(0, daysBetween(movedInOn, leftOn));
  if (stayed >= window) {
    return { cents: null, basis: `Left after ${stayed} days, past the ${window}-day refund window: no credit` };
  }
  if (terms.refundRule === "full") {
    return { cents: feeCents, basis: `Full refund: left after ${stayed} of ${window} days` };
  }
  const left = window - stayed;
  return {
    cents: Math.round((feeCents * left) / window),
    basis: `Pro rata: ${left} of ${window} days left in the refund window (${formatFee(feeCents)} × ${left}/${window})`,
  };
}

/** The day `months` calendar months after `day` (YYYY-MM-DD), the month's last day when it is shorter. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDay));
  return first.toISOString().slice(0, 10);
}

/**
 * Why a move-in may earn no fee under an agreement with a tour window (the fee is owed only if the
 * client moved in within `windowMonths` of the agency's first tour of the facility), or null when
 * it is within the window or the agreement has none.
 */
export function tourWindowWarning(input: {
  windowMonths: number | null;
  /** The day of the first tour the agency arranged (null: none recorded). */
  tourDay: string | null;
  /** The move-in day (null: not known yet: nothing to say). */
  moveInDay: string | null;
}): string | null {
  const { windowMonths, tourDay, moveInDay } = input;
  if (!windowMonths || !moveInDay) return null;
  if (!tourDay) {
    return `No tour recorded: the referral agreement owes a fee only for a move-in within ${windowMonths} months of a tour the agency arranged.`;
  }
  const until = addMonths(tourDay, windowMonths);
  if (moveInDay <= until) return null;
  return `The move-in (${formatDate(moveInDay)}) is after the agreement's tour window: ${windowMonths} months from the first tour, until ${formatDate(until)}. The facility may not owe the fee.`;
}
