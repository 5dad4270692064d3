import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql } from "kysely";
import type { DB } from "~/utils/db.server";
import type { Database, InvoicesTable, PlacementsTable } from "~/utils/db-types";
import { addDays, daysBetween } from "~/utils/days";
import { AGING_BUCKETS, type AgingBucket, invoiceName } from "~/utils/invoice";
import { formatFee } from "~/utils/referral-fee";
import { isUuid } from "~/utils/uuid";
import type { InvoicePaymentMethod, InvoiceStatus } from "~/utils/vocabulary";
import { agencyDay } from "./agency.server";
import { audit } from "./audit.server";
import { type Ctx, ownRow } from "./context";
import type { FieldError } from "./follow-work.server";
import { type Count, containsPattern, countMatches, type PageInfo, pageInfo, pickerOptions } from "./lists.server";

// Invoices to facilities for their referral fees (issue 36; docs/data-model.md, "Invoices").
// Money is integer cents throughout: sums are added up by the database as integers and read back
// as numbers, never as floating point amounts of dollars.
//
// An invoice is made from un-invoiced fees of one facility (a Draft, without a number). Sending it
// gives it the agency's next number for its issue year (the counter row locked by the sending
// transaction: two sends take turns, a send that rolls back gives its number back, so numbers
// have no gaps; a deleted draft never had one) and e-mails it. Payments and credit notes move it
// to Partly paid and Paid; a Void invoice (with a reason) frees its fees to be invoiced again.

type InvoiceRow = Selectable<InvoicesTable>;

export type InvoiceWriteResult = { ok: true; id: string } | { ok: false; reason: "not-found" } | InvoiceRefusal;
export type InvoiceRefusal = { ok: false; reason: "invalid"; errors: FieldError[] };

const NOT_FOUND = { ok: false, reason: "not-found" } as const;
const refuse = (path: string, msg: string): InvoiceRefusal => ({
  ok: false,
  reason: "invalid",
  errors: [{ path, msg }],
});

export const INVOICE_MESSAGES = {
  noFees: "Tick at least one fee to invoice.",
  feeGone: "A fee you ticked is no longer there: its placement was deleted. Reload the page and tick the fees again.",
  otherFacility: "A fee of another facility cannot be on this invoice.",
  alreadyInvoiced: "A fee you ticked is already on another invoice. Reload the page and tick the fees again.",
  notInvoiceable: "A fee you ticked has no amount yet: correct it on its placement first.",
  noFacility: "Choose a facility.",
  notDraft: "Only a draft can be changed this way.",
  notOpen: "Payments and credit notes are recorded on sent invoices only.",
  cannotVoid: "Only a sent invoice can be voided; delete a draft instead.",
  voidNotSent: "A void invoice cannot be sent.",
  hasPayments: "Payments were recorded on this invoice: it cannot be voided.",
  noRecipient:
    "This facility has no billing e-mail or contact e-mail. Add one on the facility, or type where to send the invoice.",
  dueBeforeIssue: "The due date cannot be before the issue date.",
  noCredit: "This placement has no credit owed back, or it is already on a credit note of this invoice.",
} as const;

export const overpaymentMessage = (amount: number, outstanding: number, number: string) =>
  `This payment of ${formatFee(amount)} is more than the ${formatFee(outstanding)} outstanding on ${number}. Record at most ${formatFee(outstanding)}.`;

export const overcreditMessage = (amount: number, outstanding: number) =>
  `This credit of ${formatFee(amount)} is more than the ${formatFee(outstanding)} outstanding.`;

// ─────────────────────────────── reading ───────────────────────────────

/** The cents a sum gives (Postgres answers bigint sums as text). */
const cents = (value: unknown) => Number(value ?? 0);

export interface InvoiceTotals {
  invoicedCents: number;
  creditedCents: number;
  paidCents: number;
  outstandingCents: number;
}

export interface InvoiceSummary extends InvoiceTotals {
  id: string;
  number: string | null;
  status: InvoiceStatus;
  facility: { id: string; name: string };
  issueDate: string;
  dueDate: string;
  /** Days past its due date with something outstanding; 0 when not overdue. */
  daysOverdue: number;
}

export interface InvoiceRecord extends InvoiceSummary {
  facility: { id: string; name: string; billingEmail: string | null; contactEmail: string | null };
  notes: string | null;
  sentAt: string | null;
  sentTo: string | null;
  voidReason: string | null;
  lines: {
    id: string;
    placementId: string | null;
    clientName: string;
    movedInOn: string | null;
    description: string;
    amountCents: number;
    /** What the placement's move-out gives back, when not yet on a credit note. */
    creditDue: { cents: number; basis: string } | null;
  }[];
  creditNotes: { id: string; placementId: string | null; issuedOn: string; amountCents: number; reason: string }[];
  payments: {
    id: string;
    paidOn: string;
    amountCents: number;
    method: InvoicePaymentMethod;
    reference: string | null;
  }[];
  version: number;
}

/** What an invoice `i`'s lines, credit notes or payments add up to, in cents: a subquery of it. */
const sumOf = (table: "invoice_lines" | "credit_notes" | "invoice_payments") =>
  sql<string>`(SELECT coalesce(sum(x.amount_cents), 0) FROM ${sql.table(table)} x WHERE x.invoice_id = i.id)`;

/**
 * The statuses of an invoice that still owes, written into the statement rather than sent as
 * values: the plan Postgres keeps for a prepared statement (docs/decisions/014) then uses the
 * index kept for open invoices (`invoices_open_idx`).
 */
const OPEN_INVOICES = [sql.lit<InvoiceStatus>("Sent"), sql.lit<InvoiceStatus>("Partly paid")];

/** A balance `b` that still owes something (written out, for the index kept for them: `invoice_balances_owing_idx`). */
const OWES = sql<boolean>`b.outstanding_cents > 0`;

