import * as z from "zod";
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import {
  ApiAgreement,
  ApiInvoice,
  ApiInvoiceList,
  ApiClient,
  ApiClientDashboard,
  ApiClientList,
  ApiClientTimeline,
  ApiDisclosure,
  ApiTour,
  ApiCommunication,
  ApiErrorBody,
  ApiFacility,
  ApiFacilityDashboard,
  ApiFacilityList,
  ApiFacilityMatch,
  ApiLogin,
  ApiPlacement,
  ApiPlacementDashboard,
  ApiPlacementList,
  ApiResource,
  ApiResourceList,
  apiSuccessOf,
  ApiSwimLanes,
  ApiTask,
  ApiTaskDashboard,
  ApiTaskList,
  ApiUser,
} from "~/schemas/api-responses";
import { AgreementPatchSchema, AgreementSchema, FeeEditSchema } from "~/schemas/agreement";
import {
  ApiCreditNoteSchema,
  ApiNewInvoiceSchema,
  ApiPaymentSchema,
  ApiSendSchema,
  ApiVoidSchema,
  InvoiceListQuerySchema,
} from "~/schemas/invoice";
import { ForgotPasswordSchema, LoginSchema, ResetPasswordSchema } from "~/schemas/auth";
import {
  ClientCreateQuerySchema,
  ClientListQuerySchema,
  ClientSchema,
  MatchQuerySchema,
  TimelineQuerySchema,
} from "~/schemas/client";
import { FacilityListQuerySchema, FacilitySchema } from "~/schemas/facility";
import { REPORT_NAMES, ReportQuerySchema } from "~/schemas/report";
import { ApiImport, ImportOptionsSchema } from "~/schemas/import";
import { PlacementListQuerySchema, PlacementSchema } from "~/schemas/placement";
import {
  ReplaceFileSchema,
  ResourceDetailsSchema,
  ResourceListQuerySchema,
  ResourceUpdateApiSchema,
} from "~/schemas/resource";
import { CommunicationSchema, MoveTaskSchema, SwimLaneQuerySchema } from "~/schemas/swim-lanes";
import { TaskListQuerySchema, TaskSchema } from "~/schemas/task";
import { DisclosureSchema, TourOutcomeSchema, TourSchema } from "~/schemas/tour";

// The API's OpenAPI 3.1 document (GET /api/openapi.json, rendered at /api/docs): one entry per
// endpoint of app/routes/api.*.ts, with the very zod schemas the route reads its query and body
// with, and its answers described by app/schemas/api-responses.ts. zod-openapi turns them into
// JSON Schema (docs/decisions/008-openapi.md). A route added without its entry here fails
// tests/unit/openapi.test.ts.

/** The areas of the reference, in its order: each endpoint's tag. */
export const API_AREAS = [
  { name: "Auth", description: "Sign in and out, the caller, the agency's staff, password resets." },
  { name: "Clients", description: "The agency's clients, their matches among the facilities." },
  { name: "Facilities", description: "The directory of care facilities." },
  { name: "Placements", description: "A client's move to a facility, with its checklist and timeline." },
  { name: "Tasks", description: "Tasks, their communications, and the swim-lane board." },
  { name: "Resources", description: "Documents: uploads, versions, downloads (docs/documents.md)." },
  { name: "Reports", description: "The figures of the reports (docs/screens.md, Reports)." },
  {
    name: "Invoices",
    description: "Referral fees billed to facilities, and their payments (coordinators and admins).",
  },
  {
    name: "Imports",
    description:
      "Imports of clients, facilities and placements from CSV files or Excel workbooks (coordinators and admins; docs/api.md, Imports).",
  },
  { name: "Reference", description: "This description of the API." },
] as const;
type Area = (typeof API_AREAS)[number]["name"];

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** How to get a token and send it: the bearer scheme's description. */
export const TOKEN_HELP =
  "Send `Authorization: Bearer <token>` with every request except sign-in and the password-reset pair. " +
  "A token comes from `POST /api/auth/login` (it expires `SESSION_ABSOLUTE_HOURS` after sign-in, 12 hours " +
  "by default; `POST /api/auth/logout` ends it), or is a personal API token created on the Settings screen " +
  "at /settings/tokens. Cookies are ignored under /api.";

