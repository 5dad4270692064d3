import type { ClientStatus, FacilityType, TaskType } from "../../app/utils/db-types";

// Sentences and templates for the seeds: facility kinds, notes, task titles, checklists and
// communications. `{client}`, `{facility}` and `{family}` are filled in by the generators.

export interface FacilityKind {
  type: FacilityType;
  /** License number prefix: AL-CA-104233. */
  code: string;
  capacity: readonly [number, number];
  /** Range of the monthly starting price, in dollars. */
  minCost: readonly [number, number];
  suffixes: readonly string[];
  insuranceShare: number;
  /** Amenities and specialties such a place nearly always lists. */
  amenities: readonly string[];
  specialties: readonly string[];
}

export const FACILITY_KINDS: readonly FacilityKind[] = [
  {
    type: "Assisted Living",
    code: "AL",
    capacity: [40, 150],
    minCost: [3800, 5800],
    suffixes: ["Assisted Living", "Senior Living"],
    insuranceShare: 0.3,
    amenities: ["Meals Included", "Medication Management", "Social Activities"],
    specialties: ["Diabetes Management", "Dementia Care"],
  },
  {
    type: "Nursing Home",
    code: "NH",
    capacity: [60, 200],
    minCost: [7800, 9800],
    suffixes: ["Nursing & Rehabilitation Center", "Care Center"],
    insuranceShare: 0.9,
    amenities: ["24/7 Nursing Care", "Medication Management", "Physical Therapy"],
    specialties: ["Wound Care", "Palliative Care", "Cardiac Care"],
  },
  {
    type: "Memory Care",
    code: "MC",
    capacity: [16, 64],
    minCost: [5600, 7800],
    suffixes: ["Memory Care", "Memory Care Community"],
    insuranceShare: 0.4,
    amenities: ["Memory Care Services", "24/7 Nursing Care", "Outdoor Spaces"],
    specialties: ["Alzheimer's Care", "Dementia Care"],
  },
  {
    type: "Independent Living",
    code: "IL",
    capacity: [80, 200],
    minCost: [2600, 4200],
    suffixes: ["Retirement Community", "Senior Apartments"],
    insuranceShare: 0.05,
    amenities: ["Meals Included", "Transportation Services", "Exercise Programs", "WiFi"],
    specialties: ["Diabetes Management"],
  },
  {
    type: "Skilled Nursing",
    code: "SN",
    capacity: [60, 180],
    minCost: [8800, 10800],
    suffixes: ["Skilled Nursing Facility", "Health Center"],
    insuranceShare: 0.95,
    amenities: ["24/7 Nursing Care", "Physical Therapy", "Occupational Therapy"],
    specialties: ["Post-Surgical Care", "Wound Care", "Stroke Recovery"],
  },
  {
    type: "Rehabilitation Center",
    code: "RC",
    capacity: [30, 120],
    minCost: [9200, 12500],
    suffixes: ["Rehabilitation Center", "Rehab & Recovery"],
    insuranceShare: 0.95,
    amenities: ["Physical Therapy", "Occupational Therapy", "Speech Therapy"],
    specialties: ["Rehabilitation", "Stroke Recovery", "Post-Surgical Care"],
  },
  {
    type: "Adult Day Care",
    code: "AD",
    capacity: [10, 60],
    minCost: [1200, 2200],
    suffixes: ["Adult Day Center", "Day Club"],
    insuranceShare: 0.5,
    amenities: ["Social Activities", "Meals Included", "Transportation Services"],
    specialties: ["Dementia Care"],
  },
  {
    type: "Home Care",
    code: "HC",
    capacity: [10, 40],
    minCost: [3000, 5200],
    suffixes: ["Home Care Services", "Home Health"],
    insuranceShare: 0.7,
    amenities: ["Medication Management", "Housekeeping", "Respite Care"],
    specialties: ["Palliative Care", "Hospice Care"],
  },
  {
    type: "Other",
    code: "OT",
    capacity: [10, 30],
    minCost: [2800, 4800],
    suffixes: ["Residential Care Home", "Board & Care Home"],
    insuranceShare: 0.2,
    amenities: ["Meals Included", "Private Rooms", "Laundry Services"],
    specialties: ["Mental Health"],
  },
];

