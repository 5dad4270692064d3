import { type FacilityRecord, streamFacilities } from "~/models/facilities.server";
import { FacilityListQuerySchema } from "~/schemas/facility";
import { addressColumns, csvExportLoader } from "~/services/csv-export.server";
import type { CsvColumn } from "~/utils/csv.server";
import { formatPhone } from "~/utils/phone";

// GET /facilities/export?type=…&availability=…: every facility matching the directory's filters, as CSV.

const COLUMNS: CsvColumn<FacilityRecord>[] = [
  { header: "Name", value: (f) => f.name },
  { header: "License Number", value: (f) => f.licenseNumber },
  { header: "Type", value: (f) => f.type },
  { header: "Active", value: (f) => f.isActive },
  { header: "Capacity", value: (f) => f.capacity },
  { header: "Current Occupancy", value: (f) => f.currentOccupancy },
  { header: "Available Beds", value: (f) => f.availableBeds },
  ...addressColumns<FacilityRecord>((f) => f.address),
  { header: "Contact", value: (f) => f.contact.name },
  { header: "Contact Phone", value: (f) => formatPhone(f.contact.phone) },
  { header: "Contact Email", value: (f) => f.contact.email },
  { header: "Cost Range", value: (f) => f.costRange },
  { header: "Min Cost", value: (f) => f.minCost },
  { header: "Max Cost", value: (f) => f.maxCost },
  { header: "Accepts Insurance", value: (f) => f.acceptsInsurance },
  { header: "Rating", value: (f) => f.rating },
  { header: "Amenities", value: (f) => f.amenities.join("; ") },
  { header: "Specialties", value: (f) => f.specialties.join("; ") },
  { header: "Notes", value: (f) => f.notes },
  { header: "Updated", value: (f) => f.updatedAt },
];

export const loader = csvExportLoader("facilities", FacilityListQuerySchema, COLUMNS, streamFacilities);
