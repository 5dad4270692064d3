import { type PlacementExportRow, streamPlacements } from "~/models/placements.server";
import { PlacementListQuerySchema } from "~/schemas/placement";
import { csvExportLoader } from "~/services/csv-export.server";
import type { CsvColumn } from "~/utils/csv.server";

// GET /placements/export?status=…&priority=…: every placement matching the list's filters (all
// pages), as CSV. A column is one line here (and, for a new figure, a field of PlacementExportRow).

/** Cents as dollars with cents ("2100.00"), as a spreadsheet reads a number. */
const dollars = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? null : (cents / 100).toFixed(2);

const COLUMNS: CsvColumn<PlacementExportRow>[] = [
  { header: "Client", value: (p) => `${p.client.firstName} ${p.client.lastName}` },
  { header: "Facility", value: (p) => p.facility.name },
  { header: "Facility City", value: (p) => p.facility.city },
  { header: "Facility State", value: (p) => p.facility.state },
  { header: "Agent", value: (p) => `${p.agent.firstName} ${p.agent.lastName}` },
  { header: "Status", value: (p) => p.status },
  { header: "Priority", value: (p) => p.priority },
  { header: "Start Date", value: (p) => p.startDate },
  { header: "Move-in Date", value: (p) => p.moveInDate },
  { header: "End Date", value: (p) => p.endDate },
  { header: "Progress (%)", value: (p) => p.progress },
  { header: "Monthly Rate", value: (p) => p.monthlyRate },
  { header: "Payment Method", value: (p) => p.paymentMethod },
  { header: "Deposit", value: (p) => p.depositAmount },
  { header: "Referral Fee", value: (p) => dollars(p.fee?.cents) },
  { header: "Fee Basis", value: (p) => p.fee?.basis ?? null },
  { header: "Fee Due Date", value: (p) => p.fee?.dueDate ?? null },
  { header: "Fee Credit", value: (p) => dollars(p.fee?.creditCents) },
  { header: "Notes", value: (p) => p.notes },
  { header: "Created", value: (p) => p.createdAt },
  { header: "Updated", value: (p) => p.updatedAt },
];

export const loader = csvExportLoader("placements", PlacementListQuerySchema, COLUMNS, streamPlacements);