/** Invoices of the agency with their totals, as one query the list, the CSV and the aging read. */
function invoicesWithTotals(db: DB, ctx: Ctx) {
  return db
    .selectFrom("invoices as i")
    .innerJoin("facilities as f", "f.id", "i.facility_id")
    .where("i.agency_id", "=", ctx.agencyId)
    .select([
      "i.id",
      "i.number",
      "i.status",
      "i.issue_date",
      "i.due_date",
      "i.created_at",
      "f.id as facility_id",
      "f.name as facility_name",
      sumOf("invoice_lines").as("invoiced"),
      sumOf("credit_notes").as("credited"),
      sumOf("invoice_payments").as("paid"),
    ]);
}

type TotalsRow = {
  id: string;
  number: string | null;
  status: InvoiceStatus;
  issue_date: string;
  due_date: string;
  facility_id: string;
  facility_name: string;
  invoiced: string;
  credited: string;
  paid: string;
};

function totalsOf(row: Pick<TotalsRow, "invoiced" | "credited" | "paid" | "status">): InvoiceTotals {
  const invoicedCents = cents(row.invoiced);
  const creditedCents = cents(row.credited);
  const paidCents = cents(row.paid);
  const open = row.status === "Sent" || row.status === "Partly paid";
  return {
    invoicedCents,
    creditedCents,
    paidCents,
    outstandingCents: open ? Math.max(0, invoicedCents - creditedCents - paidCents) : 0,
  };
}

function summaryOf(row: TotalsRow, today: string): InvoiceSummary {
  const totals = totalsOf(row);
  const late = daysBetween(row.due_date, today);
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    facility: { id: row.facility_id, name: row.facility_name },
    issueDate: row.issue_date,
    dueDate: row.due_date,
    ...totals,
    daysOverdue: totals.outstandingCents > 0 && late > 0 ? late : 0,
  };
}

