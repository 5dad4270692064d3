import * as z from "zod";
import {
  ACCESS_LEVELS,
  type ChecklistField,
  CARE_LEVELS,
  CLIENT_STATUSES,
  COMMUNICATION_TYPES,
  FACILITY_TYPES,
  GENDERS,
  REFERRAL_SOURCES,
  PAYMENT_METHODS,
  PLACEMENT_CHECKLIST,
  PLACEMENT_STATUSES,
  PRIORITIES,
  RELATED_TYPES,
  RESOURCE_CATEGORIES,
  ROLES,
  ROOM_TYPES,
  TASK_TYPES,
  TIMELINE_KINDS,
  TOUR_OUTCOMES,
  DISCLOSURE_METHODS,
} from "~/utils/vocabulary";
import { OPEN_PLACEMENT_STATUSES } from "~/utils/client-status";

// What the JSON API answers (docs/api.md): the envelope and each record's shape on the wire. The
// toApi* mappers (app/services/api-shapes.server.ts) are typed against these (`satisfies`), and
// the OpenAPI document (app/services/openapi.server.ts) describes its answers with them, so the
// document says what the API sends. `.meta({ id })` names a schema in the document's components.

const id = z.string().meta({ description: "The record's id (a uuid)", format: "uuid" });
const day = z.string().meta({ description: "A date, YYYY-MM-DD", format: "date" });
const time = z.string().meta({ description: "A time, ISO 8601 in UTC", format: "date-time" });
const version = z.number().int().min(1).meta({ description: "The record's version, also its ETag (docs/api.md)" });
/** A versioned record's closing fields: its version and when it was made and last changed. */
const versionAndTimes = { version, createdAt: time, updatedAt: time };
const person = { _id: id, firstName: z.string(), lastName: z.string() };

// ─────────────────────────────── the envelope ───────────────────────────────

/** `{ success: true, data, message? }` around `data`. */
export const apiSuccessOf = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data, message: z.string().optional() });

export const ApiFieldError = z
  .object({
    path: z.string().meta({ description: "The field's name, dots for nested objects (a query parameter's name)" }),
    msg: z.string(),
  })
  .meta({ id: "FieldError" });

/** `{ success: false, message, errors? }`; a 412 or 409 may carry the record as it is now in `data`. */
export const ApiErrorBody = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.array(ApiFieldError).optional().meta({ description: "Every failing field (400)" }),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: "412 (and a task moved meanwhile, 409): the record as it is now" }),
    duplicates: z
      .array(z.object({ _id: id, name: z.string(), matches: z.array(z.string()) }))
      .optional()
      .meta({ description: "POST /api/clients, 409: the clients with the same e-mail or phone" }),
  })
  .meta({ id: "Error" });

// ─────────────────────────────── records ───────────────────────────────

export const ApiUser = z
  .object({
    ...person,
    email: z.string(),
    phone: z.string().nullable(),
    role: z.enum(ROLES),
  })
  .meta({ id: "User" });

const clientAddress = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
});

export const ApiClient = z
  .object({
    _id: id,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().meta({ description: "E.164, with ;ext= for an extension" }),
    dateOfBirth: day,
    gender: z.enum(GENDERS).nullable(),
    referralSource: z
      .enum(REFERRAL_SOURCES)
      .nullable()
      .meta({ description: "Where the client came from; null: not recorded" }),
    address: clientAddress,
    emergencyContact: z.object({ name: z.string(), relationship: z.string(), phone: z.string() }),
    medicalNotes: z
      .string()
      .meta({ description: "The notes with the conditions and medications encoded (docs/vocabularies.md)" }),
    medicalConditions: z.array(z.string()),
    medications: z.array(z.string()),
    careLevel: z.enum(CARE_LEVELS),
    trackerStatus: z.enum(CLIENT_STATUSES),
    budget: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
    financialInfo: z.object({ budgetRange: z.string().nullable() }),
    preferences: z.object({
      location: z.string().nullable(),
      amenities: z.array(z.string()),
      roomType: z.enum(ROOM_TYPES).nullable(),
    }),
    notes: z
      .array(
        z.object({
          _id: id,
          kind: z
            .enum(COMMUNICATION_TYPES)
            .meta({ description: "What was logged: a note, a call, an e-mail, a meeting" }),
          content: z.string(),
          occurredAt: time.meta({ description: "When it happened (a call logged afterwards says when it was)" }),
          createdAt: time,
          author: z.string().nullable(),
        }),
      )
      .optional()
      .meta({ description: "GET /api/clients/{id} only" }),
    ...versionAndTimes,
  })
  .meta({ id: "Client" });

