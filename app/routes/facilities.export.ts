import type { LoaderFunctionArgs } from "@remix-run/node";
import { type FacilityRecord, streamFacilities } from "~/models/facilities.server";
import { FacilityListQuerySchema } from "~/schemas/facility";
import { type CsvColumn, csvResponse } from "~/utils/csv.server";
import { readListQuery } from "~/utils/list-query";
import { requireSignedIn } from "~/services/session.server";

// GET /facilities/export?type=…&availability=…: every facility matching the directory's filters, as CSV.

const COLUMNS: CsvColumn<FacilityRecord>[] = [
  { header: "Name", value: (f) => f.name },
  { header: "License Number", value: (f) => f.licenseNumber },
  { header: "Type", value: (f) => f.type },
  { header: "Active", value: (f) => f.isActive },
  { header: "Capacity", value: (f) => f.capacity },
  { header: "Current Occupancy", value: (f) => f.currentOccupancy },
  { header: "Available Beds", value: (f) => f.availableBeds },
  { header: "Street", value: (f) => f.address.street },
  { header: "City", value: (f) => f.address.city },
  { header: "State", value: (f) => f.address.state },
  { header: "ZIP", value: (f) => f.address.zip },
  { header: "Contact", value: (f) => f.contact.name },
  { header: "Contact Phone", value: (f) => f.contact.phone },
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

export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn(request);
  const { query } = readListQuery(new URL(request.url), FacilityListQuerySchema);
  const date = new Date().toISOString().slice(0, 10);
  return csvResponse(`facilities-${date}.csv`, COLUMNS, streamFacilities(db, ctx, query));
}
