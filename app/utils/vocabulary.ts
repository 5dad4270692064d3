// The canonical vocabularies: each list is defined here once, and its union type (`CareLevel`,
// `FacilityType`…) is derived from it. The database types (app/utils/db-types.ts), the zod schemas and the
// screens all use these. Stored values are the labels forms show; see docs/vocabularies.md.

export const ROLES = ["admin", "coordinator", "agent"] as const;
export type Role = (typeof ROLES)[number];

/** The screens a person can choose to land on after signing in (their preferences), with labels. */
export const LANDING_PAGES = {
  "/dashboard": "Dashboard",
  "/tasks": "Tasks",
  "/swim-lanes": "Swim Lane Tracker",
  "/clients": "Clients",
  "/placements": "Placements",
} as const;
export type LandingPage = keyof typeof LANDING_PAGES;

export const CLIENT_STATUSES = ["New Client", "Active Client", "Target", "Placed", "Follow-up"] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
/** Task stages are the swim lanes, the same five names as client statuses. */
export const TASK_STAGES = CLIENT_STATUSES;

export const PLACEMENT_STATUSES = ["In Progress", "Confirmed", "Completed", "Cancelled"] as const;
export type PlacementStatus = (typeof PLACEMENT_STATUSES)[number];

export const PRIORITIES = ["Low", "Medium", "High", "Urgent"] as const;
export type Priority = (typeof PRIORITIES)[number];

export const CARE_LEVELS = ["independent", "assisted", "memory", "skilled"] as const;
export type CareLevel = (typeof CARE_LEVELS)[number];

/** Labels for the care levels, as the forms and cards show them. */
export const CARE_LEVEL_LABELS: Record<CareLevel, string> = {
  independent: "Independent Living",
  assisted: "Assisted Living",
  memory: "Memory Care",
  skilled: "Skilled Nursing",
};

/** Slug aliases (docs/vocabularies.md): accepted by filters and the API, mapped to the stored value. */
export const CLIENT_STATUS_ALIASES: Record<string, ClientStatus> = {
  "new-client": "New Client",
  "active-client": "Active Client",
  active: "Active Client",
  target: "Target",
  placed: "Placed",
  "follow-up": "Follow-up",
};

export const CARE_LEVEL_ALIASES: Record<string, CareLevel> = {
  "memory-care": "memory",
  "skilled-nursing": "skilled",
};

export const ROOM_TYPES = ["private", "semi-private", "shared", "studio", "one-bedroom"] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
export const ROOM_TYPE_LABELS: Record<RoomType, string> = {
  private: "Private",
  "semi-private": "Semi-private",
  shared: "Shared",
  studio: "Studio",
  "one-bedroom": "One-bedroom",
};
/**
 * The client form's first room-type choice, "No preference": stored as none (null). A form
 * cannot post an empty choice that means "none" rather than "left out" (an empty field is absent).
 */
export const NO_ROOM_PREFERENCE = "none";
export const NO_ROOM_PREFERENCE_LABEL = "No preference";

export const GENDERS = ["Male", "Female", "Other"] as const;
export type Gender = (typeof GENDERS)[number];

/** Where a client came from (none: not recorded); the reports count clients by it. */
export const REFERRAL_SOURCES = [
  "Hospital",
  "Physician",
  "Social worker",
  "Family or friend",
  "Web search",
  "Advertising",
  "Past client",
  "Other",
] as const;
export type ReferralSource = (typeof REFERRAL_SOURCES)[number];
/** The API's slugs: `social-worker` for "Social worker". */
export const REFERRAL_SOURCE_ALIASES: Record<string, ReferralSource> = Object.fromEntries(
  REFERRAL_SOURCES.map((s) => [s.toLowerCase().replace(/ /g, "-"), s]),
);

/** The canonical value for a stored value or one of its aliases, or undefined. */
export function canonical<T extends string>(
  values: readonly T[],
  aliases: Record<string, T>,
  input: string,
): T | undefined {
  const trimmed = input.trim();
  if ((values as readonly string[]).includes(trimmed)) return trimmed as T;
  return aliases[trimmed.toLowerCase()];
}

