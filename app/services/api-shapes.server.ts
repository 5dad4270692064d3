// The JSON API's shapes (docs/api.md): what each record looks like on the wire, with the API's
// field names (`_id`, populated references, `status` for a task's stage). The models answer in
// the app's own terms; the API routes map them here, and nothing else does.
import type { ClientNote, ClientRecord } from "~/models/clients.server";
import type { FacilityRecord } from "~/models/facilities.server";
import { type AgreementRecord, agreementInputOf } from "~/models/agreements.server";
import type { FacilityMatch } from "~/models/matching.server";
import type { PlacementListItem, PlacementRecord } from "~/models/placements.server";
import type { ResourceListItem, ResourceVersion } from "~/models/resources.server";
import type { BoardCard } from "~/models/swim-lanes.server";
import type { Communication, TaskListItem, TaskRecord } from "~/models/tasks/record.server";
import type { SessionUser } from "~/models/user.server";
import type { Disclosure, Tour } from "~/models/tours.server";
import type { TimelineEntry } from "./client-timeline.server";
import type * as z from "zod";
import type {
  ApiAgreement,
  ApiBoardCard,
  ApiClient,
  ApiCommunication,
  ApiFacility,
  ApiMatchedFacility,
  ApiPlacement,
  ApiPlacementListItem,
  ApiResource,
  ApiTask,
  ApiTaskListItem,
  ApiTimelineEntry,
  ApiUser,
  ApiTour,
  ApiDisclosure,
} from "~/schemas/api-responses";
import { expiryOf, formatFileSize } from "~/schemas/resource";
import { encodeMedicalNotes } from "~/utils/medical-notes";
import { PLACEMENT_CHECKLIST } from "~/utils/vocabulary";

/** A person as the API names one: `_id`, `firstName`, `lastName`. */
const person = (p: { id: string; firstName: string; lastName: string }) => ({
  _id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
});

/** A record the API names by its `_id` and `name` (a tour's client, a disclosure's document). */
const named = (r: { id: string; name: string }) => ({ _id: r.id, name: r.name });

/** "$3,000 - $5,000" when both ends are set. */
function budgetRangeText(min: number | null, max: number | null): string | null {
  if (!min || !max) return null;
  const usd = (n: number) => `$${n.toLocaleString("en-US")}`;
  return `${usd(min)} - ${usd(max)}`;
}

/** A client as the API answers it: the API's field names, with the medicalNotes encoding (docs/api.md). */
export function toApiClient(client: ClientRecord, notes?: ClientNote[]) {
  return {
    _id: client.id,
    firstName: client.firstName,
    lastName: client.lastName,
    email: client.email,
    phone: client.phone,
    dateOfBirth: client.dateOfBirth,
    gender: client.gender,
    referralSource: client.referralSource,
    address: client.address,
    emergencyContact: client.emergencyContact,
    medicalNotes: encodeMedicalNotes({
      conditions: client.medicalConditions,
      medications: client.medications,
      notes: client.medicalNotes ?? "",
    }),
    medicalConditions: client.medicalConditions,
    medications: client.medications,
    careLevel: client.careLevel,
    trackerStatus: client.trackerStatus,
    budget: { min: client.budgetMin, max: client.budgetMax },
    financialInfo: { budgetRange: budgetRangeText(client.budgetMin, client.budgetMax) },
    preferences: client.preferences,
    ...(notes
      ? {
          notes: notes.map((n) => ({
            _id: n.id,
            kind: n.kind,
            content: n.content,
            occurredAt: n.occurredAt,
            createdAt: n.createdAt,
            author: n.author,
          })),
        }
      : {}),
    version: client.version,
    createdAt: client.createdAt,
    updatedAt: client.updatedAt,
  } satisfies z.infer<typeof ApiClient>;
}

/** A facility as the API answers it. */
export function toApiFacility(facility: FacilityRecord) {
  const { id, ...rest } = facility;
  return { _id: id, ...rest } satisfies z.infer<typeof ApiFacility>;
}

/** A matched facility as the task API answers it (spec 002 §3 `matchedFacilities[]`). */
export function toApiMatchedFacility(m: FacilityMatch) {
  return {
    facilityId: m.facilityId,
    facilityName: m.facilityName,
    compatibilityScore: m.compatibilityScore,
    reasons: m.reasons,
    available: m.available,
  } satisfies z.infer<typeof ApiMatchedFacility>;
}