/** An invoice's lines (with the credit each placement's move-out gives back), credit notes and payments. */
function invoiceParts(db: DB, ctx: Ctx, id: string) {
  return Promise.all([
    db
      .selectFrom("invoice_lines as l")
      .leftJoin("placements as p", "p.id", "l.placement_id")
      .select([
        "l.id",
        "l.placement_id",
        "l.client_name",
        "l.moved_in_on",
        "l.description",
        "l.amount_cents",
        "p.fee_credit_cents",
        "p.fee_credit_basis",
        sql<boolean>`EXISTS (SELECT 1 FROM credit_notes c WHERE c.invoice_id = l.invoice_id AND c.placement_id = l.placement_id)`.as(
          "credited",
        ),
      ])
      .where("l.invoice_id", "=", id)
      .where("l.agency_id", "=", ctx.agencyId)
      .orderBy("l.position")
      .execute(),
    db
      .selectFrom("credit_notes")
      .selectAll()
      .where("invoice_id", "=", id)
      .where("agency_id", "=", ctx.agencyId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("invoice_payments")
      .selectAll()
      .where("invoice_id", "=", id)
      .where("agency_id", "=", ctx.agencyId)
      .orderBy("paid_on")
      .orderBy("created_at")
      .execute(),
  ]);
}

export async function getInvoice(db: DB, ctx: Ctx, id: string): Promise<InvoiceRecord | null> {
  if (!isUuid(id)) return null;
  const row = await invoicesWithTotals(db, ctx)
    .where("i.id", "=", id)
    .select(["i.notes", "i.sent_at", "i.sent_to", "i.void_reason", "i.version", "f.billing_email", "f.contact_email"])
    .executeTakeFirst();
  if (!row) return null;
  const { today } = await agencyDay(db, ctx);
  const [lines, creditNotes, payments] = await invoiceParts(db, ctx, id);
  const summary = summaryOf(row as TotalsRow, today);
  return {
    ...summary,
    facility: {
      ...summary.facility,
      billingEmail: row.billing_email,
      contactEmail: row.contact_email,
    },
    notes: row.notes,
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    sentTo: row.sent_to,
    voidReason: row.void_reason,
    version: row.version,
    lines: lines.map((l) => ({
      id: l.id,
      placementId: l.placement_id,
      clientName: l.client_name,
      movedInOn: l.moved_in_on,
      description: l.description,
      amountCents: l.amount_cents,
      creditDue:
        !l.credited && l.fee_credit_cents && l.fee_credit_cents > 0
          ? { cents: l.fee_credit_cents, basis: l.fee_credit_basis ?? "" }
          : null,
    })),
    creditNotes: creditNotes.map((c) => ({
      id: c.id,
      placementId: c.placement_id,
      issuedOn: c.issued_on,
      amountCents: c.amount_cents,
      reason: c.reason,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      paidOn: p.paid_on,
      amountCents: p.amount_cents,
      method: p.method,
      reference: p.reference,
    })),
  };
}

export interface InvoiceListQuery {
  status?: InvoiceStatus;
  facility?: string;
  overdue?: boolean;
  page?: number;
  limit?: number;
}

/** The list's filters, as one condition on `i` (an invoice): the page and its count both use it. */
function invoiceFilter(query: InvoiceListQuery, today: string) {
  return (eb: ExpressionBuilder<Database & { i: Database["invoices"] }, "i">) => {
    const conditions: Expression<SqlBool>[] = [];
    if (query.status) conditions.push(eb("i.status", "=", query.status));
    if (query.facility)
      conditions.push(isUuid(query.facility) ? eb("i.facility_id", "=", query.facility) : eb.lit(false));
    if (query.overdue) {
      conditions.push(
        eb("i.status", "in", OPEN_INVOICES),
        eb("i.due_date", "<", today),
        eb.exists(
          eb
            .selectFrom("invoice_balances as b")
            .whereRef("b.invoice_id", "=", "i.id")
            .where(OWES)
            .select("b.invoice_id"),
        ),
      );
    }
    return eb.and(conditions);
  };
}

function filtered(db: DB, ctx: Ctx, query: InvoiceListQuery, today: string) {
  return invoicesWithTotals(db, ctx).where(invoiceFilter(query, today));
}

export const INVOICE_PAGE_SIZE = 25;

/** A page of the agency's invoices, newest first, with the filters of /invoices. */
export async function listInvoices(db: DB, ctx: Ctx, query: InvoiceListQuery) {
  const { today } = await agencyDay(db, ctx);
  const limit = query.limit ?? INVOICE_PAGE_SIZE;
  const page = query.page ?? 1;
  const base = filtered(db, ctx, query, today);
  const [rows, count] = await Promise.all([
    base
      .orderBy("i.issue_date", "desc")
      .orderBy("i.created_at", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    // Counted on the invoices alone: every invoice has its facility, and the totals are not needed.
    db
      .selectFrom("invoices as i")
      .where("i.agency_id", "=", ctx.agencyId)
      .where(invoiceFilter(query, today))
      .select(sql<string>`count(*)`.as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    invoices: rows.map((r) => summaryOf(r as TotalsRow, today)),
    total,
    totalPages: Math.max(1, Math.ceil(total / limit)),
  };
}

/** Every invoice the filters match, a batch at a time (the CSV export). */
export async function* streamInvoices(db: DB, ctx: Ctx, query: InvoiceListQuery): AsyncIterable<InvoiceSummary[]> {
  const { today } = await agencyDay(db, ctx);
  const batch = 500;
  for (let offset = 0; ; offset += batch) {
    const rows = await filtered(db, ctx, query, today)
      .orderBy("i.issue_date", "desc")
      .orderBy("i.created_at", "desc")
      .orderBy("i.id")
      .limit(batch)
      .offset(offset)
      .execute();
    if (rows.length > 0) yield rows.map((r) => summaryOf(r as TotalsRow, today));
    if (rows.length < batch) return;
  }
}

/**
 * Which facilities the invoice screens' pickers offer: those with invoices (the list's facility
 * filter) or those with fees to invoice (a new invoice's facility).
 */
export type InvoiceFacilityScope = "invoiced" | "billable";

/** A facility's fees that are on no invoice, or only on void ones (`p` is the placement). */
const UNINVOICED = sql<boolean>`p.fee_cents > 0
  AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l.placement_id = p.id AND NOT l.voided)`;

/** The agency's facilities in `scope` whose name, city or license contains `q` (all of them without it). */
function scopedFacilities(db: DB, ctx: Ctx, scope: InvoiceFacilityScope, q: string) {
  const base = db
    .selectFrom("facilities as f")
    .where("f.agency_id", "=", ctx.agencyId)
    .$if(Boolean(q), (qb) => qb.where("f.search_text", "like", containsPattern(q)));
  return scope === "invoiced"
    ? base.where(
        sql<boolean>`EXISTS (SELECT 1 FROM invoices i WHERE i.facility_id = f.id AND i.agency_id = f.agency_id)`,
      )
    : base.where(
        sql<boolean>`EXISTS (SELECT 1 FROM placements p WHERE p.facility_id = f.id AND p.agency_id = f.agency_id AND ${UNINVOICED})`,
      );
}

/** How many facilities `invoiceFacilityOptions` finds for `q`, counting no further than `cap`. */
export function countInvoiceFacilityOptions(
  db: DB,
  ctx: Ctx,
  scope: InvoiceFacilityScope,
  q: string,
  cap: number,
): Promise<Count> {
  return countMatches(db, scopedFacilities(db, ctx, scope, q).select("f.id"), cap);
}

/**
 * A picker's facilities on the invoice screens, by name: those in `scope` whose name, city or
 * license contains `q`, the first `limit` of them; `include` (the chosen one) is always among
 * them. The hint says where the facility is and, for a new invoice, how many fees it has to invoice.
 */
export async function invoiceFacilityOptions(
  db: DB,
  ctx: Ctx,
  scope: InvoiceFacilityScope,
  options: { q?: string; include?: string | null; limit: number },
): Promise<{ id: string; label: string; hint: string }[]> {
  const columns = (qb: ReturnType<typeof scopedFacilities>) =>
    qb.select([
      "f.id",
      "f.name",
      "f.address_city",
      "f.address_state",
      sql<string>`(SELECT count(*) FROM placements p WHERE p.facility_id = f.id AND p.agency_id = f.agency_id
        AND ${UNINVOICED})`.as("fees"),
    ]);
  const include = options.include && isUuid(options.include) ? options.include : null;
  const [rows, chosen] = await Promise.all([
    options.limit > 0
      ? columns(scopedFacilities(db, ctx, scope, options.q ?? ""))
          .orderBy("f.name")
          .orderBy("f.id")
          .limit(options.limit)
          .execute()
      : [],
    include
      ? columns(db.selectFrom("facilities as f").where("f.agency_id", "=", ctx.agencyId))
          .where("f.id", "=", include)
          .executeTakeFirst()
      : undefined,
  ]);
  const option = (r: (typeof rows)[number]) => {
    const fees = Number(r.fees);
    const place = [r.address_city, r.address_state].filter(Boolean).join(", ");
    const owed = scope === "billable" ? `${fees} ${fees === 1 ? "fee" : "fees"} to invoice` : "";
    return { id: r.id, label: r.name, hint: [place, owed].filter(Boolean).join(" · ") };
  };
  const list = rows.map(option);
  if (chosen && !list.some((o) => o.id === chosen.id)) list.unshift(option(chosen));
  return list;
}

/** The agency's facility `id` (the one a new invoice is for), by name; null when there is none. */
export async function invoiceFacility(db: DB, ctx: Ctx, id: string): Promise<{ id: string; name: string } | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom("facilities")
    .where("agency_id", "=", ctx.agencyId)
    .where("id", "=", id)
    .select(["id", "name"])
    .executeTakeFirst();
  return row ?? null;
}

export interface UninvoicedFee {
  placementId: string;
  clientName: string;
  movedInOn: string | null;
  basis: string;
  cents: number;
  dueDate: string | null;
}

/** For a query of placements as `p`: the placement's fee is on no invoice, or only on void ones. */
export function onNoInvoice({ not, exists, selectFrom }: ExpressionBuilder<Database & { p: PlacementsTable }, "p">) {
  return not(
    exists(
      selectFrom("invoice_lines as l")
        .select("l.id")
        .whereRef("l.placement_id", "=", "p.id")
        .where("l.voided", "=", false),
    ),
  );
}

/** The facility's fees that are on no invoice (or only on void ones), oldest move-in first. */
export async function uninvoicedFees(db: DB, ctx: Ctx, facilityId: string): Promise<UninvoicedFee[]> {
  if (!isUuid(facilityId)) return [];
  const rows = await db
    .selectFrom("placements as p")
    .innerJoin("clients as c", "c.id", "p.client_id")
    .where("p.agency_id", "=", ctx.agencyId)
    .where("p.facility_id", "=", facilityId)
    .where("p.fee_cents", ">", 0)
    .where(onNoInvoice)
    .select([
      "p.id",
      "c.first_name",
      "c.last_name",
      "p.fee_moved_in_on",
      "p.fee_basis",
      "p.fee_cents",
      "p.fee_due_date",
    ])
    .orderBy("p.fee_moved_in_on")
    .orderBy("p.id")
    .execute();
  return rows.map((r) => ({
    placementId: r.id,
    clientName: `${r.first_name} ${r.last_name}`,
    movedInOn: r.fee_moved_in_on,
    basis: r.fee_basis ?? "",
    cents: r.fee_cents ?? 0,
    dueDate: r.fee_due_date,
  }));
}

/** The invoice (not void) a placement's fee is on, if any: what keeps the placement from being deleted. */
export async function invoiceOfPlacement(
  db: DB,
  ctx: Ctx,
  placementId: string,
): Promise<{ id: string; number: string | null } | null> {
  if (!isUuid(placementId)) return null;
  const row = await db
    .selectFrom("invoice_lines as l")
    .innerJoin("invoices as i", "i.id", "l.invoice_id")
    .where("l.placement_id", "=", placementId)
    .where("l.agency_id", "=", ctx.agencyId)
    .where("l.voided", "=", false)
    .select(["i.id", "i.number"])
    .executeTakeFirst();
  return row ?? null;
}

/** Why a placement whose fee is on an invoice is not deleted (409), and what to do instead. */
export function placementInvoicedMessage(invoice: { number: string | null }): string {
  return invoice.number
    ? `This placement's fee is on invoice ${invoice.number}, so it cannot be deleted. If the invoice was made in error, void it first.`
    : "This placement's fee is on a draft invoice, so it cannot be deleted. Delete the draft or take the fee off it first.";
}

/**
 * Why a placement whose fee is on an invoice does not go back to In Progress or Confirmed (409):
 * that would undo the move-in the invoice bills, and clear its fee.
 */
export function placementInvoicedStatusMessage(invoice: { number: string | null }, status: string): string {
  return invoice.number
    ? `This placement's fee is on invoice ${invoice.number}, so it cannot go back to ${status}. If the move-in did not happen, void the invoice first.`
    : `This placement's fee is on a draft invoice, so it cannot go back to ${status}. If the move-in did not happen, delete the draft or take the fee off it first.`;
}

// ─────────────────────────────── writing ───────────────────────────────

const LINE_INDEX = "invoice_lines_one_invoice_idx";
const isUniqueViolation = (error: unknown, name: string) => {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === "23505" && (e.constraint === name || Boolean(e.message?.includes(name)));
};

async function lockInvoice(trx: DB, ctx: Ctx, id: string): Promise<InvoiceRow | undefined> {
  if (!isUuid(id)) return undefined;
  return trx
    .selectFrom("invoices")
    .selectAll()
    .where("id", "=", id)
    .where("agency_id", "=", ctx.agencyId)
    .forUpdate()
    .executeTakeFirst();
}

async function totalsNow(trx: DB, id: string): Promise<InvoiceTotals & { status: InvoiceStatus }> {
  const row = await trx
    .selectFrom("invoices as i")
    .where("i.id", "=", id)
    .select([
      "i.status",
      sumOf("invoice_lines").as("invoiced"),
      sumOf("credit_notes").as("credited"),
      sumOf("invoice_payments").as("paid"),
    ])
    .executeTakeFirstOrThrow();
  return { status: row.status, ...totalsOf({ ...row, status: "Sent" }) };
}

/** After a payment or a credit note: Partly paid, or Paid when nothing is left outstanding. */
async function settleStatus(trx: DB, ctx: Ctx, invoice: InvoiceRow): Promise<InvoiceStatus> {
  const t = await totalsNow(trx, invoice.id);
  const status: InvoiceStatus =
    t.outstandingCents === 0 ? "Paid" : t.paidCents > 0 || t.creditedCents > 0 ? "Partly paid" : "Sent";
  if (status !== invoice.status) {
    await trx
      .updateTable("invoices")
      .set({ status, updated_by: ctx.userId, version: sql`version + 1` })
      .where("id", "=", invoice.id)
      .execute();
  }
  return status;
}

/** The placements of `ids` with their fees, locked for the invoice being made. */
async function lockFees(trx: DB, ctx: Ctx, placementIds: string[]) {
  const ids = [...new Set(placementIds)].filter(isUuid);
  const placements = await trx
    .selectFrom("placements as p")
    .innerJoin("clients as c", "c.id", "p.client_id")
    .leftJoin("referral_agreements as a", "a.id", "p.fee_agreement_id")
    .where("p.agency_id", "=", ctx.agencyId)
    .where("p.id", "in", ids.length > 0 ? ids : ["00000000-0000-0000-0000-000000000000"])
    .select([
      "p.id",
      "p.facility_id",
      "p.fee_cents",
      "p.fee_basis",
      "p.fee_moved_in_on",
      "c.first_name",
      "c.last_name",
      "a.payment_terms_days",
    ])
    .orderBy("p.fee_moved_in_on")
    .orderBy("c.last_name")
    .orderBy("c.first_name")
    .orderBy("p.id")
    .forUpdate("p")
    .execute();
  return placements;
}

type FeeRow = Awaited<ReturnType<typeof lockFees>>[number];

/** The payment terms: of the fees' agreement, else the facility's agreement in force, else 30 days. */
async function paymentTermsOf(trx: DB, ctx: Ctx, facilityId: string, fees: FeeRow[], issueDate: string) {
  const own = fees.find((p) => p.payment_terms_days !== null)?.payment_terms_days;
  if (own !== undefined && own !== null) return own;
  const inForce = await trx
    .selectFrom("referral_agreements")
    .select("payment_terms_days")
    .where("agency_id", "=", ctx.agencyId)
    .where("facility_id", "=", facilityId)
    .where("starts_on", "<=", issueDate)
    .where((eb) => eb.or([eb("ends_on", "is", null), eb("ends_on", ">=", issueDate)]))
    .executeTakeFirst();
  return inForce?.payment_terms_days ?? 30;
}

export interface NewInvoiceInput {
  facilityId: string;
  placementIds: string[];
  issueDate?: string;
  dueDate?: string;
  notes?: string | null;
}

/** A draft invoice of the facility's ticked fees: due after the agreement's payment terms (30 days without one). */
export async function createInvoice(db: DB, ctx: Ctx, input: NewInvoiceInput): Promise<InvoiceWriteResult> {
  if (input.placementIds.length === 0) return refuse("placementIds", INVOICE_MESSAGES.noFees);
  try {
    return await db.transaction().execute(async (trx) => {
      // The placements before their facility, in the order every placement write locks them
      // (updatePlacement, deletePlacement: the placement, then its facility's beds): two writes
      // that lock the same rows in opposite orders wait for each other forever (a deadlock).
      const placements = await lockFees(trx, ctx, input.placementIds);
      const facility = await ownRow(trx, ctx, "facilities", input.facilityId, { forUpdate: true });
      if (!facility) return refuse("facilityId", INVOICE_MESSAGES.noFacility);
      // A placement deleted meanwhile (its delete locks the row too, and took its turn first), or none of the agency's.
      if (placements.length !== new Set(input.placementIds).size)
        return refuse("placementIds", INVOICE_MESSAGES.feeGone);
      if (placements.some((p) => p.facility_id !== facility.id))
        return refuse("placementIds", INVOICE_MESSAGES.otherFacility);
      if (placements.some((p) => p.fee_cents === null || p.fee_cents <= 0))
        return refuse("placementIds", INVOICE_MESSAGES.notInvoiceable);
      const issueDate = input.issueDate ?? (await agencyDay(trx, ctx)).today;
      const terms = await paymentTermsOf(trx, ctx, facility.id, placements, issueDate);
      const dueDate = input.dueDate ?? addDays(issueDate, terms);
      if (dueDate < issueDate) return refuse("dueDate", INVOICE_MESSAGES.dueBeforeIssue);
      const invoice = await trx
        .insertInto("invoices")
        .values({
          agency_id: ctx.agencyId,
          facility_id: facility.id,
          issue_date: issueDate,
          due_date: dueDate,
          notes: input.notes ?? null,
          created_by: ctx.userId,
          updated_by: ctx.userId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("invoice_lines")
        .values(
          placements.map((p, position) => ({
            agency_id: ctx.agencyId,
            invoice_id: invoice.id,
            placement_id: p.id,
            client_name: `${p.first_name} ${p.last_name}`,
            moved_in_on: p.fee_moved_in_on,
            description: p.fee_basis ?? "Referral fee",
            amount_cents: p.fee_cents ?? 0,
            position,
          })),
        )
        .execute();
      await audit(trx, ctx, {
        action: "create",
        entity: "invoice",
        id: invoice.id,
        details: { facility: facility.id, placements: placements.map((p) => p.id) },
      });
      return { ok: true as const, id: invoice.id };
    });
  } catch (error) {
    if (isUniqueViolation(error, LINE_INDEX)) return refuse("placementIds", INVOICE_MESSAGES.alreadyInvoiced);
    throw error;
  }
}

/** Changes a draft's dates (and the due date of a sent invoice). */
export async function updateInvoiceDates(
  db: DB,
  ctx: Ctx,
  id: string,
  input: { issueDate?: string; dueDate: string },
): Promise<InvoiceWriteResult> {
  return db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, ctx, id);
    if (!invoice) return NOT_FOUND;
    if (invoice.status === "Void") return refuse("dueDate", INVOICE_MESSAGES.notDraft);
    const issueDate = invoice.status === "Draft" ? (input.issueDate ?? invoice.issue_date) : invoice.issue_date;
    if (input.dueDate < issueDate) return refuse("dueDate", INVOICE_MESSAGES.dueBeforeIssue);
    await trx
      .updateTable("invoices")
      .set({ issue_date: issueDate, due_date: input.dueDate, updated_by: ctx.userId, version: sql`version + 1` })
      .where("id", "=", id)
      .execute();
    const fields = [issueDate !== invoice.issue_date ? "issue_date" : null, "due_date"].filter(Boolean);
    await audit(trx, ctx, { action: "update", entity: "invoice", id, details: { fields } });
    return { ok: true as const, id };
  });
}

/**
 * The agency's next invoice number for `year` ("INV-2026-0001"): the counter row is created or
 * incremented, and so locked, until the calling transaction ends.
 */
export async function issueNumber(trx: DB, ctx: Ctx, year: number): Promise<string> {
  const row = await trx
    .insertInto("invoice_counters")
    .values({ agency_id: ctx.agencyId, year, last_number: 1 })
    .onConflict((oc) =>
      oc.columns(["agency_id", "year"]).doUpdateSet({ last_number: sql`invoice_counters.last_number + 1` }),
    )
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return `INV-${year}-${String(row.last_number).padStart(4, "0")}`;
}

/**
 * Issues a draft (its number, status Sent) and records where it was sent; a sent invoice is sent
 * again as it is. Returns the invoice as sent, for the e-mail the caller queues in the same
 * transaction.
 */
export async function markInvoiceSent(
  trx: DB,
  ctx: Ctx,
  id: string,
  to: string,
): Promise<{ ok: true; id: string; number: string; first: boolean } | typeof NOT_FOUND | InvoiceRefusal> {
  const invoice = await lockInvoice(trx, ctx, id);
  if (!invoice) return NOT_FOUND;
  if (invoice.status === "Void") return refuse("to", INVOICE_MESSAGES.voidNotSent);
  const first = invoice.status === "Draft";
  const number = first ? await issueNumber(trx, ctx, Number(invoice.issue_date.slice(0, 4))) : invoice.number!;
  await trx
    .updateTable("invoices")
    .set({
      number,
      status: first ? "Sent" : invoice.status,
      sent_at: new Date(),
      sent_to: to,
      updated_by: ctx.userId,
      version: sql`version + 1`,
    })
    .where("id", "=", id)
    .execute();
  await audit(trx, ctx, {
    action: "update",
    entity: "invoice",
    id,
    details: { fields: first ? ["number", "status", "sent_at", "sent_to"] : ["sent_at", "sent_to"], sent: true },
  });
  return { ok: true, id, number, first };
}

/** Sets the facility's billing e-mail (where its invoices go), audited as a change of the facility. */
export async function setBillingEmail(trx: DB, ctx: Ctx, facilityId: string, email: string): Promise<void> {
  await trx
    .updateTable("facilities")
    .set({ billing_email: email, updated_by: ctx.userId })
    .where("id", "=", facilityId)
    .where("agency_id", "=", ctx.agencyId)
    .execute();
  await audit(trx, ctx, {
    action: "update",
    entity: "facility",
    id: facilityId,
    details: { fields: ["billing_email"] },
  });
}

export interface PaymentInput {
  paidOn: string;
  amountCents: number;
  method: InvoicePaymentMethod;
  reference?: string | null;
}

/** Records a payment (at most what is outstanding); the status follows. */
export async function recordPayment(
  db: DB,
  ctx: Ctx,
  id: string,
  input: PaymentInput,
): Promise<(InvoiceWriteResult & { ok: true; status: InvoiceStatus }) | Exclude<InvoiceWriteResult, { ok: true }>> {
  return db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, ctx, id);
    if (!invoice) return NOT_FOUND;
    if (invoice.status !== "Sent" && invoice.status !== "Partly paid")
      return refuse("amount", INVOICE_MESSAGES.notOpen);
    const { outstandingCents } = await totalsNow(trx, id);
    if (input.amountCents > outstandingCents) {
      return refuse("amount", overpaymentMessage(input.amountCents, outstandingCents, invoiceName(invoice)));
    }
    const payment = await trx
      .insertInto("invoice_payments")
      .values({
        agency_id: ctx.agencyId,
        invoice_id: id,
        paid_on: input.paidOn,
        amount_cents: input.amountCents,
        method: input.method,
        reference: input.reference ?? null,
        created_by: ctx.userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const status = await settleStatus(trx, ctx, invoice);
    await audit(trx, ctx, {
      action: "update",
      entity: "invoice",
      id,
      details: { payment: payment.id, amountCents: input.amountCents, method: input.method, status },
    });
    return { ok: true as const, id, status };
  });
}

export interface CreditNoteInput {
  /** A line's placement: its move-out credit (fee_credit_cents), with its basis as the reason. */
  placementId?: string;
  /** By hand: an amount and a reason. */
  amountCents?: number;
  reason?: string;
  issuedOn?: string;
}

/** A credit note on a sent invoice: at most what is outstanding; the status follows. */
export async function addCreditNote(db: DB, ctx: Ctx, id: string, input: CreditNoteInput): Promise<InvoiceWriteResult> {
  return db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, ctx, id);
    if (!invoice) return NOT_FOUND;
    if (invoice.status !== "Sent" && invoice.status !== "Partly paid")
      return refuse("amount", INVOICE_MESSAGES.notOpen);
    let amount = input.amountCents ?? 0;
    let reason = input.reason?.trim() ?? "";
    let placementId: string | null = null;
    if (input.placementId) {
      const line = await trx
        .selectFrom("invoice_lines as l")
        .innerJoin("placements as p", "p.id", "l.placement_id")
        .where("l.invoice_id", "=", id)
        .where("l.placement_id", "=", isUuid(input.placementId) ? input.placementId : null)
        .where("p.fee_credit_cents", ">", 0)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("credit_notes as c")
                .select("c.id")
                .whereRef("c.invoice_id", "=", "l.invoice_id")
                .whereRef("c.placement_id", "=", "l.placement_id"),
            ),
          ),
        )
        .select(["p.id", "p.fee_credit_cents", "p.fee_credit_basis", "l.client_name"])
        .executeTakeFirst();
      if (!line) return refuse("placementId", INVOICE_MESSAGES.noCredit);
      amount = line.fee_credit_cents ?? 0;
      reason = `${line.client_name}: ${line.fee_credit_basis ?? "credit after move-out"}`;
      placementId = line.id;
    }
    const { outstandingCents } = await totalsNow(trx, id);
    if (amount > outstandingCents) return refuse("amount", overcreditMessage(amount, outstandingCents));
    const note = await trx
      .insertInto("credit_notes")
      .values({
        agency_id: ctx.agencyId,
        invoice_id: id,
        placement_id: placementId,
        issued_on: input.issuedOn ?? (await agencyDay(trx, ctx)).today,
        amount_cents: amount,
        reason,
        created_by: ctx.userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const status = await settleStatus(trx, ctx, invoice);
    await audit(trx, ctx, {
      action: "update",
      entity: "invoice",
      id,
      details: { creditNote: note.id, amountCents: amount, reason, status },
    });
    return { ok: true as const, id };
  });
}

