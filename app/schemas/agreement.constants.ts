// Referral agreements and fees (docs/screens.md, "Referral agreements"): the vocabularies and
// texts, without zod (schemas/agreement.ts re-exports them).

export const AGREEMENT_FEE_TYPES = ["percent", "flat"] as const;
export type AgreementFeeType = (typeof AGREEMENT_FEE_TYPES)[number];
export const AGREEMENT_FEE_TYPE_LABELS: Record<AgreementFeeType, string> = {
  percent: "Share of the first month's rate",
  flat: "Flat amount",
};

export const REFUND_RULES = ["none", "full", "pro-rata"] as const;
export type RefundRule = (typeof REFUND_RULES)[number];
export const REFUND_RULE_LABELS: Record<RefundRule, string> = {
  none: "No refund",
  full: "Full refund if the resident leaves within the window",
  "pro-rata": "Pro rata refund if the resident leaves within the window",
};

export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

export const AGREEMENT_NOT_FOUND = "Agreement not found";

export const AGREEMENT_MESSAGES = {
  created: "Agreement added",
  updated: "Agreement updated",
  createFailed: "Failed to add the agreement",
  updateFailed: "Failed to update the agreement",
  feeUpdated: "Referral fee updated",
  feeFailed: "Failed to update the referral fee",
} as const;