const facilityAddress = z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() });

export const ApiFacility = z
  .object({
    _id: id,
    name: z.string(),
    licenseNumber: z.string(),
    type: z.enum(FACILITY_TYPES),
    capacity: z.number().int(),
    currentOccupancy: z.number().int(),
    availableBeds: z.number().int(),
    address: facilityAddress,
    contact: z.object({ name: z.string(), phone: z.string(), email: z.string().nullable() }),
    billingEmail: z.string().nullable().meta({ description: "Where its invoices go; null: to contact.email" }),
    amenities: z.array(z.string()),
    specialties: z.array(z.string()),
    costRange: z.string().meta({ description: "Derived from minCost and maxCost" }),
    minCost: z.number(),
    maxCost: z.number().meta({ description: "0: no upper price" }),
    acceptsInsurance: z.boolean(),
    notes: z.string().nullable(),
    isActive: z.boolean(),
    rating: z.number().nullable(),
    ...versionAndTimes,
  })
  .meta({ id: "Facility" });

export const ApiFacilityMatch = z
  .object({
    facilityId: id,
    facilityName: z.string(),
    facilityType: z.enum(FACILITY_TYPES),
    city: z.string(),
    state: z.string(),
    compatibilityScore: z.number().meta({ description: "0 to 100" }),
    reasons: z.array(z.string()),
    available: z.boolean().meta({ description: "A bed is free now" }),
    availableBeds: z.number().int(),
    costRange: z.string(),
    distanceMiles: z.number().nullable(),
    openPlacement: z
      .object({ placementId: id, status: z.enum(OPEN_PLACEMENT_STATUSES) })
      .nullable()
      .meta({
        description:
          "The client's open placement (In Progress or Confirmed) at this facility, else null: no second one can be started there",
      }),
  })
  .meta({ id: "FacilityMatch" });

/** A matched facility as a task answers it (spec 002 §3 `matchedFacilities[]`). */
export const ApiMatchedFacility = z
  .object({
    facilityId: id,
    facilityName: z.string(),
    compatibilityScore: z.number(),
    reasons: z.array(z.string()),
    available: z.boolean(),
  })
  .meta({ id: "MatchedFacility" });

const checklistSteps = Object.fromEntries(
  PLACEMENT_CHECKLIST.flatMap((step) => [
    [step.field, z.boolean()],
    [`${step.field}Date`, day.nullable()],
  ]),
) as Record<string, z.ZodType>;

const cents = (description: string) => z.number().int().meta({ description });

/** A placement's referral fee (docs/api.md, "Referral agreements and fees"): null until the move-in. */
export const ApiReferralFee = z
  .object({
    feeCents: cents("The fee in cents; null: none owed (no agreement in force) or none could be worked out").nullable(),
    basis: z.string().meta({
      description: 'How it was worked out ("50% of $4,200 first month", "Flat $3,000"), or why there is none',
    }),
    agreementId: id.nullable(),
    movedInOn: day.nullable(),
    dueDate: day.nullable(),
    editReason: z.string().nullable().meta({ description: "Why it was last set by hand; null: as worked out" }),
    credit: z
      .object({ creditCents: cents("Owed back to the facility, in cents").nullable(), basis: z.string() })
      .nullable()
      .meta({ description: "After a move-out: the credit under the refund rule" }),
  })
  .meta({ id: "ReferralFee" });

export const ApiAgreement = z
  .object({
    _id: id,
    facilityId: id,
    feeType: z.enum(["percent", "flat"]),
    feePercent: z.number().nullable(),
    flatFee: z.number().nullable().meta({ description: "Dollars (with cents)" }),
    flatFeeCents: cents("The flat fee in cents").nullable(),
    paymentTermsDays: z.number().int(),
    refundRule: z.enum(["none", "full", "pro-rata"]),
    refundDays: z.number().int().nullable(),
    tourWindowMonths: z.number().int().nullable(),
    startDate: day,
    endDate: day.nullable(),
    notes: z.string().nullable(),
    documentId: z.object({ _id: id, name: z.string() }).nullable(),
    inForce: z.boolean().meta({ description: "In force on the agency's today" }),
    ...versionAndTimes,
  })
  .meta({ id: "ReferralAgreement" });