/** Voids a sent invoice without payments, with a reason: its fees can be invoiced again. */
export async function voidInvoice(db: DB, ctx: Ctx, id: string, reason: string): Promise<InvoiceWriteResult> {
  return db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, ctx, id);
    if (!invoice) return NOT_FOUND;
    if (invoice.status === "Draft" || invoice.status === "Void") return refuse("reason", INVOICE_MESSAGES.cannotVoid);
    const { paidCents } = await totalsNow(trx, id);
    if (paidCents > 0) return refuse("reason", INVOICE_MESSAGES.hasPayments);
    await trx
      .updateTable("invoices")
      .set({
        status: "Void",
        void_reason: reason,
        voided_at: new Date(),
        updated_by: ctx.userId,
        version: sql`version + 1`,
      })
      .where("id", "=", id)
      .execute();
    await trx.updateTable("invoice_lines").set({ voided: true }).where("invoice_id", "=", id).execute();
    await audit(trx, ctx, {
      action: "update",
      entity: "invoice",
      id,
      details: { fields: ["status", "void_reason"], reason },
    });
    return { ok: true as const, id };
  });
}

/** Deletes a draft (it has no number, so no gap is left). */
export async function deleteDraft(db: DB, ctx: Ctx, id: string): Promise<InvoiceWriteResult> {
  return db.transaction().execute(async (trx) => {
    const invoice = await lockInvoice(trx, ctx, id);
    if (!invoice) return NOT_FOUND;
    if (invoice.status !== "Draft") return refuse("intent", INVOICE_MESSAGES.notDraft);
    await trx.deleteFrom("invoices").where("id", "=", id).execute();
    await audit(trx, ctx, { action: "delete", entity: "invoice", id });
    return { ok: true as const, id };
  });
}