export const FACILITY_PREFIXES = [
  "Maple Grove",
  "Willow Creek",
  "Cedar Ridge",
  "Harbor View",
  "Golden Oaks",
  "Magnolia Gardens",
  "Brookside",
  "Evergreen",
  "Silver Pines",
  "Lakeside",
  "Heritage Oaks",
  "Autumn Leaves",
  "Rosewood",
  "Meadowbrook",
  "Stonebridge",
  "Pinecrest",
  "Riverside",
  "Hillcrest",
  "Briarwood",
  "Fairhaven",
  "Oak Hollow",
  "Sunset Terrace",
  "Bayview",
  "Summit",
  "Aspen Grove",
  "Laurel Woods",
  "Quail Run",
  "Park Place",
  "Greenfield",
  "Westbrook",
] as const;

export const FACILITY_NOTES = [
  "Waiting list is typically 2-3 months for private rooms.",
  "Medicaid beds are limited; ask admissions before touring.",
  "Recently renovated dining room and courtyard.",
  "Strong memory care program with a secured garden.",
  "Physician visits on site every week.",
  "Small pets under 20 lb are welcome.",
  "Respite stays available with a 30-day minimum.",
  "Admissions director prefers tours on weekday mornings.",
] as const;

export const CLIENT_NOTES = [
  "Family toured two communities last weekend; they liked the smaller one better.",
  "Daughter is the main contact and prefers e-mail after 6pm.",
  "Discharge from the hospital expected at the end of the week.",
  "Long-term care insurance policy located; claim paperwork started.",
  "Client is anxious about moving; suggested a lunch visit first.",
  "Budget confirmed with the son: up to the top of the range if memory care is needed.",
  "Primary care physician faxed the latest assessment.",
  "Veteran: started the Aid and Attendance application.",
  "Wants to stay close to their church in the same neighborhood.",
  "Spouse will move in too; looking for a one-bedroom.",
] as const;

export const PLACEMENT_NOTES = [
  "Family toured twice; daughter prefers a first-floor room.",
  "Awaiting Medicaid approval before the move-in date can be confirmed.",
  "Client asked for a room overlooking the garden.",
  "Move-in coordinated with the hospital discharge planner.",
  "Facility waived the community fee for a move-in this month.",
  "Hospice provider will continue care after the move.",
] as const;

export const CANCEL_REASONS = [
  "Family decided on in-home care instead.",
  "Client was admitted to the hospital; placement on hold.",
  "Facility could not accommodate the care level after assessment.",
  "Cost above the family's budget once care fees were added.",
] as const;

/** Which kinds of task each swim lane holds, with weights. */
export const TYPES_BY_STAGE: Record<ClientStatus, readonly (readonly [TaskType, number])[]> = {
  "New Client": [
    ["Initial Contact", 5],
    ["Assessment", 3],
    ["Documentation", 1],
    ["Other", 1],
  ],
  "Active Client": [
    ["Assessment", 3],
    ["Facility Visit", 4],
    ["Insurance Verification", 2],
    ["Documentation", 2],
    ["Other", 1],
  ],
  Target: [
    ["Facility Visit", 2],
    ["Contract Review", 4],
    ["Insurance Verification", 3],
    ["Documentation", 1],
  ],
  Placed: [
    ["Move Coordination", 5],
    ["Contract Review", 1],
    ["Documentation", 2],
    ["Follow-up", 1],
  ],
  "Follow-up": [
    ["Follow-up", 6],
    ["Other", 2],
    ["Documentation", 1],
  ],
};