export const ApiPlacement = z
  .object({
    _id: id,
    clientId: z.object({ ...person, phone: z.string(), email: z.string() }),
    facilityId: z.object({
      _id: id,
      name: z.string(),
      type: z.enum(FACILITY_TYPES),
      address: facilityAddress,
      contact: z.object({ name: z.string(), phone: z.string() }),
    }),
    agentId: z.object({ ...person, phone: z.string().nullable(), email: z.string(), role: z.enum(ROLES) }),
    status: z.enum(PLACEMENT_STATUSES),
    priority: z.enum(PRIORITIES),
    startDate: day,
    endDate: day.nullable(),
    moveInDate: day.nullable(),
    monthlyRate: z.number().nullable(),
    paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
    depositAmount: z.number().nullable(),
    ...checklistSteps,
    notes: z.string().nullable(),
    progress: z.object({ percentage: z.number() }),
    referralFee: ApiReferralFee.nullable(),
    version,
    timeline: z.array(
      z.object({
        _id: id,
        event: z.string(),
        description: z.string().nullable(),
        date: time,
        actor: z.string().nullable(),
      }),
    ),
    createdAt: time,
    updatedAt: time,
  })
  .meta({ id: "Placement" });

export const ApiPlacementListItem = z
  .object({
    _id: id,
    clientId: z.object(person),
    facilityId: z.object({ _id: id, name: z.string(), address: z.object({ city: z.string(), state: z.string() }) }),
    agentId: z.object(person),
    status: z.enum(PLACEMENT_STATUSES),
    priority: z.enum(PRIORITIES),
    startDate: day,
    moveInDate: day.nullable(),
    progress: z.object({ percentage: z.number() }),
    createdAt: time,
  })
  .meta({ id: "PlacementListItem" });

export const ApiCommunication = z
  .object({
    _id: id,
    type: z.enum(COMMUNICATION_TYPES),
    content: z.string(),
    author: z.string().nullable(),
    timestamp: time,
  })
  .meta({ id: "Communication" });

const taskListFields = {
  _id: id,
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(TASK_TYPES),
  priority: z.enum(PRIORITIES),
  status: z.enum(CLIENT_STATUSES).meta({ description: "The task's stage (the board's lane)" }),
  dueDate: day,
  estimatedHours: z.number().nullable(),
  clientId: z.object(person).nullable(),
  client: z.object(person).nullable(),
  assignedTo: z.object(person),
  checklist: z.array(z.object({ _id: id, item: z.string(), completed: z.boolean(), completedAt: time.nullable() })),
  progress: z.object({ percentage: z.number() }),
  isOverdue: z.boolean(),
  isCompleted: z.boolean(),
  createdAt: time,
};

export const ApiTaskListItem = z.object(taskListFields).meta({ id: "TaskListItem" });

const taskClient = z.object({ ...person, careLevel: z.enum(CARE_LEVELS).nullable() }).nullable();

export const ApiTask = z
  .object({
    ...taskListFields,
    estimatedPlacementDate: day.nullable(),
    clientId: taskClient,
    client: taskClient,
    placementId: z
      .object({
        _id: id,
        status: z.enum(PLACEMENT_STATUSES),
        facilityId: z.object({ _id: id, name: z.string() }),
        checklistItem: z
          .enum(PLACEMENT_CHECKLIST.map((s) => s.field) as [ChecklistField, ...ChecklistField[]])
          .nullable()
          .meta({
            description:
              "The step of the placement's checklist this task was made of (done together: completing the task ticks it, ticking it completes the task)",
          }),
      })
      .nullable(),
    assignedTo: z.object({ ...person, role: z.enum(ROLES) }),
    progress: z.object({
      percentage: z.number(),
      milestones: z.array(z.object({ name: z.string(), completed: z.boolean(), completedAt: time.nullable() })),
    }),
    communications: z.array(ApiCommunication),
    completedAt: time.nullable(),
    createdBy: z.string().nullable(),
    matchedFacilities: z.array(ApiMatchedFacility).optional().meta({ description: "GET /api/tasks/{id} only" }),
    version,
    updatedAt: time,
  })
  .meta({ id: "Task" });

export const ApiBoardCard = z
  .object({
    _id: id,
    title: z.string(),
    status: z.enum(CLIENT_STATUSES),
    priority: z.enum(PRIORITIES),
    progress: z.object({ percentage: z.number() }),
    matchedFacilities: z.array(ApiMatchedFacility).meta({ description: "The client's best facility, if any" }),
    isOverdue: z.boolean(),
    isCompleted: z.boolean(),
    client: z.object({ ...person, careLevel: z.enum(CARE_LEVELS).nullable() }).nullable(),
    assignedTo: z.object({ ...person, role: z.enum(ROLES) }),
    dueDate: day,
    estimatedPlacementDate: day.nullable(),
    communications: z.array(ApiCommunication).meta({ description: "The latest one, if any" }),
  })
  .meta({ id: "BoardCard" });

