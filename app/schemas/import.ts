import * as z from "zod";
import { text } from "./common";

// CSV imports (docs/decisions/012-csv-import.md): what an import takes (its kind of record, the
// duplicate choice, all-or-nothing or the valid rows, the column mapping) and the fields each kind
// of record reads from a file, with the headers each is recognised by. Browser-safe: the mapping
// form lists these fields.

export const IMPORT_TYPES = ["clients", "facilities", "placements"] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** What the importer does with a row that matches an existing record (or an earlier row of the file). */
export const DUPLICATE_CHOICES = ["skip", "update", "create"] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];
export const DUPLICATE_CHOICE_LABELS: Record<DuplicateChoice, string> = {
  skip: "Skip it",
  update: "Update the existing record",
  create: "Create it anyway",
};

/** "all": nothing is imported unless every row is valid; "valid": the valid rows are, the others reported. */
export const IMPORT_MODES = ["all", "valid"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** "draft": uploaded on the import screen, being mapped and previewed (the API's imports start queued). */
export const IMPORT_STATUSES = ["draft", "queued", "running", "done", "failed", "undone"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** The largest file taken: 20 MB. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
/** The most rows a file may hold. */
export const MAX_IMPORT_ROWS = 100_000;
/** How long after it finished an import may be undone. */
export const UNDO_HOURS = 24;

/** How a value of the file becomes the schema's input. */
export type FieldKind = "text" | "choice" | "number" | "list" | "date" | "careLevel" | "boolean" | "timestamp";

export interface ImportField {
  /** The path of the schema's input it fills ("address.city"); a timestamp kept as is: "createdAt". */
  key: string;
  label: string;
  kind: FieldKind;
  /** Headers that name it, compared without case, spaces or punctuation ("First Name" = "first_name"). */
  headers: string[];
}

const field = (key: string, label: string, kind: FieldKind, ...headers: string[]): ImportField => ({
  key,
  label,
  kind,
  headers: [label, ...headers],
});

const ADDRESS_FIELDS = [
  field("address.street", "Street", "text", "Address", "Street Address", "Address 1", "Address Line 1"),
  field("address.city", "City", "text", "Town"),
  field("address.state", "State", "text", "ST", "Province"),
  field("address.zip", "ZIP", "text", "Zip Code", "Postal Code", "Postcode"),
];

export const CLIENT_IMPORT_FIELDS: ImportField[] = [
  field("firstName", "First Name", "text", "First", "Given Name", "Forename"),
  field("lastName", "Last Name", "text", "Last", "Surname", "Family Name"),
  field("email", "Email", "text", "E-mail", "Email Address", "Mail"),
  field("phone", "Phone", "text", "Phone Number", "Phone #", "Phone No", "Telephone", "Tel", "Mobile", "Cell"),
  field("dateOfBirth", "Date of Birth", "date", "DOB", "Birth Date", "Birthdate", "Birthday"),
  field("gender", "Gender", "text", "Sex"),
  field("referralSource", "Referral Source", "text", "Source", "Referred By", "Referral"),
  field("trackerStatus", "Status", "text", "Tracker Status", "Client Status", "Stage"),
  field("careLevel", "Care Level", "careLevel", "Level of Care"),
  ...ADDRESS_FIELDS,
  field("emergencyContact.name", "Emergency Contact", "text", "Emergency Contact Name", "Emergency Name"),
  field("emergencyContact.relationship", "Relationship", "text", "Emergency Relationship"),
  field("emergencyContact.phone", "Emergency Phone", "text", "Emergency Contact Phone", "Emergency Phone #"),
  field("medicalConditions", "Medical Conditions", "list", "Conditions", "Diagnoses"),
  field("medications", "Medications", "list", "Meds"),
  field("medicalNotes", "Medical Notes", "text", "Notes"),
  field("budget.min", "Budget Min", "number", "Min Budget", "Minimum Budget", "Budget From"),
  field("budget.max", "Budget Max", "number", "Max Budget", "Maximum Budget", "Budget To"),
  field("preferences.location", "Preferred Location", "text", "Location"),
  field("preferences.roomType", "Room Type", "choice", "Room"),
  field("preferences.amenities", "Preferred Amenities", "list", "Amenities"),
  field("createdAt", "Created", "timestamp", "Created At", "Date Added"),
  field("updatedAt", "Updated", "timestamp", "Updated At", "Last Updated"),
];

/** Facilities: the directory export's columns (Available Beds and Cost Range are worked out, not read). */
export const FACILITY_IMPORT_FIELDS: ImportField[] = [
  field("name", "Name", "text", "Facility", "Facility Name"),
  field("licenseNumber", "License Number", "text", "Licence Number", "License", "License #", "Licence"),
  field("type", "Type", "text", "Facility Type"),
  field("isActive", "Active", "boolean", "Is Active"),
  field("capacity", "Capacity", "number", "Beds", "Total Beds"),
  field("currentOccupancy", "Current Occupancy", "number", "Occupancy", "Occupied Beds"),
  ...ADDRESS_FIELDS,
  field("contact.name", "Contact", "text", "Contact Name"),
  field("contact.phone", "Contact Phone", "text", "Phone", "Phone #", "Phone Number"),
  field("contact.email", "Contact Email", "text", "Email", "E-mail"),
  field("minCost", "Min Cost", "number", "Minimum Cost", "Monthly Cost From"),
  field("maxCost", "Max Cost", "number", "Maximum Cost", "Monthly Cost To"),
  field("acceptsInsurance", "Accepts Insurance", "boolean", "Insurance"),
  field("rating", "Rating", "number", "Stars"),
  field("amenities", "Amenities", "list"),
  field("specialties", "Specialties", "list", "Specialities", "Care Types"),
  field("notes", "Notes", "text"),
  field("updatedAt", "Updated", "timestamp", "Updated At", "Last Updated"),
];

/**
 * Placements: the placements export's columns. The client, facility and agent are named (a name,
 * an e-mail, a license number) and found among the agency's records before the form's schema
 * checks the row; Progress and the referral fee's columns are worked out, not read.
 */
export const PLACEMENT_IMPORT_FIELDS: ImportField[] = [
  field("clientId", "Client", "text", "Client Name", "Resident", "Resident Name"),
  field("clientEmail", "Client Email", "text", "Client E-mail", "Email", "E-mail"),
  field("facilityId", "Facility", "text", "Facility Name", "Community"),
  field(
    "facilityLicense",
    "Facility License Number",
    "text",
    "License Number",
    "Licence Number",
    "License",
    "License #",
  ),
  field("facilityCity", "Facility City", "text"),
  field("facilityState", "Facility State", "text"),
  field("agentId", "Agent", "text", "Agent Name"),
  field("status", "Status", "text", "Placement Status"),
  field("priority", "Priority", "text"),
  field("startDate", "Start Date", "date", "Start", "Started"),
  field("moveInDate", "Move-in Date", "date", "Move In Date", "Move-in", "Moved In"),
  field("endDate", "End Date", "date", "End", "Ended", "Move-out Date"),
  field("monthlyRate", "Monthly Rate", "number", "Rate", "Monthly Cost"),
  field("paymentMethod", "Payment Method", "choice", "Payment"),
  field("depositAmount", "Deposit", "number", "Deposit Amount"),
  field("notes", "Notes", "text"),
  field("createdAt", "Created", "timestamp", "Created At", "Date Added"),
  field("updatedAt", "Updated", "timestamp", "Updated At", "Last Updated"),
];

export const IMPORT_FIELDS: Record<ImportType, ImportField[]> = {
  clients: CLIENT_IMPORT_FIELDS,
  facilities: FACILITY_IMPORT_FIELDS,
  placements: PLACEMENT_IMPORT_FIELDS,
};

/** The kinds of record that can be imported today. */
export const IMPORTABLE_TYPES: ImportType[] = ["clients", "facilities", "placements"];

/** A header as it is compared: lower case, letters and digits only ("Phone #" → "phone"). */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * Each field's column (its index in `headers`), by the fields' headers: the first column whose
 * header names the field. A column names at most one field.
 */
export function matchHeaders(fields: ImportField[], headers: string[]): Record<string, number> {
  const keys = headers.map(headerKey);
  const taken = new Set<number>();
  const mapping: Record<string, number> = {};
  // Exact labels first ("Phone" is Phone, not Emergency Phone's variant), then the variants.
  for (const pass of [0, 1]) {
    for (const f of fields) {
      if (f.key in mapping) continue;
      const names = (pass === 0 ? [f.headers[0]] : f.headers.slice(1)).map(headerKey);
      const index = keys.findIndex((key, i) => !taken.has(i) && names.includes(key));
      if (index >= 0) {
        mapping[f.key] = index;
        taken.add(index);
      }
    }
  }
  return mapping;
}

export const IMPORT_MESSAGES = {
  type: `Type must be one of ${IMPORTABLE_TYPES.join(", ")}`,
  noFile: "Please choose a CSV or Excel (.xlsx) file to import",
  notSpreadsheet: "The file is neither a CSV file nor an Excel workbook (.xlsx): save the spreadsheet as one of them",
  oldExcel: "Excel 97-2003 workbooks (.xls) are not read: save the file as an Excel workbook (.xlsx) or as CSV",
  unreadableWorkbook:
    "The Excel workbook could not be read: it may be damaged. Open it in Excel and save it again, or save it as CSV",
  tooLarge: `The file is too large: at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
  tooManyRows: `The file has too many rows: at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")}`,
  empty: "The file has no header row: its first row must name the columns",
  mapping: "The column mapping must be an object of field names and column numbers",
  notFound: "No such import",
  undoLate: `An import can be undone for ${UNDO_HOURS} hours after it finished`,
  undoStatus: "Only a finished import can be undone",
  undoInUse: "Some records this import created are now in use (placements, tasks or invoices): undo them by hand",
} as const;

/** `{ "firstName": 0, … }` as JSON text (the API's and the mapping form's `mapping` field). */
const mappingField = z.preprocess(
  (v) => {
    if (typeof v !== "string" || v.trim() === "") return v === "" ? undefined : v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.record(z.string(), z.number().int().min(0), { error: IMPORT_MESSAGES.mapping }).optional(),
);

/** The options of a new import: the API's multipart fields, and the import screen's. */
export const ImportOptionsSchema = z.object({
  type: z.enum(IMPORTABLE_TYPES as [ImportType, ...ImportType[]], { error: IMPORT_MESSAGES.type }),
  duplicates: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(DUPLICATE_CHOICES, { error: `Duplicates must be one of ${DUPLICATE_CHOICES.join(", ")}` }).default("skip"),
  ),
  mode: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(IMPORT_MODES, { error: `Mode must be one of ${IMPORT_MODES.join(", ")}` }).default("all"),
  ),
  mapping: mappingField,
  fileName: text().optional(),
});
export type ImportOptions = z.output<typeof ImportOptionsSchema>;

/** An import as the API answers it (GET /api/imports/{id}). */
export const ApiImport = z.object({
  _id: z.string(),
  type: z.enum(IMPORT_TYPES),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  duplicates: z.enum(DUPLICATE_CHOICES),
  mode: z.enum(IMPORT_MODES),
  counts: z.object({
    total: z.number().meta({ description: "Rows in the file (an estimate until the import ends)" }),
    processed: z.number(),
    created: z.number(),
    updated: z.number(),
    skipped: z.number(),
    invalid: z.number(),
  }),
  errors: z
    .array(
      z.object({
        kind: z.enum(["invalid", "duplicate"]),
        row: z.number().meta({ description: "The row in the spreadsheet: the header is row 1" }),
        field: z.string().nullable(),
        column: z.string().nullable(),
        message: z.string(),
        value: z.string().optional(),
      }),
    )
    .meta({ description: "The first 1,000 invalid and duplicate rows" }),
  message: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  undoneAt: z.string().nullable(),
});