/** Preset medical conditions and medications offered on the client form (custom entries are allowed too). */
export const PRESET_CONDITIONS = [
  "Alzheimer's Disease",
  "Vascular Dementia",
  "Parkinson's Disease",
  "Type 2 Diabetes",
  "Hypertension",
  "Congestive Heart Failure",
  "Atrial Fibrillation",
  "COPD",
  "Osteoarthritis",
  "Osteoporosis",
  "Chronic Kidney Disease",
  "History of Stroke",
  "Macular Degeneration",
  "Depression",
  "Hypothyroidism",
  "Hearing Loss",
] as const;

export const PRESET_MEDICATIONS = [
  "Donepezil",
  "Memantine",
  "Metformin",
  "Insulin",
  "Lisinopril",
  "Amlodipine",
  "Atorvastatin",
  "Metoprolol",
  "Warfarin",
  "Levothyroxine",
  "Sertraline",
  "Carbidopa-Levodopa",
  "Furosemide",
  "Omeprazole",
] as const;

/** The facility form's preset amenities (clients choose preferred amenities from them too). */
export const PRESET_AMENITIES = [
  "24/7 Nursing Care",
  "Physical Therapy",
  "Occupational Therapy",
  "Speech Therapy",
  "Memory Care Services",
  "Medication Management",
  "Meals Included",
  "Transportation Services",
  "Social Activities",
  "Exercise Programs",
  "Beauty/Barber Services",
  "Laundry Services",
  "Housekeeping",
  "WiFi",
  "Cable TV",
  "Private Rooms",
  "Semi-Private Rooms",
  "Outdoor Spaces",
  "Pet Friendly",
  "Respite Care",
] as const;

/** The 50 US state codes. */
export const US_STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;

/** Facility types: the nine form values. */
export const FACILITY_TYPES = [
  "Assisted Living",
  "Nursing Home",
  "Memory Care",
  "Independent Living",
  "Skilled Nursing",
  "Rehabilitation Center",
  "Adult Day Care",
  "Home Care",
  "Other",
] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number];

/** The list filter's slugs (docs/vocabularies.md); `continuing-care` maps to nothing and is refused. */
export const FACILITY_TYPE_ALIASES: Record<string, FacilityType> = Object.fromEntries(
  FACILITY_TYPES.map((type) => [type.toLowerCase().replace(/\s+/g, "-"), type]),
);

/** The availability filter: beds free now, or a wait list. */
export const AVAILABILITIES = ["available", "waitlist"] as const;
export const AVAILABILITY_ALIASES: Record<string, (typeof AVAILABILITIES)[number]> = {
  "wait-list": "waitlist",
  wait_list: "waitlist",
};

/** The facility form's preset specialties. */
export const PRESET_SPECIALTIES = [
  "Alzheimer's Care",
  "Dementia Care",
  "Parkinson's Care",
  "Stroke Recovery",
  "Cardiac Care",
  "Diabetes Management",
  "Wound Care",
  "Post-Surgical Care",
  "Rehabilitation",
  "Palliative Care",
  "Hospice Care",
  "Mental Health",
  "Substance Abuse Recovery",
] as const;

export const PAYMENT_METHODS = ["Private Pay", "Insurance", "Medicaid", "Medicare", "VA Benefits", "Other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PLACEMENT_STATUS_ALIASES: Record<string, PlacementStatus> = {
  "in-progress": "In Progress",
  in_progress: "In Progress",
  confirmed: "Confirmed",
  completed: "Completed",
  cancelled: "Cancelled",
  canceled: "Cancelled",
};

export const PRIORITY_ALIASES: Record<string, Priority> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

/**
 * The placement checklist (docs/vocabularies.md): a flag and its date each. The detail's six steps are
 * these five and the move-in date.
 */
export const PLACEMENT_CHECKLIST = [
  { field: "contractSigned", column: "contract_signed", label: "Contract Signed", event: "Contract signed" },
  { field: "depositPaid", column: "deposit_paid", label: "Deposit Paid", event: "Deposit paid" },
  {
    field: "insuranceVerified",
    column: "insurance_verified",
    label: "Insurance Verified",
    event: "Insurance verified",
  },
  {
    field: "medicalRecordsTransferred",
    column: "medical_records_transferred",
    label: "Medical Records",
    event: "Medical records transferred",
  },
  { field: "familyNotified", column: "family_notified", label: "Family Notified", event: "Family notified" },
] as const;
export type ChecklistField = (typeof PLACEMENT_CHECKLIST)[number]["field"];

