import * as z from "zod";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "~/utils/vocabulary";
import { dayFilter, idFilter, pagingParams, vocabularyFilter } from "./common";

// The audit log's query (Settings → Audit log, and its CSV download): who, what, which record,
// which days. The days are the agency's (the loader reads them in its time zone).

/** Entries a page of the audit log shows. */
export const AUDIT_PAGE_SIZE = 50;

export const AuditListQuerySchema = z
  .strictObject({
    actorId: idFilter("actorId"),
    action: vocabularyFilter("Action", AUDIT_ACTIONS),
    entity: vocabularyFilter("Record type", AUDIT_ENTITIES),
    entityId: idFilter("entityId"),
    from: dayFilter("from"),
    to: dayFilter("to"),
    ...pagingParams(AUDIT_PAGE_SIZE),
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

export type AuditListQuery = z.output<typeof AuditListQuerySchema>;