// ─────────────────────────────── reports ───────────────────────────────

/** Which aging bucket an invoice `daysOverdue` past its due date falls in. */
export function agingBucketOf(daysOverdue: number): AgingBucket {
  if (daysOverdue <= 0) return "Current";
  if (daysOverdue <= 30) return "1–30 days";
  if (daysOverdue <= 60) return "31–60 days";
  if (daysOverdue <= 90) return "61–90 days";
  return "90+ days";
}

export interface AgingRow {
  facility: { id: string; name: string };
  buckets: Record<AgingBucket, number>;
  totalCents: number;
}

/**
 * Each sent invoice that still owes something: its facility, what it owes (`owed`, cents) and how
 * many days it is past its due date (`late`). What it owes is kept per invoice by triggers
 * (`invoice_balances`: lines − credit notes − payments), so reading every open invoice of a large
 * agency costs no sums.
 */
function owingInvoices(db: DB, ctx: Ctx, today: string) {
  return db
    .selectFrom("invoices as i")
    .innerJoin("invoice_balances as b", "b.invoice_id", "i.id")
    .where("i.agency_id", "=", ctx.agencyId)
    .where("i.status", "in", OPEN_INVOICES)
    .where(OWES)
    .select(["i.facility_id", sql<number>`${today}::date - i.due_date`.as("late"), "b.outstanding_cents as owed"]);
}