/**
 * A placement's progress, one figure everywhere (list, detail, API): its six steps, the five of
 * the checklist and a move-in date set, done as a whole percent (4 of 6 = 67).
 */
export function placementProgress(done: Record<ChecklistField, boolean>, moveInDate: string | null): number {
  const steps = [...PLACEMENT_CHECKLIST.map((step) => done[step.field]), Boolean(moveInDate)];
  return Math.round((steps.filter(Boolean).length / steps.length) * 100);
}

/** Task types: the nine form values. */
export const TASK_TYPES = [
  "Initial Contact",
  "Assessment",
  "Facility Visit",
  "Documentation",
  "Insurance Verification",
  "Contract Review",
  "Move Coordination",
  "Follow-up",
  "Other",
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/**
 * Task type aliases (docs/vocabularies.md): each type's slug ("initial-contact"), and the spec's
 * list slugs `follow_up` and `documentation`. Its `placement` and `administrative` map to nothing.
 */
export const TASK_TYPE_ALIASES: Record<string, TaskType> = {
  ...Object.fromEntries(TASK_TYPES.map((type) => [type.toLowerCase().replace(/\s+/g, "-"), type])),
  follow_up: "Follow-up",
};

/**
 * The tasks list's Status filter and column: an open task reads as its stage, a done one as
 * "Completed" (docs/vocabularies.md). The spec's todo, in_progress and review are not used.
 */
export const TASK_STATUSES = [...TASK_STAGES, "Completed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_ALIASES: Record<string, TaskStatus> = {
  ...Object.fromEntries(Object.entries(CLIENT_STATUS_ALIASES).filter(([slug]) => slug !== "active")),
  completed: "Completed",
};

/** What a task's Status shows: "Completed", else its stage. */
export function taskStatus(task: { stage: ClientStatus; isCompleted: boolean }): TaskStatus {
  return task.isCompleted ? "Completed" : task.stage;
}

/**
 * A task's progress, one rule everywhere (docs/vocabularies.md): the share of its checklist
 * items done, as a whole percent; with no items, 100 when the task is completed, else 0.
 */
export function taskProgress(itemsDone: number, items: number, isCompleted: boolean): number {
  if (items === 0) return isCompleted ? 100 : 0;
  // done * 100 / items is exact whenever it ends in .5, so halves round up as in SQL (tasks.progress).
  return Math.round((itemsDone * 100) / items);
}

/** Spec 002 progress bands: low below 25, medium 25 to below 75, high 75 and above. */
export const PROGRESS_BANDS = ["low", "medium", "high"] as const;
export type ProgressBand = (typeof PROGRESS_BANDS)[number];

export function progressBand(value: number): ProgressBand {
  if (value < 25) return "low";
  if (value < 75) return "medium";
  return "high";
}

/** The board's Progress filter's labels. */
export const PROGRESS_BAND_LABELS: Record<ProgressBand, string> = {
  low: "0-25% (Low)",
  medium: "25-75% (Medium)",
  high: "75-100% (High)",
};

/** Overdue: due before the agency's today (both YYYY-MM-DD) and not completed. */
export function isTaskOverdue(dueDate: string, isCompleted: boolean, today: string): boolean {
  return !isCompleted && dueDate < today;
}

/** High priority, as the tasks list's tile and the board's analytics count it. */
export const HIGH_PRIORITIES: readonly Priority[] = ["High", "Urgent"];

export const COMMUNICATION_TYPES = ["note", "call", "email", "meeting"] as const;
export type CommunicationType = (typeof COMMUNICATION_TYPES)[number];
/** How a communication's type reads: the client page's log form and its timeline. */
export const COMMUNICATION_TYPE_LABELS: Record<CommunicationType, string> = {
  note: "Note",
  call: "Call",
  email: "E-mail",
  meeting: "Meeting",
};

/**
 * What a client's timeline holds (its `?kind=` filter): notes and calls logged on the client,
 * communications of its tasks, its status changes, its placements' events, its tasks created and
 * completed, and documents added to it, its placements or its tasks.
 */
export const TIMELINE_KINDS = ["note", "communication", "status", "placement", "task", "document", "tour"] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];
export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  note: "Notes & calls",
  communication: "Task communications",
  status: "Status changes",
  placement: "Placements",
  task: "Tasks",
  document: "Documents",
  tour: "Tours",
};

