// An invoice as the screens, the e-mail and the PDF name it (browser-safe).

/** What an invoice is called: its number, or "Draft invoice" before it has one. */
export const invoiceName = (invoice: { number: string | null }) => invoice.number ?? "Draft invoice";

/** The aging view's buckets: days past the due date. */
export const AGING_BUCKETS = ["Current", "1–30 days", "31–60 days", "61–90 days", "90+ days"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