/** `owingInvoices` as the query `o` of the aging figures, materialized so that each bucket's sum reads it once. */
function owedInvoices(db: DB, ctx: Ctx, today: string) {
  return db.with(
    (w) => w("o").materialized(),
    () => owingInvoices(db, ctx, today),
  );
}

/** The sums of `owed` in each aging bucket (`agingBucketOf`'s bounds) and in all, as columns named b0…b4 and total. */
const BUCKET_SUMS = [
  sql<string>`coalesce(sum(o.owed) FILTER (WHERE o.late <= 0), 0)`.as("b0"),
  sql<string>`coalesce(sum(o.owed) FILTER (WHERE o.late BETWEEN 1 AND 30), 0)`.as("b1"),
  sql<string>`coalesce(sum(o.owed) FILTER (WHERE o.late BETWEEN 31 AND 60), 0)`.as("b2"),
  sql<string>`coalesce(sum(o.owed) FILTER (WHERE o.late BETWEEN 61 AND 90), 0)`.as("b3"),
  sql<string>`coalesce(sum(o.owed) FILTER (WHERE o.late > 90), 0)`.as("b4"),
  sql<string>`coalesce(sum(o.owed), 0)`.as("total"),
];

type BucketSums = Record<"b0" | "b1" | "b2" | "b3" | "b4" | "total", string>;