/** A facility tour's outcome (tours.outcome): Scheduled until it is recorded. */
export const TOUR_OUTCOMES = ["Scheduled", "Completed", "Cancelled", "No-show"] as const;
export type TourOutcome = (typeof TOUR_OUTCOMES)[number];

/** How the family received the agency's written disclosure (client_disclosures.method). */
export const DISCLOSURE_METHODS = ["In person", "E-mail", "Mail", "Portal"] as const;
export type DisclosureMethod = (typeof DISCLOSURE_METHODS)[number];

/** Who may see a document. */
export const ACCESS_LEVELS = ["public", "internal", "restricted"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** What a document belongs to. */
export const RELATED_TYPES = ["Client", "Facility", "Placement", "Task"] as const;
export type RelatedType = (typeof RELATED_TYPES)[number];

/** A document's category (spec 002 §3; the database checks the same list). */
export const RESOURCE_CATEGORIES = [
  "Medical Records",
  "Insurance Documents",
  "Legal Documents",
  "Identification",
  "Photos",
  "Assessments",
  "Care Plans",
  "Contracts",
  "Facility Brochures",
  "Licenses",
  "Inspection Reports",
  "Other",
] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

/** A document's type as the library's Type filter names it: what its content proved it to be. */
export const RESOURCE_FILE_KINDS = ["image", "pdf", "word", "excel", "text"] as const;
export type ResourceFileKind = (typeof RESOURCE_FILE_KINDS)[number];
export const RESOURCE_FILE_KIND_LABELS: Record<ResourceFileKind, string> = {
  image: "Images",
  pdf: "PDF",
  word: "Word documents",
  excel: "Spreadsheets",
  text: "Text and CSV",
};

/** How an access level reads on the screens. */
export const ACCESS_LEVEL_LABELS: Record<AccessLevel, string> = {
  public: "Public",
  internal: "Internal",
  restricted: "Restricted",
};

/** What an audit entry records (audit_events.action), with how the audit screens say it. */
export const AUDIT_ACTION_LABELS = {
  sign_in: "Signed in",
  sign_in_failed: "Sign-in failed",
  sign_out: "Signed out",
  password_reset: "Reset their password",
  password_change: "Changed their password",
  two_factor_on: "Turned on two-factor sign-in",
  two_factor_off: "Turned off two-factor sign-in",
  two_factor_reset: "Reset two-factor sign-in",
  invite: "Invited",
  role_change: "Changed the role of",
  deactivate: "Deactivated",
  reactivate: "Reactivated",
  token_create: "Created an API token",
  token_revoke: "Revoked an API token",
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  note_add: "Added a note to",
  view: "Viewed",
  export: "Exported",
  download: "Downloaded",
  import: "Imported",
  undo: "Undid",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The kinds of record an audit entry names (audit_events.entity_type). */
export const AUDIT_ENTITY_LABELS = {
  client: "Client",
  facility: "Facility",
  placement: "Placement",
  task: "Task",
  communication: "Communication",
  resource: "Document",
  user: "Staff member",
  token: "API token",
  invitation: "Invitation",
  agency: "Agency",
  agreement: "Referral agreement",
  tour: "Tour",
  disclosure: "Disclosure",
  invoice: "Invoice",
  import: "Import",
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as AuditEntity[];

/** An invoice's statuses (docs/data-model.md, "Invoices"), in the order an invoice goes through them. */
export const INVOICE_STATUSES = ["Draft", "Sent", "Partly paid", "Paid", "Void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** How a facility paid an invoice. */
export const INVOICE_PAYMENT_METHODS = ["Check", "ACH", "Wire", "Card", "Other"] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];