// ─────────────────────────────── answers ───────────────────────────────

const error = (description: string, headers?: z.ZodObject): ZodOpenApiResponseObject => ({
  description,
  content: { "application/json": { schema: ApiErrorBody } },
  ...(headers ? { headers } : {}),
});

/** Each error status as docs/api.md describes it, for the endpoints it applies to. */
const ERRORS = {
  400: error(
    "Validation failed (every failing field in `errors`), `Invalid query parameters` or `Malformed JSON body`",
  ),
  401: error(
    "No token, or an unknown, expired or revoked one",
    z.object({ "WWW-Authenticate": z.string().meta({ description: "Bearer" }) }),
  ),
  403: error("The caller's role may not do this"),
  404: error("No such record in the caller's agency"),
  409: error("The record is in use, or was changed meanwhile in a way that conflicts"),
  412: error(
    "The record changed since the version sent (`If-Match` or the body's version): `data` holds it as it is now",
    z.object({ ETag: z.string().meta({ description: "The record's version now" }) }),
  ),
  413: error("The body is too large (256 KB of JSON; an upload: 50 MB a file)"),
  415: error("`Content-Type must be application/json` on a request with a body"),
  429: error("Too many attempts", z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait" }) })),
  503: error(
    "The database is not answering. Try again in a moment.",
    z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait" }) }),
  ),
} satisfies Record<number, ZodOpenApiResponseObject>;
type ErrorStatus = keyof typeof ERRORS;

const etagHeader = z.object({ ETag: z.string().meta({ description: 'The record\'s version, quoted: "3"' }) });

// ─────────────────────────────── requests ───────────────────────────────

const idParam = z.object({ id: z.string().meta({ description: "The record's id (a uuid)", format: "uuid" }) });
const ifMatch = z.object({
  "If-Match": z
    .string()
    .optional()
    .meta({ description: 'The version read, as its ETag ("3"); a newer version refuses the write with 412' }),
});

/** A file in a multipart body. */
const file = z.string().meta({ format: "binary", description: "The file (50 MB at most)" });

/** GET /api/resources/{id}/download reads `version` itself (downloads.server.ts versionParam). */
const DownloadQuery = z.object({
  version: z
    .number()
    .int()
    .min(1)
    .optional()
    .meta({ description: "A previous version's number; the current one when absent" }),
});

// ─────────────────────────────── the endpoints ───────────────────────────────

interface Endpoint {
  method: HttpMethod;
  /** OpenAPI style: /api/clients/{id}. */
  path: string;
  area: Area;
  summary: string;
  description?: string;
  /** No token needed. */
  public?: boolean;
  query?: z.ZodType;
  /** A JSON body, or a multipart one (uploads). */
  body?: z.ZodType;
  multipart?: z.ZodType;
  /** Takes `If-Match`. */
  ifMatch?: boolean;
  /** 200 unless said. */
  status?: 200 | 201 | 202;
  /** The success answer's `data`. */
  data?: z.ZodType;
  /** A success answer that is not the envelope (a file, this document). */
  raw?: ZodOpenApiResponseObject;
  /** The answer carries the record's ETag. */
  etag?: boolean;
  /** Path parameters other than `{id}` (`{report}`). */
  pathParams?: z.ZodObject;
  /** The error statuses beyond those every endpoint of its kind has (401 and 503 with a token, 400 with a query or body…). */
  errors?: ErrorStatus[];
}

/** A report's table: its columns, and a row per month, person, stage or source. */
const ApiReport = z.object({
  name: z.enum(REPORT_NAMES),
  title: z.string(),
  from: z.string().meta({ format: "date" }),
  to: z.string().meta({ format: "date" }),
  agentId: z.string().nullable(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});

const record = <K extends string>(key: K, schema: z.ZodType) => z.object({ [key]: schema } as Record<K, z.ZodType>);
const deleted = (key: string) => record(key, z.object({ _id: z.string() }));

/** Every endpoint of app/routes/api.*.ts, by area. */
export const ENDPOINTS: Endpoint[] = [
  // Auth
  {
    method: "post",
    path: "/api/auth/login",
    area: "Auth",
    public: true,
    summary: "Sign in: a token for the API",
    description:
      "The same rule as the sign-in screen: a wrong e-mail and a wrong password get the same 401; after 5 failures for one account (or 20 from one address) within 15 minutes, 429.",
    body: LoginSchema,
    data: ApiLogin,
    errors: [401, 429],
  },
  {
    method: "post",
    path: "/api/auth/logout",
    area: "Auth",
    summary: "Sign out: ends the token sent",
    data: z.null(),
  },
  { method: "get", path: "/api/auth/me", area: "Auth", summary: "The caller", data: record("user", ApiUser) },
  {
    method: "get",
    path: "/api/auth/users",
    area: "Auth",
    summary: "The agency's active staff (assignee choices)",
    data: record("users", z.array(ApiUser)),
  },
  {
    method: "post",
    path: "/api/auth/forgot-password",
    area: "Auth",
    public: true,
    summary: "Ask for a password reset e-mail",
    description:
      "The same answer whether or not the account exists. More than 3 requests for one e-mail (or 10 from one address) in 15 minutes answer 429.",
    body: ForgotPasswordSchema,
    data: z.object({}),
    errors: [429],
  },
  {
    method: "post",
    path: "/api/auth/reset-password",
    area: "Auth",
    public: true,
    summary: "Set a new password with a reset token",
    description:
      "A token that does not work is a 400 naming why (`errors[0].path` is `token`). Every session and token of the user ends.",
    body: ResetPasswordSchema,
    data: z.object({}),
  },

  // Clients
  {
    method: "get",
    path: "/api/clients",
    area: "Clients",
    summary: "List clients",
    query: ClientListQuerySchema,
    data: ApiClientList,
  },
  {
    method: "post",
    path: "/api/clients",
    area: "Clients",
    summary: "Add a client",
    description:
      "A client with the same e-mail or phone as another is refused with 409 and the `duplicates`, unless `allowDuplicate=true`.",
    query: ClientCreateQuerySchema,
    body: ClientSchema,
    status: 201,
    data: record("client", ApiClient),
    errors: [409],
  },
  {
    method: "get",
    path: "/api/clients/{id}",
    area: "Clients",
    summary: "A client, with its notes",
    data: record("client", ApiClient),
    etag: true,
  },
  {
    method: "put",
    path: "/api/clients/{id}",
    area: "Clients",
    summary: "Replace a client's fields",
    body: ClientSchema,
    ifMatch: true,
    data: record("client", ApiClient),
    etag: true,
  },
  {
    method: "delete",
    path: "/api/clients/{id}",
    area: "Clients",
    summary: "Delete a client",
    description: "Refused (409) while placements or open tasks refer to it; an agent may not delete (403).",
    ifMatch: true,
    data: deleted("client"),
    errors: [403, 409],
  },
  {
    method: "get",
    path: "/api/clients/dashboard",
    area: "Clients",
    summary: "Client counts by status",
    data: ApiClientDashboard,
  },
  {
    method: "get",
    path: "/api/clients/{id}/matches",
    area: "Clients",
    summary: "The facilities that suit a client, best first",
    query: MatchQuerySchema,
    data: record("matches", z.array(ApiFacilityMatch)),
  },
  {
    method: "get",
    path: "/api/clients/{id}/timeline",
    area: "Clients",
    summary: "Everything that happened with a client, newest first",
    description:
      "Notes and calls logged on the client, its tasks' communications, its status changes, its placements' events, " +
      "its tasks created and completed, and documents added to it, its placements or its tasks (restricted ones only " +
      "for those who may see them). `kind` narrows it to one kind; `counts` always has every kind's. 20 a page unless " +
      "`limit` says otherwise. Writes no `view` entry of the audit trail (reading the client does).",
    query: TimelineQuerySchema,
    data: ApiClientTimeline,
  },
  {
    method: "get",
    path: "/api/clients/{id}/tours",
    area: "Clients",
    summary: "A client's facility tours, the latest planned first",
    data: record("tours", z.array(ApiTour)),
  },
  {
    method: "post",
    path: "/api/clients/{id}/tours",
    area: "Clients",
    summary: "Schedule a tour of a facility for a client",
    description:
      "`date` and `time` are the agency's wall clock. `staffIds` are active staff of the agency. The first Completed " +
      "tour of a facility for a client is what a referral fee rests on.",
    body: TourSchema,
    status: 201,
    data: record("tour", ApiTour),
  },
  {
    method: "get",
    path: "/api/tours/{id}",
    area: "Clients",
    summary: "A tour",
    data: record("tour", ApiTour),
    etag: true,
  },
  {
    method: "patch",
    path: "/api/tours/{id}",
    area: "Clients",
    summary: "Record a tour's outcome",
    description:
      "Scheduled, Completed, Cancelled or No-show, with notes. Back to Scheduled clears when it was recorded. " +
      "With `If-Match` or `version`, a tour changed since (someone recorded its outcome meanwhile) is a 412.",
    body: TourOutcomeSchema,
    ifMatch: true,
    data: record("tour", ApiTour),
    etag: true,
  },
  {
    method: "get",
    path: "/api/clients/{id}/disclosure",
    area: "Clients",
    summary: "Whether the family received the agency's written disclosure",
    description: '`disclosure` is null while none is recorded. The ETag is its version, `"0"` while none is recorded.',
    data: record("disclosure", ApiDisclosure.nullable()),
    etag: true,
  },
  {
    method: "put",
    path: "/api/clients/{id}/disclosure",
    area: "Clients",
    summary: "Record (or replace) the family's disclosure",
    description:
      "A date after the agency's today is refused. `resourceId` must be one of the client's documents that the caller may see. " +
      "With `If-Match` or `version` (`0`: none was recorded when read), a disclosure recorded or changed since is a 412.",
    body: DisclosureSchema,
    ifMatch: true,
    data: record("disclosure", ApiDisclosure),
    etag: true,
  },

  // Facilities
  {
    method: "get",
    path: "/api/facilities",
    area: "Facilities",
    summary: "List facilities",
    query: FacilityListQuerySchema,
    data: ApiFacilityList,
  },
  {
    method: "post",
    path: "/api/facilities",
    area: "Facilities",
    summary: "Add a facility",
    body: FacilitySchema,
    status: 201,
    data: record("facility", ApiFacility),
  },
  {
    method: "get",
    path: "/api/facilities/{id}",
    area: "Facilities",
    summary: "A facility",
    data: record("facility", ApiFacility),
    etag: true,
  },
  {
    method: "put",
    path: "/api/facilities/{id}",
    area: "Facilities",
    summary: "Replace a facility's fields",
    body: FacilitySchema,
    ifMatch: true,
    data: record("facility", ApiFacility),
    etag: true,
  },
  {
    method: "delete",
    path: "/api/facilities/{id}",
    area: "Facilities",
    summary: "Delete a facility",
    description: "Refused (409) while placements refer to it; an agent may not delete (403).",
    ifMatch: true,
    data: deleted("facility"),
    errors: [403, 409],
  },
  {
    method: "get",
    path: "/api/facilities/{id}/agreements",
    area: "Facilities",
    summary: "A facility's referral agreements, the latest first",
    data: record("agreements", z.array(ApiAgreement)),
    errors: [404],
  },
  {
    method: "post",
    path: "/api/facilities/{id}/agreements",
    area: "Facilities",
    summary: "Add a referral agreement to a facility",
    description:
      "Coordinators and admins only (403). One agreement is in force per facility on any day: dates that overlap another agreement's are refused with 409.",
    body: AgreementSchema,
    status: 201,
    data: record("agreement", ApiAgreement),
    etag: true,
    errors: [403, 404, 409],
  },
  {
    method: "get",
    path: "/api/agreements/{id}",
    area: "Facilities",
    summary: "A referral agreement",
    data: record("agreement", ApiAgreement),
    etag: true,
  },
  {
    method: "patch",
    path: "/api/agreements/{id}",
    area: "Facilities",
    summary: "Change or end a referral agreement",
    description:
      "The fields sent replace the agreement's (the others stay); end it by sending `endDate`. Coordinators and admins only (403); dates that overlap another agreement's are refused with 409.",
    body: AgreementPatchSchema,
    ifMatch: true,
    data: record("agreement", ApiAgreement),
    etag: true,
    errors: [403, 409],
  },
  // Invoices
  {
    method: "get",
    path: "/api/invoices",
    area: "Invoices",
    summary: "List invoices",
    description:
      "The agency's invoices, newest issue date first, 25 a page unless `limit` says. `status`, `facility` and `overdue=1` (sent, past due, something outstanding) narrow it. Coordinators and admins only (403). Money in integer cents.",
    query: InvoiceListQuerySchema,
    data: ApiInvoiceList,
    errors: [403],
  },
  {
    method: "post",
    path: "/api/invoices",
    area: "Invoices",
    summary: "Make a draft invoice from a facility's fees",
    description:
      "A draft (no number yet) of the fees of `placementIds`, all of the facility `facilityId` and on no other invoice (a void one aside). Due after the agreement's payment terms unless `dueDate` says (30 days without an agreement). Coordinators and admins only (403).",
    body: ApiNewInvoiceSchema,
    status: 201,
    data: record("invoice", ApiInvoice),
    etag: true,
    errors: [403],
  },
  {
    method: "get",
    path: "/api/invoices/{id}",
    area: "Invoices",
    summary: "An invoice, with its lines, credit notes, payments and totals",
    data: record("invoice", ApiInvoice),
    etag: true,
    errors: [403],
  },
  {
    method: "delete",
    path: "/api/invoices/{id}",
    area: "Invoices",
    summary: "Delete a draft invoice",
    description: "Only a draft (it has no number, so no gap is left): anything else is a 409.",
    data: deleted("invoice"),
    errors: [403, 409],
  },
  {
    method: "post",
    path: "/api/invoices/{id}/send",
    area: "Invoices",
    summary: "Send an invoice by e-mail, its PDF attached",
    description:
      "To `to`, else the facility's billing e-mail, else its contact e-mail (400 when it has neither); `remember: true` keeps `to` as the facility's billing e-mail. A draft gets the agency's next number and becomes Sent; a sent invoice is sent again as it is; a void one is refused. `delivery` says whether the e-mail was handed over (`failed`: kept in the outbox).",
    body: ApiSendSchema,
    data: record("invoice", ApiInvoice).extend({ delivery: z.enum(["sent", "failed"]) }),
    etag: true,
    errors: [403],
  },
  {
    method: "post",
    path: "/api/invoices/{id}/void",
    area: "Invoices",
    summary: "Void an invoice, with a reason",
    description:
      "A Sent or Partly paid invoice without payments: its number stays used, its fees can be invoiced again. Otherwise 400 with the reason.",
    body: ApiVoidSchema,
    data: record("invoice", ApiInvoice),
    etag: true,
    errors: [403],
  },
  {
    method: "post",
    path: "/api/invoices/{id}/credit-notes",
    area: "Invoices",
    summary: "Add a credit note to an invoice",
    description:
      "`placementId` alone: the move-out credit of that line's placement (once); or `amountCents` with a `reason`. At most what is outstanding, on a Sent or Partly paid invoice; the status follows as with a payment.",
    body: ApiCreditNoteSchema,
    status: 201,
    data: record("invoice", ApiInvoice),
    etag: true,
    errors: [403],
  },
  {
    method: "post",
    path: "/api/invoices/{id}/payments",
    area: "Invoices",
    summary: "Record a payment of an invoice",
    description:
      "`amountCents` at most what is outstanding (400 with the message otherwise); the invoice must be Sent or Partly paid. Its status follows: Partly paid, or Paid when nothing is outstanding. Coordinators and admins only (403).",
    body: ApiPaymentSchema,
    status: 201,
    data: record("invoice", ApiInvoice),
    etag: true,
    errors: [403, 404],
  },
  {
    method: "get",
    path: "/api/facilities/dashboard",
    area: "Facilities",
    summary: "Facility count and occupancy",
    data: ApiFacilityDashboard,
  },

  // Placements
  {
    method: "get",
    path: "/api/placements",
    area: "Placements",
    summary: "List placements",
    query: PlacementListQuerySchema,
    data: ApiPlacementList,
  },
  {
    method: "post",
    path: "/api/placements",
    area: "Placements",
    summary: "Add a placement",
    description: "The client, facility and agent must be the agency's: a 400 names each one that is not.",
    body: PlacementSchema,
    status: 201,
    data: record("placement", ApiPlacement),
  },
  {
    method: "get",
    path: "/api/placements/{id}",
    area: "Placements",
    summary: "A placement, with its timeline",
    data: record("placement", ApiPlacement),
    etag: true,
  },
  {
    method: "put",
    path: "/api/placements/{id}",
    area: "Placements",
    summary: "Replace a placement's fields",
    body: PlacementSchema,
    ifMatch: true,
    data: record("placement", ApiPlacement),
    etag: true,
  },
  {
    method: "delete",
    path: "/api/placements/{id}",
    area: "Placements",
    summary: "Delete a placement",
    description: "An agent may not delete (403).",
    ifMatch: true,
    data: deleted("placement"),
    errors: [403],
  },
  {
    method: "patch",
    path: "/api/placements/{id}/fee",
    area: "Placements",
    summary: "Correct a placement's referral fee, with the reason",
    description:
      "`fee` in dollars and cents, `reason` required, `dueDate` optional. Audited with the reason and put on the timeline; a fee set by hand is not worked out again. Refused (400) before the move-in; coordinators and admins only (403).",
    body: FeeEditSchema,
    ifMatch: true,
    data: record("placement", ApiPlacement),
    etag: true,
    errors: [403, 404],
  },
  {
    method: "get",
    path: "/api/placements/dashboard",
    area: "Placements",
    summary: "Placement counts and the newest placements",
    data: ApiPlacementDashboard,
  },

  // Tasks
  {
    method: "get",
    path: "/api/tasks",
    area: "Tasks",
    summary: "List tasks",
    query: TaskListQuerySchema,
    data: ApiTaskList,
  },
  {
    method: "post",
    path: "/api/tasks",
    area: "Tasks",
    summary: "Add a task",
    description:
      "The client, placement and assignee must be the agency's (400); an agent assigns only to themself (403).",
    body: TaskSchema,
    status: 201,
    data: record("task", ApiTask),
    errors: [403],
  },
  {
    method: "get",
    path: "/api/tasks/{id}",
    area: "Tasks",
    summary: "A task, with its checklist, communications and matched facilities",
    data: record("task", ApiTask),
    etag: true,
  },
  {
    method: "put",
    path: "/api/tasks/{id}",
    area: "Tasks",
    summary: "Replace a task's fields",
    body: TaskSchema,
    ifMatch: true,
    data: record("task", ApiTask),
    etag: true,
    errors: [403],
  },
  {
    method: "delete",
    path: "/api/tasks/{id}",
    area: "Tasks",
    summary: "Delete a task",
    ifMatch: true,
    data: deleted("task"),
  },
  {
    method: "get",
    path: "/api/tasks/dashboard",
    area: "Tasks",
    summary: "Task counts",
    data: ApiTaskDashboard,
  },
  {
    method: "get",
    path: "/api/tasks/swim-lanes",
    area: "Tasks",
    summary: "The board: every lane's count, average progress and first cards",
    description: "`stage` with `offset` answers that lane alone, from there (the lane's next cards).",
    query: SwimLaneQuerySchema,
    data: ApiSwimLanes,
  },
  {
    method: "patch",
    path: "/api/tasks/{id}/status",
    area: "Tasks",
    summary: "Move a task to another stage",
    description:
      "With `fromStatus` (where the caller saw it), a task someone else moved meanwhile is a 409 that says where it is now; with `If-Match` or `version`, a task changed in any way since is a 412.",
    body: MoveTaskSchema,
    ifMatch: true,
    data: record("task", ApiTask),
    etag: true,
    errors: [409],
  },
  {
    method: "post",
    path: "/api/tasks/{id}/communications",
    area: "Tasks",
    summary: "Add a note, call, e-mail or meeting to a task",
    body: CommunicationSchema,
    status: 201,
    data: record("communication", ApiCommunication),
  },

  // Resources
  {
    method: "get",
    path: "/api/resources",
    area: "Resources",
    summary: "List documents, newest first",
    query: ResourceListQuerySchema,
    data: ApiResourceList,
  },
  {
    method: "post",
    path: "/api/resources",
    area: "Resources",
    summary: "Upload a document (one file a request)",
    description: "Its type is checked from its content, as the upload screen does (docs/documents.md).",
    multipart: ResourceDetailsSchema.extend({ file }),
    status: 201,
    data: record("resource", ApiResource),
  },
  {
    method: "get",
    path: "/api/resources/{id}",
    area: "Resources",
    summary: "A document, with its previous versions",
    description: "Its ETag is its `revision` (`version` numbers its files).",
    data: record("resource", ApiResource),
    etag: true,
  },
  {
    method: "put",
    path: "/api/resources/{id}",
    area: "Resources",
    summary: "Replace a document's details",
    description: "`relatedTo: { objectType, objectId }` may stand for `relatedToType` and `relatedToId`.",
    body: ResourceUpdateApiSchema,
    ifMatch: true,
    data: record("resource", ApiResource),
    etag: true,
  },
  {
    method: "delete",
    path: "/api/resources/{id}",
    area: "Resources",
    summary: "Delete a document and its files",
    ifMatch: true,
    data: deleted("resource"),
  },
  {
    method: "get",
    path: "/api/resources/{id}/download",
    area: "Resources",
    summary: "Download a document's file",
    query: DownloadQuery,
    raw: {
      description: "The file, with its type and name",
      content: { "application/octet-stream": { schema: z.string().meta({ format: "binary" }) } },
    },
  },
  {
    method: "post",
    path: "/api/resources/{id}/versions",
    area: "Resources",
    summary: "Upload a new version of a document's file",
    multipart: ReplaceFileSchema.extend({ file }),
    status: 201,
    data: record("resource", ApiResource),
  },

  // Reports
  {
    method: "get",
    path: "/api/reports/{report}",
    area: "Reports",
    summary: "One report's figures",
    description:
      "The figures of a report of /reports (the table under its chart), over `from` to `to` (days in the agency's " +
      "time zone, both included; by default the last twelve months) and, with `agentId`, one person's work. " +
      "Coordinators and admins only (403 otherwise); an unknown report is a 404.",
    pathParams: z.object({ report: z.enum(REPORT_NAMES).meta({ description: "Which report" }) }),
    query: ReportQuerySchema,
    data: record("report", ApiReport),
    errors: [403, 404],
  },

  // This document
  // Imports
  {
    method: "get",
    path: "/api/imports",
    area: "Imports",
    summary: "The agency's latest imports",
    data: record("imports", z.array(ApiImport)),
    errors: [403],
  },
  {
    method: "post",
    path: "/api/imports",
    area: "Imports",
    summary: "Start an import (CSV or Excel)",
    description:
      "A CSV file (UTF-8 or Windows-1252, comma or semicolon separated) or an Excel workbook (.xlsx, its first sheet), 20 MB at most, told apart by content, of clients, facilities or placements. It runs as a job: the answer (202) comes before it does; GET /api/imports/{id} tells its status, counts and errors.",
    multipart: ImportOptionsSchema.omit({ fileName: true }).extend({
      file: z.string().meta({ format: "binary", description: "The CSV file or Excel workbook (20 MB at most)" }),
      mapping: z.string().optional().meta({ description: 'JSON: each field\'s column, from 0 ({"firstName": 0})' }),
    }),
    status: 202,
    data: record("import", ApiImport),
    errors: [403],
  },
  {
    method: "get",
    path: "/api/imports/{id}",
    area: "Imports",
    summary: "An import: status, counts, errors",
    data: record("import", ApiImport),
    errors: [403],
  },
  {
    method: "post",
    path: "/api/imports/{id}/undo",
    area: "Imports",
    summary: "Undo a finished import (within 24 hours)",
    description:
      "Deletes what it created and restores what it updated; 409 when it is not done, too old, or what it created is in use.",
    data: record("import", ApiImport),
    errors: [403, 409],
  },

  {
    method: "get",
    path: "/api/openapi.json",
    area: "Reference",
    public: true,
    summary: "This OpenAPI document",
    description: "Public: it holds no data. Rendered for people at /api/docs.",
    raw: {
      description: "The OpenAPI 3.1 document",
      content: { "application/json": { schema: z.object({ openapi: z.string() }).loose() } },
    },
  },
];

// ─────────────────────────────── the document ───────────────────────────────

function operation(e: Endpoint): ZodOpenApiOperationObject {
  const hasId = e.path.includes("{id}");
  const statuses = new Set<ErrorStatus>(e.errors);
  if (e.query || e.body || e.multipart) statuses.add(400);
  if (!e.public) statuses.add(401);
  if (hasId) statuses.add(404);
  if (e.ifMatch) statuses.add(412);
  if (e.body || e.multipart) statuses.add(413);
  if (e.body) statuses.add(415);
  if (e.path !== "/api/openapi.json") statuses.add(503);

  const success: ZodOpenApiResponseObject = e.raw ?? {
    description: e.status === 201 ? "Created" : e.status === 202 ? "Accepted" : "OK",
    content: { "application/json": { schema: apiSuccessOf(e.data ?? z.null()) } },
    ...(e.etag ? { headers: etagHeader } : {}),
  };
  const responses: ZodOpenApiOperationObject["responses"] = { [String(e.status ?? 200)]: success };
  for (const status of [...statuses].sort((a, b) => a - b)) responses[`${status}`] = ERRORS[status];

  return {
    tags: [e.area],
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    ...(e.public ? { security: [] } : {}),
    requestParams: {
      ...(e.pathParams ? { path: e.pathParams } : hasId ? { path: idParam } : {}),
      ...(e.query ? { query: e.query as z.ZodObject } : {}),
      ...(e.ifMatch ? { header: ifMatch } : {}),
    },
    ...(e.body ? { requestBody: { required: true, content: { "application/json": { schema: e.body } } } } : {}),
    ...(e.multipart
      ? { requestBody: { required: true, content: { "multipart/form-data": { schema: e.multipart } } } }
      : {}),
    responses,
  };
}

function buildDocument(): oas31.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of ENDPOINTS) paths[e.path] = { ...paths[e.path], [e.method]: operation(e) };
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Placement API",
        version: "1",
        description:
          "The JSON API of Placement, for programs and integrations. Every answer is the envelope " +
          "`{ success, data, message? }` (`{ success: false, message, errors? }` on failure) with a real status code. " +
          "Tokens, versions, paging and errors are explained at /api/docs and in docs/api.md.",
      },
      tags: API_AREAS.map((area) => ({ name: area.name, description: area.description })),
      security: [{ bearer: [] }],
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer", description: TOKEN_HELP } },
      },
      paths,
    },
    {
      // `z.number().int()` says "a safe integer" with bounds that tell a reader nothing.
      override: ({ jsonSchema }) => {
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    },
  );
}

let cached: oas31.OpenAPIObject | undefined;

/** The API's OpenAPI document, built once per process (it depends on the code only). */
export function openApiDocument(): oas31.OpenAPIObject {
  cached ??= buildDocument();
  return cached;
}
