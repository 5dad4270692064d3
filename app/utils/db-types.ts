import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from "kysely";
import type {
  AccessLevel,
  AuditAction,
  AuditEntity,
  CareLevel,
  ChecklistField,
  ClientStatus,
  ProgressBand,
  CommunicationType,
  FacilityType,
  Gender,
  ReferralSource,
  LandingPage,
  InvoicePaymentMethod,
  InvoiceStatus,
  PaymentMethod,
  PlacementStatus,
  Priority,
  RelatedType,
  Role,
  RoomType,
  TaskType,
  DisclosureMethod,
  TourOutcome,
} from "./vocabulary";

// The Kysely view of the schema in db/migrations. Keep the two in step. The vocabularies (the
// values a CHECK constraint allows) come from app/utils/vocabulary.ts, the one list of each.

// The vocabularies' types are also this module's, for the seed and the tests.
export type * from "./vocabulary";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
/** `date` columns are read as "YYYY-MM-DD" strings (see app/utils/db.server.ts). */
type DateOnly = string;
/** `numeric` money columns are read as strings, written as numbers or strings. */
type Money = ColumnType<string, number | string, number | string>;
type ReadOnly<T> = ColumnType<T, never, never>;

export type OutboxStatus = "queued" | "sent" | "failed";
/** A browser session, a sign-in token of the API, or a personal API token (/settings/tokens). */
export type SessionKind = "browser" | "api" | "personal";
/** What a personal API token may do: read only (GET), or read and write. */
export type TokenScope = "read" | "write";