/** A placement as the API answers it: references populated (docs/api.md, "Placements"). */
export function toApiPlacement(p: PlacementRecord) {
  return {
    _id: p.id,
    clientId: { ...person(p.client), phone: p.client.phone, email: p.client.email },
    facilityId: {
      _id: p.facility.id,
      name: p.facility.name,
      type: p.facility.type,
      address: p.facility.address,
      contact: p.facility.contact,
    },
    agentId: { ...person(p.agent), phone: p.agent.phone, email: p.agent.email, role: p.agent.role },
    status: p.status,
    priority: p.priority,
    startDate: p.startDate,
    endDate: p.endDate,
    moveInDate: p.moveInDate,
    monthlyRate: p.monthlyRate,
    paymentMethod: p.paymentMethod,
    depositAmount: p.depositAmount,
    ...Object.fromEntries(
      PLACEMENT_CHECKLIST.flatMap((s) => [
        [s.field, p.checklist[s.field].done],
        [`${s.field}Date`, p.checklist[s.field].date],
      ]),
    ),
    notes: p.notes,
    progress: { percentage: p.progress },
    referralFee: p.referralFee && {
      feeCents: p.referralFee.cents,
      basis: p.referralFee.basis,
      agreementId: p.referralFee.agreementId,
      movedInOn: p.referralFee.movedInOn,
      dueDate: p.referralFee.dueDate,
      editReason: p.referralFee.editReason,
      credit: p.referralFee.credit && { creditCents: p.referralFee.credit.cents, basis: p.referralFee.credit.basis },
    },
    version: p.version,
    timeline: p.timeline.map((t) => ({
      _id: t.id,
      event: t.event,
      description: t.description,
      date: t.date,
      actor: t.actor,
    })),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  } satisfies z.infer<typeof ApiPlacement>;
}

/** A list row as the API answers it. */
export function toApiPlacementListItem(p: PlacementListItem) {
  return {
    _id: p.id,
    clientId: person(p.client),
    facilityId: {
      _id: p.facility.id,
      name: p.facility.name,
      address: { city: p.facility.city, state: p.facility.state },
    },
    agentId: person(p.agent),
    status: p.status,
    priority: p.priority,
    startDate: p.startDate,
    moveInDate: p.moveInDate,
    progress: { percentage: p.progress },
    createdAt: p.createdAt,
  } satisfies z.infer<typeof ApiPlacementListItem>;
}

/** A document in the API's shape (spec 002 §3); `versions` add previousVersions. */
export function toApiResource(r: ResourceListItem & { versions?: ResourceVersion[] }, today: string) {
  const expiry = expiryOf(r.expirationDate, today);
  return {
    _id: r.id,
    originalName: r.originalName,
    fileName: r.fileName,
    fileType: r.mimeType,
    fileSize: r.sizeBytes,
    fileSizeFormatted: formatFileSize(r.sizeBytes),
    version: r.version,
    downloadCount: r.downloadCount,
    description: r.description,
    category: r.category,
    isConfidential: r.isConfidential,
    accessLevel: r.accessLevel,
    tags: r.tags,
    uploadedBy: r.uploadedBy ? person(r.uploadedBy) : null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    expirationDate: r.expirationDate,
    lastDownloaded: r.lastDownloadedAt,
    isExpired: expiry.isExpired,
    daysUntilExpiration: expiry.daysUntilExpiration,
    revision: r.revision,
    isImage: r.mimeType.startsWith("image/"),
    isVideo: r.mimeType.startsWith("video/"),
    relatedTo: { objectType: r.relatedTo.type, objectId: r.relatedTo.id },
    metadata: {
      width: r.metadata.width ?? null,
      height: r.metadata.height ?? null,
      pages: r.metadata.pages ?? null,
      duration: null,
      author: r.metadata.author ?? null,
    },
    ...(r.versions
      ? {
          previousVersions: r.versions.slice(1).map((v) => ({
            versionNumber: v.versionNumber,
            originalName: v.originalName,
            fileSize: v.sizeBytes,
            uploadedBy: v.uploadedBy,
            uploadedAt: v.uploadedAt,
            changeLog: v.changeLog,
          })),
        }
      : {}),
  } satisfies z.infer<typeof ApiResource>;
}

/**
 * A card as the API answers it (spec 002 §3 "Swim-lane task card"): matchedFacilities holds the
 * client's best facility, communications the latest one (GET /api/tasks/{id} has them all).
 */
export function toApiBoardCard(card: BoardCard) {
  return {
    _id: card.id,
    title: card.title,
    status: card.stage,
    priority: card.priority,
    progress: { percentage: card.progress },
    matchedFacilities: card.bestMatch ? [toApiMatchedFacility(card.bestMatch)] : [],
    isOverdue: card.isOverdue,
    isCompleted: card.isCompleted,
    client: card.client ? { ...person(card.client), careLevel: card.client.careLevel } : null,
    assignedTo: { ...person(card.assignee), role: card.assignee.role },
    dueDate: card.dueDate,
    estimatedPlacementDate: card.estimatedPlacementDate,
    communications: card.lastCommunication ? [toApiCommunication(card.lastCommunication)] : [],
  } satisfies z.infer<typeof ApiBoardCard>;
}

