import { type ClientRecord, streamClients } from "~/models/clients.server";
import { ClientListQuerySchema } from "~/schemas/client";
import { addressColumns, csvExportLoader } from "~/services/csv-export.server";
import type { CsvColumn } from "~/utils/csv.server";
import { formatPhone } from "~/utils/phone";
import { CARE_LEVEL_LABELS } from "~/utils/vocabulary";

// GET /clients/export?search=…&status=…: every client matching the list's filters (all pages), as CSV.

const COLUMNS: CsvColumn<ClientRecord>[] = [
  { header: "First Name", value: (c) => c.firstName },
  { header: "Last Name", value: (c) => c.lastName },
  { header: "Email", value: (c) => c.email },
  { header: "Phone", value: (c) => formatPhone(c.phone) },
  { header: "Date of Birth", value: (c) => c.dateOfBirth },
  { header: "Gender", value: (c) => c.gender },
  { header: "Referral Source", value: (c) => c.referralSource },
  { header: "Status", value: (c) => c.trackerStatus },
  { header: "Care Level", value: (c) => CARE_LEVEL_LABELS[c.careLevel] },
  ...addressColumns<ClientRecord>((c) => c.address),
  { header: "Emergency Contact", value: (c) => c.emergencyContact.name },
  { header: "Relationship", value: (c) => c.emergencyContact.relationship },
  { header: "Emergency Phone", value: (c) => formatPhone(c.emergencyContact.phone) },
  { header: "Medical Conditions", value: (c) => c.medicalConditions.join("; ") },
  { header: "Medications", value: (c) => c.medications.join("; ") },
  { header: "Medical Notes", value: (c) => c.medicalNotes },
  { header: "Budget Min", value: (c) => c.budgetMin },
  { header: "Budget Max", value: (c) => c.budgetMax },
  { header: "Preferred Location", value: (c) => c.preferences.location },
  { header: "Room Type", value: (c) => c.preferences.roomType },
  { header: "Preferred Amenities", value: (c) => c.preferences.amenities.join("; ") },
  { header: "Created", value: (c) => c.createdAt },
  { header: "Updated", value: (c) => c.updatedAt },
];

export const loader = csvExportLoader("clients", ClientListQuerySchema, COLUMNS, streamClients);