export interface AgenciesTable {
  id: Generated<string>;
  name: string;
  /** IANA zone ("America/Chicago"); null: the deployment's TIME_ZONE. */
  time_zone: string | null;
  /** How long its audit entries are kept (the database refuses to delete younger ones). */
  audit_retention_years: Generated<number>;
  /** Everyone must sign in with a second factor; who has none sets it up after their password. */
  require_two_factor: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  agency_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  role: Role;
  password_hash: string;
  is_active: Generated<boolean>;
  last_login_at: Date | null;
  /** The screen the user lands on after signing in (LANDING_PAGES). */
  landing_page: Generated<LandingPage>;
  /** When an admin took the account's access away; null while active. */
  deactivated_at: Date | null;
  /** The person wants the daily e-mail digest of their notifications (their preferences). */
  daily_digest: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** An invitation to join an agency: the link's secret is stored only as a hash; it works once. */
export interface InvitationsTable {
  id: Generated<string>;
  agency_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  token_hash: string;
  invited_by: string | null;
  expires_at: Timestamp;
  accepted_at: Date | null;
  user_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  agency_id: string;
  token_hash: string;
  kind: SessionKind;
  remember: Generated<boolean>;
  expires_at: Timestamp;
  /** Null only for a personal token not used yet. */
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** A personal token's name and scope (null for the other kinds). */
  name: string | null;
  scope: TokenScope | null;
  user_agent: string | null;
  ip: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Date | null;
  requested_ip: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  agency_id: string | null;
  kind: string;
  to_address: string;
  from_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** What was attached, named (its content is never stored): [] for none. */
  attachments: Generated<{ filename: string; contentType: string; bytes: number }[]>;
  status: Generated<OutboxStatus>;
  provider_id: string | null;
  error: string | null;
  attempts: Generated<number>;
  sent_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ClientsTable {
  id: Generated<string>;
  agency_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  date_of_birth: DateOnly;
  gender: Gender | null;
  /** Where the client came from; null: not recorded. */
  referral_source: ReferralSource | null;
  address_street: string | null;
  address_city: string | null;
  address_state: string | null;
  address_zip: string | null;
  emergency_name: string;
  emergency_relationship: string;
  emergency_phone: string;
  medical_conditions: Generated<string[]>;
  medications: Generated<string[]>;
  medical_notes: string | null;
  care_level: Generated<CareLevel>;
  tracker_status: Generated<ClientStatus>;
  budget_min: Money | null;
  budget_max: Money | null;
  preferred_location: string | null;
  preferred_amenities: Generated<string[]>;
  /** Null: no preference (the form's "No preference"); a program that says nothing gets 'private'. */
  room_type: Generated<RoomType | null>;
  created_by: string | null;
  search_text: ReadOnly<string>;
  phone_digits: ReadOnly<string>;
  /** Counts the changes people made (one more each time the application sets updated_by). */
  version: ReadOnly<number>;
  /** Who made the latest change (null: before versions were counted, or a removed user). */
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ClientNotesTable {
  id: Generated<string>;
  agency_id: string;
  client_id: string;
  author_id: string | null;
  /** What was logged: a note, a call, an e-mail or a meeting. */
  kind: Generated<CommunicationType>;
  content: string;
  /** When it happened (a call logged afterwards says when it was); now unless given. */
  occurred_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/**
 * A change of a client's tracker status, written by a trigger on clients (migration
 * 20261209010000): every path that changes a status is recorded. Never updated.
 */
export interface ClientStatusChangesTable {
  id: Generated<string>;
  agency_id: string;
  client_id: string;
  from_status: ClientStatus;
  to_status: ClientStatus;
  /** Who changed it (the statement's updated_by); null: an automatic change, or a removed user. */
  changed_by: string | null;
  created_at: CreatedAt;
}

/** A facility tour arranged for a client (issue 36). */
export interface ToursTable {
  id: Generated<string>;
  agency_id: string;
  client_id: string;
  facility_id: string;
  scheduled_at: ColumnType<Date, Date | string, Date | string>;
  /** The family members who come along, as typed. */
  family_attendees: string | null;
  notes: string | null;
  outcome: Generated<TourOutcome>;
  outcome_notes: string | null;
  /** When and by whom the outcome was last recorded (null: still Scheduled). */
  outcome_at: Timestamp | null;
  outcome_by: string | null;
  created_by: string | null;
  /** Counts the changes people made (one more each time the application sets updated_by). */
  version: ReadOnly<number>;
  /** Who made the latest change (null: a removed user, or not changed since it was scheduled). */
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The agency's staff who go on a tour. */
export interface TourStaffTable {
  tour_id: string;
  user_id: string;
  agency_id: string;
}

/** The family received the agency's written disclosure (one per client). */
export interface ClientDisclosuresTable {
  id: Generated<string>;
  agency_id: string;
  client_id: string;
  /** YYYY-MM-DD. */
  disclosed_on: DateOnly;
  method: DisclosureMethod;
  resource_id: string | null;
  recorded_by: string | null;
  /** Counts the changes people made (one more each time the application sets updated_by). */
  version: ReadOnly<number>;
  /** Who made the latest change (null: a removed user). */
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface FacilitiesTable {
  id: Generated<string>;
  agency_id: string;
  name: string;
  license_number: string;
  type: FacilityType;
  capacity: number;
  current_occupancy: Generated<number>;
  available_beds: ReadOnly<number>;
  address_street: string;
  address_city: string;
  address_state: string;
  address_zip: string;
  /** The centroid of its ZIP code (matching's distances); null when the ZIP is unknown. */
  latitude: number | null;
  longitude: number | null;
  contact_name: string;
  contact_phone: string;
  contact_email: string | null;
  /** Where invoices go (migration 20261210030000); null: the contact_email. */
  billing_email: string | null;
  amenities: Generated<string[]>;
  specialties: Generated<string[]>;
  cost_range: string;
  min_cost: Money;
  max_cost: Money;
  accepts_insurance: Generated<boolean>;
  notes: string | null;
  is_active: Generated<boolean>;
  rating: Money | null;
  search_text: ReadOnly<string>;
  /** Counts the changes people made (one more each time the application sets updated_by). */
  version: ReadOnly<number>;
  /** Who made the latest change (null: before versions were counted, or a removed user). */
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PlacementsTable {
  id: Generated<string>;
  agency_id: string;
  client_id: string;
  facility_id: string;
  agent_id: string;
  status: Generated<PlacementStatus>;
  priority: Generated<Priority>;
  start_date: DateOnly;
  end_date: DateOnly | null;
  move_in_date: DateOnly | null;
  monthly_rate: Money | null;
  payment_method: PaymentMethod | null;
  deposit_amount: Money | null;
  contract_signed: Generated<boolean>;
  contract_signed_date: DateOnly | null;
  deposit_paid: Generated<boolean>;
  deposit_paid_date: DateOnly | null;
  insurance_verified: Generated<boolean>;
  insurance_verified_date: DateOnly | null;
  medical_records_transferred: Generated<boolean>;
  medical_records_transferred_date: DateOnly | null;
  family_notified: Generated<boolean>;
  family_notified_date: DateOnly | null;
  notes: string | null;
  /** The referral fee, worked out at the move-in (migration 20261210000000): cents, or null (none owed or none worked out). */
  fee_cents: number | null;
  /** The agreement the fee was worked out from (null: none in force, or set by hand without one). */
  fee_agreement_id: string | null;
  /** How the fee was worked out ("50% of $4,200 first month"), or why there is none; null until the move-in. */
  fee_basis: string | null;
  /** The move-in day the fee was worked out for. */
  fee_moved_in_on: DateOnly | null;
  fee_due_date: DateOnly | null;
  /** Why the fee was last set by hand (null: as worked out). A fee set by hand is not worked out again. */
  fee_edit_reason: string | null;
  /** What the facility is owed back after a move-out within the refund window (cents). */
  fee_credit_cents: number | null;
  fee_credit_basis: string | null;
  /** "client name\nfacility name", lower case; kept by triggers (migration 20261123000007). */
  search_names: ReadOnly<string>;
  created_by: string | null;
  /** Counts the changes people made (one more each time the application sets updated_by). */
  version: ReadOnly<number>;
  /** Who made the latest change (null: before versions were counted, or a removed user). */
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type AgreementFeeType = "percent" | "flat";
export type AgreementRefundRule = "none" | "full" | "pro-rata";

/** A facility's referral agreement (migration 20261210000000): at most one in force per facility on a day. */
export interface ReferralAgreementsTable {
  id: Generated<string>;
  agency_id: string;
  facility_id: string;
  fee_type: AgreementFeeType;
  /** numeric(5,2), read as a string. */
  fee_percent: string | null;
  flat_fee_cents: number | null;
  payment_terms_days: Generated<number>;
  refund_rule: Generated<AgreementRefundRule>;
  refund_days: number | null;
  tour_window_months: number | null;
  starts_on: DateOnly;
  ends_on: DateOnly | null;
  notes: string | null;
  document_id: string | null;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One row per agency and year: the last invoice number issued (migration 20261210030000). */
export interface InvoiceCountersTable {
  agency_id: string;
  year: number;
  last_number: Generated<number>;
}

/** An invoice to a facility (migration 20261210030000): a draft has no number until it is sent. */
export interface InvoicesTable {
  id: Generated<string>;
  agency_id: string;
  facility_id: string;
  number: string | null;
  status: Generated<InvoiceStatus>;
  issue_date: DateOnly;
  due_date: DateOnly;
  notes: string | null;
  sent_at: Timestamp | null;
  sent_to: string | null;
  void_reason: string | null;
  voided_at: Timestamp | null;
  version: Generated<number>;
  created_by: string | null;
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface InvoiceLinesTable {
  id: Generated<string>;
  agency_id: string;
  invoice_id: string;
  placement_id: string | null;
  client_name: string;
  moved_in_on: DateOnly | null;
  description: string;
  amount_cents: number;
  /** The invoice was voided: the placement's fee can be invoiced again. */
  voided: Generated<boolean>;
  position: Generated<number>;
}

export interface CreditNotesTable {
  id: Generated<string>;
  agency_id: string;
  invoice_id: string;
  placement_id: string | null;
  issued_on: DateOnly;
  amount_cents: number;
  reason: string;
  created_by: string | null;
  created_at: CreatedAt;
}

/** What each invoice still owes: its lines − credit notes − payments, kept by triggers (migration 20261211200000). */
export interface InvoiceBalancesTable {
  invoice_id: string;
  agency_id: string;
  /** bigint: read as a string. */
  outstanding_cents: ColumnType<string, number | string, number | string>;
}

export interface InvoicePaymentsTable {
  id: Generated<string>;
  agency_id: string;
  invoice_id: string;
  paid_on: DateOnly;
  amount_cents: number;
  method: InvoicePaymentMethod;
  reference: string | null;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface PlacementEventsTable {
  id: Generated<string>;
  agency_id: string;
  placement_id: string;
  event: string;
  description: string | null;
  actor_id: string | null;
  occurred_at: Timestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TasksTable {
  id: Generated<string>;
  agency_id: string;
  title: string;
  description: string | null;
  type: Generated<TaskType>;
  priority: Generated<Priority>;
  stage: Generated<ClientStatus>;
  position: Generated<number>;
  is_completed: Generated<boolean>;
  completed_at: Date | null;
  due_date: DateOnly;
  estimated_placement_date: DateOnly | null;
  estimated_hours: Money | null;
  client_id: string | null;
  /** The placement the task is about: one of its client's. */
  placement_id: string | null;
  /**
   * The step of its placement's checklist the task is for (`contractSigned` …; migration
   * 20261209020000): done together. Null when the task leaves its placement.
   */
  placement_checklist_item: ChecklistField | null;
  assigned_to: string;
  created_by: string | null;
  /** Title, description, client and assignee names, lower-cased (kept by triggers). */
  search_text: Generated<string>;
  /** Urgent 4 … Low 1 (generated from priority). */
  priority_rank: GeneratedAlways<number>;
  /** The percent of the checklist done (kept by triggers; see taskProgress). */
  progress: Generated<number>;
  /** Counts the changes people made (one more each time the application sets updated_by). */
  version: ReadOnly<number>;
  /** Who made the latest change (null: before versions were counted, or a removed user). */
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A narrow copy of each task's searched text and what its counts read (kept by a trigger on tasks), for counting a search's matches. */
export interface TaskSearchTable {
  task_id: string;
  agency_id: string;
  search_text: string;
  stage: ClientStatus;
  is_completed: boolean;
  due_date: DateOnly;
  priority_rank: number;
  progress: Generated<number>;
  assigned_to: string;
  /** search_text without the description (title, client, assignee): what the board searches. */
  board_text: GeneratedAlways<string>;
}

/** Per agency, word trigram and priority: how many completed tasks' search_text has it (kept by a trigger on task_search). */
export interface CompletedTaskTrigramsTable {
  agency_id: string;
  trigram: string;
  priority_rank: number;
  tasks: number;
}

/** Per agency, word trigram of board_text, stage, priority and progress band: the completed tasks and their progress (kept by a trigger on task_search). */
export interface CompletedBoardTrigramsTable {
  agency_id: string;
  trigram: string;
  stage: ClientStatus;
  priority_rank: number;
  band: ProgressBand;
  tasks: number;
  progress: number;
}

export interface TaskChecklistItemsTable {
  id: Generated<string>;
  agency_id: string;
  task_id: string;
  text: string;
  is_completed: Generated<boolean>;
  completed_at: Date | null;
  position: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TaskCommunicationsTable {
  id: Generated<string>;
  agency_id: string;
  task_id: string;
  type: CommunicationType;
  content: string;
  author_id: string | null;
  occurred_at: Timestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ResourcesTable {
  id: Generated<string>;
  agency_id: string;
  original_name: string;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  version: Generated<number>;
  download_count: Generated<number>;
  last_downloaded_at: Date | null;
  description: string | null;
  category: string;
  is_confidential: Generated<boolean>;
  access_level: Generated<AccessLevel>;
  tags: Generated<string[]>;
  related_type: RelatedType;
  related_id: string;
  expiration_date: DateOnly | null;
  metadata: Generated<Record<string, unknown>>;
  uploaded_by: string | null;
  /**
   * Counts the changes people made to the document, its details or its file (one more each time
   * the application sets updated_by): what an edit must have read. `version` numbers its files.
   */
  revision: ReadOnly<number>;
  /** Who made the latest change (null: before revisions were counted, or a removed user). */
  updated_by: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Name, description and tags, lower-cased, joined by U+001F (kept by Postgres; searched). */
  search_text: GeneratedAlways<string>;
}

export interface ResourceVersionsTable {
  id: Generated<string>;
  agency_id: string;
  resource_id: string;
  version_number: number;
  file_name: string;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  change_log: string | null;
  uploaded_by: string | null;
  uploaded_at: Timestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AuditEventsTable {
  id: Generated<string>;
  agency_id: string | null;
  actor_id: string | null;
  action: AuditAction;
  entity_type: AuditEntity | null;
  entity_id: string | null;
  details: Generated<Record<string, unknown>>;
  ip: string | null;
  /** The e-mail a failed sign-in tried (the agency and user may be unknown). */
  email: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}

/** A user's two-factor sign-in (TOTP): pending until `enabled_at` (confirmed with a code). */
export interface UserTwoFactorTable {
  user_id: string;
  /** The TOTP secret, AES-256-GCM encrypted (utils/crypto.server.ts `encryptSecret`). */
  secret_encrypted: string;
  enabled_at: Date | null;
  /** The time step of the last accepted code: that step and earlier ones are refused (replay). */
  last_step: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Single-use recovery codes, stored only as their SHA-256. */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: CreatedAt;
}

export type NotificationKind = "task_moved";

/** A stored notification: a task of `user_id`'s moved on the board by someone else (`actor_id`). */
export interface NotificationsTable {
  id: Generated<string>;
  agency_id: string;
  /** Who it is for. */
  user_id: string;
  kind: NotificationKind;
  task_id: string;
  actor_id: string | null;
  /** task_moved: `{ from, to }`, the stages. */
  details: Generated<Record<string, unknown>>;
  read_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A computed notification read by a person on a day (item_key: "task:<id>", "move-in:<id>", "document:<id>"). */
export interface NotificationReadsTable {
  user_id: string;
  item_key: string;
  day: DateOnly;
  created_at: CreatedAt;
}

/** A person's daily digest of `day` (their agency's day): sent (email_id) or found empty (items 0). */
export interface NotificationDigestsTable {
  user_id: string;
  day: DateOnly;
  agency_id: string;
  items: number;
  email_id: string | null;
  created_at: CreatedAt;
}

/** Running totals per agency, kept by triggers (see the agency_counts migration). */
/**
 * The reports' figures kept per month (the report_rollups migration; docs/data-model.md,
 * "Report figures"), written by statement-level triggers: never by the app.
 */
export interface ReportPlacementMonthsTable {
  agency_id: string;
  /** The first day of the month of the placements' start date. */
  month: DateOnly;
  agent_id: string;
  placements: number;
  completed: number;
}

/** Move-ins by month, agent (null: everyone) and days from intake. */
export interface ReportMoveInDaysTable {
  agency_id: string;
  month: DateOnly;
  agent_id: string | null;
  days: number;
  placements: number;
}

/** The same by bucket of 32 days (days >> 5). */
export interface ReportMoveInBucketsTable {
  agency_id: string;
  month: DateOnly;
  agent_id: string | null;
  bucket: number;
  placements: number;
}

export interface ReportIntakeMonthsTable {
  agency_id: string;
  month: DateOnly;
  created_by: string | null;
  tracker_status: ClientStatus;
  referral_source: ReferralSource | null;
  clients: number;
}

export interface ReportRevenueMonthsTable {
  agency_id: string;
  month: DateOnly;
  /** bigint: read as a string. */
  invoiced_cents: ColumnType<string, number | string, number | string>;
  /** bigint: read as a string. */
  collected_cents: ColumnType<string, number | string, number | string>;
}

export interface AgencyCountsTable {
  agency_id: string;
  name: string;
  value: number;
}

/** Fixed-window rate-limit counters (see the rate_limits migration). */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Date;
}

/** A CSV import (docs/data-model.md, "Imports"): its file, choices, progress, and what undo needs. */
export interface ImportsTable {
  id: Generated<string>;
  agency_id: string;
  type: "clients" | "facilities" | "placements";
  status: Generated<"draft" | "queued" | "running" | "done" | "failed" | "undone">;
  file_name: string;
  size_bytes: Generated<number>;
  /** The file's text encoding, found when it was uploaded: valid UTF-8, else Windows-1252. */
  encoding: Generated<"utf-8" | "windows-1252">;
  /** What the file is, told by its content at upload: CSV text, or an Excel workbook. */
  format: Generated<"csv" | "xlsx">;
  /** The file's column (by position) each field reads: { field: column index }. Null: matched by header. */
  mapping: Record<string, number> | null;
  duplicates: Generated<"skip" | "update" | "create">;
  /** "all": all or nothing; "valid": the valid rows, in batches. */
  mode: Generated<"all" | "valid">;
  total_rows: Generated<number>;
  processed_rows: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  skipped_count: Generated<number>;
  invalid_count: Generated<number>;
  /** The first errors: { row, field, column, message }. */
  errors: Generated<unknown[]>;
  message: string | null;
  created_ids: Generated<string[]>;
  /** Each updated record's stored values before the import: { id, values }. */
  previous: Generated<unknown[]>;
  created_by: string | null;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  undone_at: Date | null;
  undone_by: string | null;
}

/** An uploaded import file in pieces, while its import waits and runs. */
export interface ImportFileChunksTable {
  import_id: string;
  seq: number;
  data: Buffer;
}

export interface Database {
  agency_counts: AgencyCountsTable;
  report_placement_months: ReportPlacementMonthsTable;
  report_move_in_days: ReportMoveInDaysTable;
  report_move_in_buckets: ReportMoveInBucketsTable;
  report_intake_months: ReportIntakeMonthsTable;
  report_revenue_months: ReportRevenueMonthsTable;
  rate_limits: RateLimitsTable;
  agencies: AgenciesTable;
  users: UsersTable;
  invitations: InvitationsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  email_outbox: EmailOutboxTable;
  clients: ClientsTable;
  client_notes: ClientNotesTable;
  client_status_changes: ClientStatusChangesTable;
  tours: ToursTable;
  tour_staff: TourStaffTable;
  client_disclosures: ClientDisclosuresTable;
  facilities: FacilitiesTable;
  placements: PlacementsTable;
  placement_events: PlacementEventsTable;
  referral_agreements: ReferralAgreementsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  credit_notes: CreditNotesTable;
  invoice_payments: InvoicePaymentsTable;
  invoice_balances: InvoiceBalancesTable;
  tasks: TasksTable;
  task_checklist_items: TaskChecklistItemsTable;
  task_communications: TaskCommunicationsTable;
  task_search: TaskSearchTable;
  completed_task_trigrams: CompletedTaskTrigramsTable;
  completed_board_trigrams: CompletedBoardTrigramsTable;
  resources: ResourcesTable;
  resource_versions: ResourceVersionsTable;
  audit_events: AuditEventsTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  notifications: NotificationsTable;
  notification_reads: NotificationReadsTable;
  notification_digests: NotificationDigestsTable;
  imports: ImportsTable;
  import_file_chunks: ImportFileChunksTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Client = Selectable<ClientsTable>;
export type Facility = Selectable<FacilitiesTable>;
export type Placement = Selectable<PlacementsTable>;
export type Task = Selectable<TasksTable>;