/** A communication as the API answers it (spec 002 §3 `communications[]`). */
export function toApiCommunication(m: Communication) {
  return {
    _id: m.id,
    type: m.type,
    content: m.content,
    author: m.author,
    timestamp: m.timestamp,
  } satisfies z.infer<typeof ApiCommunication>;
}

/** A task as the API answers it (spec 002 §3; docs/api.md, "Tasks"): a list row's fields, and more. */
export function toApiTask(t: TaskRecord) {
  const row = toApiTaskListItem(t);
  const client = row.client && t.client ? { ...row.client, careLevel: t.client.careLevel } : null;
  return {
    ...row,
    estimatedPlacementDate: t.estimatedPlacementDate,
    clientId: client,
    client,
    placementId: t.placement
      ? {
          _id: t.placement.id,
          status: t.placement.status,
          facilityId: { _id: t.placement.facility.id, name: t.placement.facility.name },
          checklistItem: t.placement.step,
        }
      : null,
    assignedTo: { ...row.assignedTo, role: t.assignee.role },
    progress: {
      percentage: t.progress,
      milestones: t.checklist.map((i) => ({ name: i.item, completed: i.completed, completedAt: i.completedAt })),
    },
    communications: t.communications.map(toApiCommunication),
    completedAt: t.completedAt,
    createdBy: t.createdBy,
    version: t.version,
    updatedAt: t.updatedAt,
  } satisfies z.infer<typeof ApiTask>;
}

/** A list row as the API answers it. */
export function toApiTaskListItem(t: TaskListItem) {
  const client = t.client ? person(t.client) : null;
  return {
    _id: t.id,
    title: t.title,
    description: t.description,
    type: t.type,
    priority: t.priority,
    status: t.stage,
    dueDate: t.dueDate,
    estimatedHours: t.estimatedHours,
    clientId: client,
    client,
    assignedTo: person(t.assignee),
    checklist: t.checklist.map((i) => ({
      _id: i.id,
      item: i.item,
      completed: i.completed,
      completedAt: i.completedAt,
    })),
    progress: { percentage: t.progress },
    isOverdue: t.isOverdue,
    isCompleted: t.isCompleted,
    createdAt: t.createdAt,
  } satisfies z.infer<typeof ApiTaskListItem>;
}

/** The public shape of a user in API answers. */
export function toApiUser(user: SessionUser) {
  return {
    ...person(user),
    email: user.email,
    phone: user.phone,
    role: user.role,
  } satisfies z.infer<typeof ApiUser>;
}

/** One entry of a client's timeline as GET /api/clients/{id}/timeline answers it. */
export function toApiTimelineEntry(entry: TimelineEntry) {
  return {
    _id: entry.id,
    kind: entry.kind,
    type: entry.type,
    title: entry.title,
    detail: entry.detail,
    at: entry.at,
    actor: entry.who && named(entry.who),
    record: entry.record && { type: entry.record.type, _id: entry.record.id, name: entry.record.name },
  } satisfies z.infer<typeof ApiTimelineEntry>;
}

/** An agreement as the API answers it: the fields PATCH takes, its document named, and more. */
export function toApiAgreement(a: AgreementRecord) {
  return {
    _id: a.id,
    facilityId: a.facilityId,
    ...agreementInputOf(a),
    flatFeeCents: a.flatFeeCents,
    documentId: a.document && named(a.document),
    inForce: a.inForce,
    version: a.version,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  } satisfies z.infer<typeof ApiAgreement>;
}

/** A tour as the API answers it (docs/api.md, "Tours"). */
export function toApiTour(t: Tour) {
  return {
    _id: t.id,
    client: named(t.client),
    facility: named(t.facility),
    scheduledAt: t.scheduledAt,
    staff: t.staff.map(named),
    familyAttendees: t.familyAttendees,
    notes: t.notes,
    outcome: t.outcome,
    outcomeNotes: t.outcomeNotes,
    outcomeAt: t.outcomeAt,
    version: t.version,
    createdBy: t.createdBy && named(t.createdBy),
    createdAt: t.createdAt,
  } satisfies z.infer<typeof ApiTour>;
}

/** A client's disclosure as the API answers it. */
export function toApiDisclosure(d: Disclosure) {
  return {
    _id: d.id,
    clientId: d.clientId,
    disclosedOn: d.disclosedOn,
    method: d.method,
    document: d.document && named(d.document),
    recordedBy: d.recordedBy && named(d.recordedBy),
    version: d.version,
    updatedAt: d.updatedAt,
  } satisfies z.infer<typeof ApiDisclosure>;
}