const bucketsOf = (row: BucketSums) =>
  Object.fromEntries(AGING_BUCKETS.map((b, i) => [b, cents(row[`b${i}` as keyof BucketSums])])) as Record<
    AgingBucket,
    number
  >;

/** What sent invoices still owe the agency, and how much of it is past due (the dashboard's tile). */
export async function outstandingTotals(
  db: DB,
  ctx: Ctx,
  today: string,
): Promise<{ outstandingCents: number; overdueCents: number }> {
  const row = await db
    .selectFrom(owingInvoices(db, ctx, today).as("o"))
    .select([
      sql<string>`coalesce(sum(o.owed), 0)`.as("outstanding"),
      sql<string>`coalesce(sum(o.owed) FILTER (WHERE o.late > 0), 0)`.as("overdue"),
    ])
    .executeTakeFirstOrThrow();
  return { outstandingCents: cents(row.outstanding), overdueCents: cents(row.overdue) };
}

export const AGING_PAGE_SIZE = 25;

/**
 * The aging view: what is outstanding for the whole agency by days past due (`totals`), then a
 * page of the facilities that owe it, the largest amount outstanding first.
 */
export async function agingView(
  db: DB,
  ctx: Ctx,
  query: { page?: number; limit?: number },
): Promise<PageInfo & { facilities: AgingRow[]; totals: AgingRow["buckets"]; totalCents: number }> {
  const { today } = await agencyDay(db, ctx);
  const page = { page: query.page ?? 1, limit: query.limit ?? AGING_PAGE_SIZE };
  // One statement: what each facility owes (`s`, read once), the agency's totals from it (`t`),
  // and the page of facilities (`p`), as rows of the page each with the totals (one row with the
  // totals alone when the page is empty).
  const rows = await owedInvoices(db, ctx, today)
    .with(
      (w) => w("s").materialized(),
      (d) =>
        d
          .selectFrom("o")
          .groupBy("o.facility_id")
          .select(["o.facility_id", ...BUCKET_SUMS]),
    )
    .with("t", (d) =>
      d
        .selectFrom("s")
        .select([
          ...AGING_BUCKETS.map((_, i) => sql<string>`coalesce(sum(${sql.ref(`s.b${i}`)}), 0)`.as(`all${i}`)),
          sql<string>`coalesce(sum(s.total), 0)`.as("all_total"),
          sql<string>`count(*)`.as("facilities"),
        ]),
    )
    .with("p", (d) =>
      d
        .selectFrom("s")
        .innerJoin("facilities as f", "f.id", "s.facility_id")
        // Only the facilities that can be on this page are joined to their names (the names order
        // equal totals): those owing at least the page's last amount. Thousands of facilities owe
        // something in a large agency; reading every one's name cost most of the view.
        .where(
          sql`s.total::bigint`,
          ">=",
          sql`coalesce((SELECT total::bigint FROM s ORDER BY 1 DESC OFFSET ${page.page * page.limit - 1} LIMIT 1), 0)`,
        )
        .selectAll("s")
        .select("f.name")
        .orderBy(sql`s.total::bigint`, "desc")
        .orderBy("f.name")
        .orderBy("f.id")
        .limit(page.limit)
        .offset((page.page - 1) * page.limit),
    )
    .selectFrom("t")
    .leftJoin("p", (join) => join.on(sql<boolean>`true`))
    .selectAll(["t", "p"])
    .orderBy(sql`p.total::bigint`, "desc")
    .orderBy("p.name")
    .orderBy("p.facility_id")
    .execute();
  const all = rows[0] as unknown as Record<string, string>;
  const totals = Object.fromEntries(AGING_BUCKETS.map((b, i) => [b, cents(all[`all${i}`])])) as AgingRow["buckets"];
  return {
    ...pageInfo(page, { total: Number(all.facilities), capped: false }),
    totals,
    totalCents: cents(all.all_total),
    facilities: rows
      .filter((r) => r.facility_id !== null)
      .map((r) => ({
        facility: { id: r.facility_id!, name: r.name! },
        buckets: bucketsOf(r as BucketSums),
        totalCents: cents(r.total!),
      })),
  };
}

