import * as z from "zod";
import { dayFilter, idFilter } from "./common";

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
    from: dayFilter("from"),
    to: dayFilter("to"),
    agentId: idFilter("agentId"),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.from > query.to) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `to (${query.to}) is before from (${query.from})`,
        params: { screen: `The end date (${query.to}) is before the start date (${query.from}).` },
      });
    }
  });

export type ReportQuery = z.output<typeof ReportQuerySchema>;
