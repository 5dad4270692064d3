import type { AuditRow } from "~/models/audit.server";
import { AuditListQuerySchema } from "~/schemas/audit";
import { auditBatches, fieldsOf } from "~/services/audit-page.server";
import { csvExportLoader } from "~/services/csv-export.server";
import type { CsvColumn } from "~/utils/csv.server";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from "~/utils/vocabulary";

// GET /settings/audit/export?actorId=…&action=…: every audit entry matching the audit log's
// filters (all pages), as CSV; admins only. The download is itself recorded (`export`, no kind of
// record: the audit log).

const COLUMNS: CsvColumn<AuditRow>[] = [
  { header: "Time", value: (e) => e.createdAt.toISOString() },
  { header: "Person", value: (e) => e.actorName },
  { header: "E-mail tried", value: (e) => e.email },
  { header: "Action", value: (e) => AUDIT_ACTION_LABELS[e.action] },
  { header: "Record type", value: (e) => (e.entity ? AUDIT_ENTITY_LABELS[e.entity] : null) },
  { header: "Record id", value: (e) => e.entityId },
  { header: "Record", value: (e) => e.entityName },
  { header: "Fields changed", value: (e) => fieldsOf(e).join("; ") },
  { header: "Address", value: (e) => e.ip },
  { header: "User agent", value: (e) => e.userAgent },
];

export const loader = csvExportLoader("audit-log", AuditListQuerySchema, COLUMNS, auditBatches, "audit.view");