/** Title templates per task type; tasks without a client only use the "Other" ones. */
export const TASK_TITLES: Record<TaskType, readonly string[]> = {
  "Initial Contact": [
    "Initial call with {client}'s family",
    "Intake interview with {client}",
    "Return inquiry call for {client}",
  ],
  Assessment: [
    "Complete care assessment for {client}",
    "Review physician's report for {client}",
    "Home visit assessment with {client}",
  ],
  "Facility Visit": [
    "Tour {facility} with {client}",
    "Schedule visit to {facility} for {client}",
    "Lunch visit at {facility} with {client}",
  ],
  Documentation: [
    "Collect medical records for {client}",
    "Prepare TB test and physician orders for {client}",
    "Update care plan documents for {client}",
  ],
  "Insurance Verification": [
    "Verify Medicare coverage for {client}",
    "Confirm long-term care policy for {client}",
    "Check Medicaid eligibility for {client}",
  ],
  "Contract Review": [
    "Review admission agreement with {facility}",
    "Go over residency contract with {client}'s family",
    "Compare fee schedules for {client}",
  ],
  "Move Coordination": [
    "Coordinate move-in for {client}",
    "Book movers for {client}'s move to {facility}",
    "Arrange furniture setup at {facility}",
  ],
  "Follow-up": [
    "30-day check-in with {client}",
    "Follow up with {client}'s family after move-in",
    "Satisfaction call about {facility}",
  ],
  Other: [
    "Update facility availability list",
    "Prepare monthly placement report",
    "Refresh brochure library",
    "Plan community outreach event",
  ],
};

export const TASK_DESCRIPTIONS = [
  "Family asked to be called before noon.",
  "Bring the care needs summary and the budget worksheet.",
  "Coordinate with the facility's admissions director.",
  "Use the checklist below; note anything missing in the communications tab.",
  "Time-sensitive: hospital discharge is approaching.",
] as const;

export const CHECKLISTS: Record<TaskType, readonly string[]> = {
  "Initial Contact": [
    "Confirm contact details",
    "Explain our services",
    "Ask about care needs",
    "Discuss budget range",
    "Schedule assessment",
  ],
  Assessment: [
    "Review physician's report",
    "Evaluate daily living activities",
    "Cognitive screening",
    "Discuss budget with family",
    "Document care level",
  ],
  "Facility Visit": [
    "Confirm tour time",
    "Send directions to family",
    "Tour the community",
    "Meet the care director",
    "Collect pricing sheet",
  ],
  Documentation: [
    "Request medical records",
    "Physician's orders signed",
    "TB test results",
    "Copy of ID and insurance cards",
    "Power of attorney on file",
  ],
  "Insurance Verification": [
    "Call the insurer",
    "Confirm policy number",
    "Check coverage limits",
    "Get authorization number",
    "Record verification in file",
  ],
  "Contract Review": [
    "Receive draft agreement",
    "Review fees and deposit",
    "Check move-out terms",
    "Family questions answered",
    "Agreement signed",
  ],
  "Move Coordination": [
    "Confirm move-in date",
    "Book movers",
    "Transfer prescriptions",
    "Set up phone and TV",
    "Welcome visit on day one",
  ],
  "Follow-up": [
    "Call the client",
    "Call the family",
    "Check with facility staff",
    "Note any concerns",
    "Schedule next check-in",
  ],
  Other: ["Gather information", "Draft document", "Share with the team", "Finalize"],
};

export const COMMUNICATIONS: Record<"note" | "call" | "email" | "meeting", readonly string[]> = {
  note: [
    "{client} seems more comfortable with a smaller community.",
    "Family prefers somewhere within 20 minutes of their home.",
    "Waiting on the physician's signed orders before moving ahead.",
    "Pricing at {facility} went up by $150 this quarter; told the family.",
  ],
  call: [
    "Spoke with {family}; they are available for a tour on Thursday.",
    "Called {facility} admissions: one private room opens next week.",
    "Left a voicemail for {family} about the assessment results.",
    "{client} called with questions about bringing their own furniture.",
  ],
  email: [
    "Sent {family} the comparison sheet for the three shortlisted communities.",
    "E-mailed {facility} the medical records release form.",
    "Forwarded the admission agreement draft to {family} for review.",
    "Confirmed the move-in date with {facility} by e-mail.",
  ],
  meeting: [
    "Met {client} and {family} at home to complete the assessment.",
    "Toured {facility} with {client}; the dining room and the garden made a good impression.",
    "Care conference at {facility}: agreed on a care plan for the first 30 days.",
    "Sat down with {family} to go over the budget and payment options.",
  ],
};

export function fill(template: string, values: { client?: string; facility?: string; family?: string }): string {
  return template
    .replaceAll("{client}", values.client ?? "the client")
    .replaceAll("{facility}", values.facility ?? "the community")
    .replaceAll("{family}", values.family ?? "the family");
}
