import * as z from "zod";
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from "~/utils/vocabulary";
import { dayRangeInOrder, dayRangeParams, idFilter, pagingParams, vocabularyFilter } from "./common";

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
    ...dayRangeParams,
    ...pagingParams(AUDIT_PAGE_SIZE),
  })
  .superRefine(dayRangeInOrder);

export type AuditListQuery = z.output<typeof AuditListQuerySchema>;