export const ApiResource = z
  .object({
    _id: id,
    originalName: z.string(),
    fileName: z.string(),
    fileType: z.string().meta({ description: "The MIME type the content proved" }),
    fileSize: z.number().int(),
    fileSizeFormatted: z.string(),
    version: z.number().int().meta({ description: "Numbers the document's files; its ETag is `revision`" }),
    downloadCount: z.number().int(),
    description: z.string().nullable(),
    category: z.enum(RESOURCE_CATEGORIES),
    isConfidential: z.boolean(),
    accessLevel: z.enum(ACCESS_LEVELS),
    tags: z.array(z.string()),
    uploadedBy: z.object(person).nullable(),
    createdAt: time,
    updatedAt: time,
    expirationDate: day.nullable(),
    lastDownloaded: time.nullable(),
    isExpired: z.boolean(),
    daysUntilExpiration: z.number().int().nullable(),
    revision: version,
    isImage: z.boolean(),
    isVideo: z.boolean(),
    relatedTo: z.object({ objectType: z.enum(RELATED_TYPES), objectId: id }),
    metadata: z.object({
      width: z.number().nullable(),
      height: z.number().nullable(),
      pages: z.number().nullable(),
      duration: z.null(),
      author: z.string().nullable(),
    }),
    previousVersions: z
      .array(
        z.object({
          versionNumber: z.number().int(),
          originalName: z.string(),
          fileSize: z.number().int(),
          uploadedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
          uploadedAt: time,
          changeLog: z.string().nullable(),
        }),
      )
      .optional()
      .meta({ description: "GET /api/resources/{id} and its writes" }),
  })
  .meta({ id: "Resource" });

export const ApiTimelineEntry = z
  .object({
    _id: z.string().meta({ description: "Unique in the timeline: kind, type and the source record's id" }),
    kind: z.enum(TIMELINE_KINDS),
    type: z.string().meta({
      description:
        "Within the kind: a note's or communication's type (note, call, email, meeting), a placement event's name, " +
        "created or completed (a task), the status moved to, the kind of record a document was added to",
    }),
    title: z.string().meta({ description: 'What happened, as the client page says it ("Task completed: …")' }),
    detail: z.string().nullable().meta({ description: "The text: what was written, a description, a category" }),
    at: time,
    actor: z
      .object({ _id: id, name: z.string() })
      .nullable()
      .meta({ description: "Who (null: an automatic status change, or a removed account)" }),
    record: z
      .object({ type: z.enum(["task", "placement", "resource", "facility"]), _id: id, name: z.string() })
      .nullable()
      .meta({ description: "The record the entry is about, when it is not the client itself" }),
  })
  .meta({ id: "TimelineEntry" });

const named = z.object({ _id: id, name: z.string() });

export const ApiTour = z
  .object({
    _id: id,
    client: named,
    facility: named,
    scheduledAt: time.meta({ description: "When the tour is (was) planned" }),
    staff: z.array(named).meta({ description: "The agency's staff who go" }),
    familyAttendees: z.string().nullable(),
    notes: z.string().nullable(),
    outcome: z.enum(TOUR_OUTCOMES),
    outcomeNotes: z.string().nullable(),
    outcomeAt: time.nullable().meta({ description: "When the outcome was recorded (null: still Scheduled)" }),
    version,
    createdBy: named.nullable(),
    createdAt: time,
  })
  .meta({ id: "Tour" });

export const ApiDisclosure = z
  .object({
    _id: id,
    clientId: id,
    disclosedOn: day,
    method: z.enum(DISCLOSURE_METHODS),
    document: named.nullable().meta({ description: "The document given, one of the client's" }),
    recordedBy: named.nullable(),
    version,
    updatedAt: time,
  })
  .meta({ id: "Disclosure" });

// ─────────────────────────────── lists and dashboards ───────────────────────────────

const pagination = <K extends string>(total: K) =>
  z.object({ page: z.number().int(), limit: z.number().int(), totalPages: z.number().int() }).extend({
    [total]: z.number().int(),
  } as Record<K, z.ZodNumber>);

const counts = z.record(z.string(), z.number().int());

