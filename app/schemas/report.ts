import * as z from "zod";
import { dayRangeInOrder, dayRangeParams, idFilter } from "./common";

// The reports' query (/reports, and each report's CSV download): which days, and whose work. The
// days are the agency's; left out, the reports cover the last twelve months up to today.

/** The reports, by the name their CSV download and their table's id use. */
export const REPORT_NAMES = [
  "placements-by-month",
  "placements-by-agent",
  "intake-to-move-in",
  "conversion",
  "referral-sources",
  "revenue",
] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** The longest range the reports read: ten years. */
export const MAX_REPORT_DAYS = 3660;

export const ReportQuerySchema = z
  .strictObject({
    ...dayRangeParams,
    agentId: idFilter("agentId"),
  })
  .superRefine(dayRangeInOrder);

export type ReportQuery = z.output<typeof ReportQuerySchema>;
