import { describe, expect, it } from "vitest";
import {
  addMonths,
  feeTermsText,
  formatFee,
  refundText,
  tourWindowWarning,
  workOutCredit,
  workOutFee,
} from "~/utils/referral-fee";

// The referral fee's rules (docs/data-model.md, "Referral agreements and fees"), pure.
const percent = (feePercent: number, more = {}) => ({
  feeType: "percent" as const,
  feePercent,
  flatFeeCents: null,
  paymentTermsDays: 30,
  refundRule: "none" as const,
  refundDays: null,
  ...more,
});

describe("workOutFee", () => {
  it.each([
    [50, 4200, 210000, "50% of $4,200 first month"],
    [100, 4200, 420000, "100% of $4,200 first month"],
    [62.5, 3999.99, 249999, "62.5% of $3,999.99 first month"],
    [33.33, 1000, 33330, "33.33% of $1,000 first month"],
  ])("%s%% of %s is %s cents", (share, rate, cents, basis) => {
    expect(workOutFee(percent(share), rate, "2026-03-10")).toEqual({ cents, basis, dueDate: "2026-04-09" });
  });

  it("a flat fee ignores the rate; the terms set the due date (across a month and a year)", () => {
    const flat = {
      ...percent(0),
      feeType: "flat" as const,
      feePercent: null,
      flatFeeCents: 300000,
      paymentTermsDays: 45,
    };
    expect(workOutFee(flat, null, "2026-12-20")).toEqual({
      cents: 300000,
      basis: "Flat $3,000",
      dueDate: "2027-02-03",
    });
    expect(workOutFee({ ...flat, flatFeeCents: 250050 }, 9000, "2026-01-01").basis).toBe("Flat $2,500.50");
  });

  it("a share without a monthly rate cannot be worked out", () => {
    expect(workOutFee(percent(50), null, "2026-03-10")).toEqual({
      cents: null,
      basis: "50% of the first month: the placement has no monthly rate",
      dueDate: "2026-04-09",
    });
  });
});

describe("workOutCredit", () => {
  const rule = (refundRule: "none" | "full" | "pro-rata", refundDays: number | null) => ({ refundRule, refundDays });
  it("pro rata: the fee times the days of the window left, over the window, to the cent", () => {
    expect(workOutCredit(rule("pro-rata", 60), 210000, "2026-03-10", "2026-03-30").cents).toBe(140000);
    expect(workOutCredit(rule("pro-rata", 90), 210000, "2026-03-10", "2026-03-11").cents).toBe(207667);
    expect(workOutCredit(rule("pro-rata", 30), 100000, "2026-03-10", "2026-03-10").cents).toBe(100000);
  });
  it("full within the window, nothing on or after its last day, nothing without a rule or a fee", () => {
    expect(workOutCredit(rule("full", 30), 210000, "2026-03-10", "2026-04-08").cents).toBe(210000);
    expect(workOutCredit(rule("full", 30), 210000, "2026-03-10", "2026-04-09")).toEqual({
      cents: null,
      basis: "Left after 30 days, past the 30-day refund window: no credit",
    });
    expect(workOutCredit(rule("none", null), 210000, "2026-03-10", "2026-03-11").basis).toBe(
      "The agreement has no refund",
    );
    expect(workOutCredit(rule("full", 30), null, "2026-03-10", "2026-03-11").basis).toBe("No fee to refund");
  });
});

describe("texts", () => {
  it("says the terms and money as the screens show them", () => {
    expect(feeTermsText(percent(75))).toBe("75% of the first month's rate");
    expect(feeTermsText({ feeType: "flat", feePercent: null, flatFeeCents: 300000 })).toBe("Flat $3,000");
    expect(refundText({ refundRule: "pro-rata", refundDays: 60 })).toBe(
      "Pro rata refund if the resident leaves within 60 days",
    );
    expect(refundText({ refundRule: "none", refundDays: null })).toBe("No refund");
    expect(formatFee(210000)).toBe("$2,100.00");
    expect(formatFee(5)).toBe("$0.05");
  });
});

describe("the tour window", () => {
  it("adds calendar months, the month's last day when it is shorter", () => {
    expect(addMonths("2025-10-03", 12)).toBe("2026-10-03");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2026-11-30", 3)).toBe("2027-02-28");
  });

  it("warns when the move-in is after the window, or no tour was recorded; not within it", () => {
    const window = { windowMonths: 12, tourDay: "2025-10-03" };
    expect(tourWindowWarning({ ...window, moveInDay: "2026-10-03" })).toBeNull();
    expect(tourWindowWarning({ ...window, moveInDay: "2026-10-04" })).toBe(
      "The move-in (Oct 4, 2026) is after the agreement's tour window: 12 months from the first tour, until Oct 3, 2026. The facility may not owe the fee.",
    );
    expect(tourWindowWarning({ ...window, tourDay: null, moveInDay: "2026-01-01" })).toBe(
      "No tour recorded: the referral agreement owes a fee only for a move-in within 12 months of a tour the agency arranged.",
    );
    // No window on the agreement, or no move-in yet: nothing to say.
    expect(tourWindowWarning({ windowMonths: null, tourDay: null, moveInDay: "2026-01-01" })).toBeNull();
    expect(tourWindowWarning({ ...window, moveInDay: null })).toBeNull();
  });
});