export const ApiClientList = z.object({ clients: z.array(ApiClient), pagination: pagination("totalClients") });
export const ApiClientTimeline = z.object({
  timeline: z.array(ApiTimelineEntry),
  counts: z
    .record(z.enum(TIMELINE_KINDS), z.number().int())
    .meta({ description: "Entries of each kind, whatever the filter" }),
  pagination: pagination("total"),
});
export const ApiFacilityList = z.object({
  facilities: z.array(ApiFacility),
  pagination: pagination("totalFacilities"),
});
export const ApiPlacementList = z.object({
  placements: z.array(ApiPlacementListItem),
  page: z.number().int(),
  totalPages: z.number().int(),
  totalCount: z.number().int(),
  statusCounts: counts,
});
export const ApiTaskStatistics = z.object({
  totalTasks: z.number().int(),
  completedTasks: z.number().int(),
  overdueTasks: z.number().int(),
  highPriorityTasks: z.number().int(),
});
export const ApiTaskList = z.object({
  tasks: z.array(ApiTaskListItem),
  pagination: pagination("total"),
  statistics: ApiTaskStatistics,
});
export const ApiResourceList = z.object({
  resources: z.array(ApiResource),
  total: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export const ApiSwimLanes = z.object({
  lanes: z
    .record(
      z.enum(CLIENT_STATUSES),
      z.object({
        count: z.number().int(),
        averageProgress: z.number(),
        offset: z.number().int(),
        tasks: z.array(ApiBoardCard),
      }),
    )
    .meta({ description: "Keyed by stage; with `stage`, that lane alone" }),
});
export const ApiClientDashboard = z.object({ totalClients: z.number().int(), statusCounts: counts });
export const ApiFacilityDashboard = z.object({
  totalFacilities: z.number().int(),
  occupancyStats: z.object({ totalCapacity: z.number().int(), totalOccupied: z.number().int() }),
});
export const ApiPlacementDashboard = z.object({
  activePlacements: z.number().int(),
  totalPlacements: z.number().int(),
  recentPlacements: z.array(
    z.object({
      _id: id,
      status: z.enum(PLACEMENT_STATUSES),
      createdAt: time,
      clientId: z.object(person),
      facilityId: z.object({ _id: id, name: z.string() }),
    }),
  ),
});
export const ApiTaskDashboard = z.object({
  overview: z.object({
    totalTasks: z.number().int(),
    completedTasks: z.number().int(),
    overdueTasks: z.number().int(),
  }),
});

export const ApiLogin = z.object({ user: ApiUser, token: z.string(), expiresAt: time });

const invoiceStatus = z.enum(["Draft", "Sent", "Partly paid", "Paid", "Void"]);
const invoiceTotals = {
  invoicedCents: cents("The lines' total, in cents"),
  creditedCents: cents("The credit notes' total, in cents"),
  paidCents: cents("The payments' total, in cents"),
  outstandingCents: cents("What is still owed, in cents (0 unless Sent or Partly paid)"),
};

/** An invoice in a list (docs/api.md, "Invoices"). */
export const ApiInvoiceSummary = z
  .object({
    _id: id,
    number: z.string().nullable().meta({ description: "INV-2026-0001; null while a draft" }),
    status: invoiceStatus,
    facility: z.object({ _id: id, name: z.string() }),
    issueDate: day,
    dueDate: day,
    ...invoiceTotals,
    daysOverdue: z
      .number()
      .int()
      .meta({ description: "Days past the due date with something outstanding; 0 otherwise" }),
  })
  .meta({ id: "InvoiceSummary" });

export const ApiInvoice = ApiInvoiceSummary.extend({
  facility: z.object({ _id: id, name: z.string(), billingEmail: z.string().nullable() }),
  sentAt: time.nullable(),
  sentTo: z.string().nullable(),
  voidReason: z.string().nullable(),
  lines: z.array(
    z.object({
      _id: id,
      placementId: id.nullable(),
      clientName: z.string(),
      movedInOn: day.nullable(),
      description: z.string(),
      amountCents: cents("In cents"),
    }),
  ),
  creditNotes: z.array(
    z.object({
      _id: id,
      placementId: id.nullable(),
      issuedOn: day,
      amountCents: cents("In cents"),
      reason: z.string(),
    }),
  ),
  payments: z.array(
    z.object({
      _id: id,
      paidOn: day,
      amountCents: cents("In cents"),
      method: z.enum(["Check", "ACH", "Wire", "Card", "Other"]),
      reference: z.string().nullable(),
    }),
  ),
  version,
}).meta({ id: "Invoice" });

export const ApiInvoiceList = z.object({
  invoices: z.array(ApiInvoiceSummary),
  pagination: pagination("totalInvoices"),
});