/**
 * Revenue per month from `from` to `to` (YYYY-MM, both included): invoiced by the issue month of
 * sent invoices (not drafts, not void ones), collected by the month of the payment. Every month of
 * the span has a row, zero when nothing happened. Read from the figures kept per month
 * (report_revenue_months, written by triggers on invoices, their lines and payments).
 */
export async function revenueByMonth(
  db: DB,
  ctx: Ctx,
  span: { from: string; to: string },
): Promise<{ month: string; invoicedCents: number; collectedCents: number }[]> {
  const start = `${span.from}-01`;
  const end = addMonth(`${span.to}-01`);
  const rows = await db
    .selectFrom("report_revenue_months")
    .where("agency_id", "=", ctx.agencyId)
    .where("month", ">=", start)
    .where("month", "<", end)
    .select(["month", "invoiced_cents", "collected_cents"])
    .execute();
  const byMonth = new Map(rows.map((row) => [String(row.month).slice(0, 7), row]));
  const result: { month: string; invoicedCents: number; collectedCents: number }[] = [];
  for (let day = start; day < end; day = addMonth(day)) {
    const month = day.slice(0, 7);
    result.push({
      month,
      invoicedCents: cents(byMonth.get(month)?.invoiced_cents),
      collectedCents: cents(byMonth.get(month)?.collected_cents),
    });
  }
  return result;
}

function addMonth(firstOfMonth: string): string {
  const [y, m] = firstOfMonth.split("-").map(Number);
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
}

/** How many facilities an invoice screen's picker offers before a search (the chosen one besides). */
export const INVOICE_PICKER_UNSEARCHED = 20;

/**
 * What an invoice screen's facility picker offers: the matches of the search `term` (its search
 * step without JavaScript, `searched` saying how many there are), or the first facilities of
 * `scope` by name; the `chosen` one always among them.
 */
export function invoiceFacilityPicker(
  db: DB,
  ctx: Ctx,
  scope: InvoiceFacilityScope,
  term: string,
  chosen: string | null,
) {
  return pickerOptions(
    term,
    (o) =>
      invoiceFacilityOptions(db, ctx, scope, {
        q: o.q,
        include: chosen,
        limit: o.q ? o.limit : Math.min(o.limit, INVOICE_PICKER_UNSEARCHED),
      }),
    (t, cap) => countInvoiceFacilityOptions(db, ctx, scope, t, cap),
  );
}
