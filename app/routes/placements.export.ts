import { type PlacementExportRow, streamPlacements } from "~/models/placements.server";
import { PlacementListQuerySchema } from "~/schemas/placement";
import { csvExportLoader } from "~/services/csv-export.server";
import type { CsvColumn } from "~/utils/csv.server";

// GET /placements/export?status=…&priority=…: every placement matching the list's filters (all
// pages), as CSV. A column is one line here (and, for a new figure, a field of PlacementExportRow).

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
  { header: "Notes", value: (p) => p.notes },
  { header: "Created", value: (p) => p.createdAt },
  { header: "Updated", value: (p) => p.updatedAt },
];

export const loader = csvExportLoader("placements", PlacementListQuerySchema, COLUMNS, streamPlacements);
