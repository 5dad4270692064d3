import type { Insertable } from "kysely";
import type {
  ClientDisclosuresTable,
  InvoiceLinesTable,
  InvoicePaymentsTable,
  InvoicesTable,
  PlacementsTable,
  ReferralAgreementsTable,
  ToursTable,
} from "../../app/utils/db-types";
import { type FeeTerms, noAgreementBasis, workOutFee } from "../../app/utils/referral-fee";
import { AGENCY_ID, STAFF } from "./common";
import type { DemoPlacement } from "./demo-placements";
import { type Rng, seedUuid } from "./random";

// What a fee rests on, for the demo: most facilities' referral agreements, a tour of the facility
// before each placement, the family's disclosure for most clients, and the fee of every move-in
// worked out by the app's own rule (app/utils/referral-fee.ts), as a move-in through the app
// would have stored it.

const DAY_MS = 86_400_000;
const dateOnly = (d: Date) => d.toISOString().slice(0, 10);
const METHODS = ["In person", "E-mail", "Mail", "Portal"] as const;

export function buildReferrals(
  rng: Rng,
  now: Date,
  placements: readonly DemoPlacement[],
  placementRows: Insertable<PlacementsTable>[],
) {
  const { agreements, termsOf } = buildAgreements(rng, now, placements);
  assignFees(placementRows, termsOf);
  const { tours, tourStaff } = buildTours(rng, now, placements, placementRows);
  const disclosures = buildDisclosures(rng, placements, placementRows);
  return { agreements, tours, tourStaff, disclosures, ...buildInvoices(rng, now, placements, placementRows) };
}

type AgreementTerms = Map<string, { id: string; terms: FeeTerms }>;

/** An agreement for three facilities in four (the rest have none yet: their move-ins earn nothing). */
function buildAgreements(rng: Rng, now: Date, placements: readonly DemoPlacement[]) {
  const agreements: Insertable<ReferralAgreementsTable>[] = [];
  const termsOf: AgreementTerms = new Map();
  const facilities = [...new Map(placements.map((p) => [p.facility.id, p.facility])).values()];
  facilities.forEach((facility, i) => {
    if (!rng.chance(0.75)) return; // the rest have none (yet): their move-ins earn nothing
    const flat = rng.chance(0.25);
    const refund = rng.weighted([
      ["pro-rata", 6],
      ["full", 2],
      ["none", 2],
    ] as const);
    const terms: FeeTerms = {
      feeType: flat ? "flat" : "percent",
      feePercent: flat ? null : rng.pick([50, 60, 75, 100]),
      flatFeeCents: flat ? rng.pick([250000, 300000, 350000, 400000]) : null,
      paymentTermsDays: rng.pick([30, 30, 45]),
      refundRule: refund,
      refundDays: refund === "none" ? null : rng.pick([30, 60, 90]),
    };
    const id = seedUuid("agreement", i + 1);
    termsOf.set(facility.id, { id, terms });
    agreements.push({
      id,
      agency_id: AGENCY_ID,
      facility_id: facility.id,
      fee_type: terms.feeType,
      fee_percent: terms.feePercent === null ? null : String(terms.feePercent),
      flat_fee_cents: terms.flatFeeCents,
      payment_terms_days: terms.paymentTermsDays,
      refund_rule: terms.refundRule,
      refund_days: terms.refundDays,
      tour_window_months: rng.chance(0.5) ? 12 : null,
      starts_on: dateOnly(new Date(now.getTime() - rng.int(400, 900) * DAY_MS)),
      created_by: STAFF[0].id,
      updated_by: STAFF[0].id,
    });
  });

  return { agreements, termsOf };
}

/** Every move-in's fee, as the app works it out (the agreement in force: the facility's one). */
function assignFees(placementRows: Insertable<PlacementsTable>[], termsOf: AgreementTerms): void {
  for (const row of placementRows) {
    if (row.status !== "Completed" || !row.move_in_date) continue;
    const movedInOn = String(row.move_in_date);
    const agreement = termsOf.get(String(row.facility_id));
    const rate = row.monthly_rate === null || row.monthly_rate === undefined ? null : Number(row.monthly_rate);
    const fee = agreement ? workOutFee(agreement.terms, rate, movedInOn) : null;
    Object.assign(row, {
      fee_cents: fee?.cents ?? null,
      fee_agreement_id: agreement && fee?.cents !== null ? agreement.id : null,
      fee_basis: fee?.basis ?? noAgreementBasis(movedInOn),
      fee_moved_in_on: movedInOn,
      fee_due_date: fee?.cents !== null && fee ? fee.dueDate : null,
    });
  }
}

/**
 * A tour of the facility for each placement's client, days after it was opened (upcoming for the
 * newest ones still in progress), led by the placement's agent.
 */
function buildTours(
  rng: Rng,
  now: Date,
  placements: readonly DemoPlacement[],
  placementRows: Insertable<PlacementsTable>[],
) {
  const tours: Insertable<ToursTable>[] = [];
  const tourStaff: { tour_id: string; user_id: string; agency_id: string }[] = [];
  placements.forEach((p, i) => {
    const row = placementRows[i];
    if (p.status === "Cancelled" && rng.chance(0.5)) return;
    const opened = new Date(row.created_at as Date);
    const upcoming = p.status === "In Progress" && rng.chance(0.3);
    const at = upcoming
      ? new Date(now.getTime() + rng.int(1, 10) * DAY_MS)
      : new Date(Math.min(opened.getTime() + rng.int(1, 6) * DAY_MS, now.getTime() - DAY_MS));
    at.setUTCHours(rng.pick([14, 15, 16, 18, 19]), 0, 0, 0);
    const id = seedUuid("tour", i + 1);
    const agent = String(row.agent_id);
    tours.push({
      id,
      agency_id: AGENCY_ID,
      client_id: p.client.id,
      facility_id: p.facility.id,
      scheduled_at: at,
      family_attendees: rng.chance(0.6) ? rng.pick(["Daughter", "Son", "Spouse", "Daughter and son-in-law"]) : null,
      outcome: upcoming ? "Scheduled" : "Completed",
      outcome_at: upcoming ? null : new Date(at.getTime() + 2 * 3_600_000),
      outcome_by: upcoming ? null : agent,
      created_by: agent,
      created_at: opened,
      updated_at: opened,
    });
    tourStaff.push({ tour_id: id, user_id: agent, agency_id: AGENCY_ID });
  });
  return { tours, tourStaff };
}

/** The family's written disclosure, for most clients with a placement. */
function buildDisclosures(
  rng: Rng,
  placements: readonly DemoPlacement[],
  placementRows: Insertable<PlacementsTable>[],
): Insertable<ClientDisclosuresTable>[] {
  const disclosures: Insertable<ClientDisclosuresTable>[] = [];
  const seen = new Set<string>();
  placements.forEach((p, i) => {
    if (seen.has(p.client.id) || !rng.chance(0.8)) return;
    seen.add(p.client.id);
    disclosures.push({
      id: seedUuid("disclosure", i + 1),
      agency_id: AGENCY_ID,
      client_id: p.client.id,
      disclosed_on: dateOnly(new Date(placementRows[i].created_at as Date)),
      method: rng.pick(METHODS),
      recorded_by: String(placementRows[i].agent_id),
    });
  });
  return disclosures;
}

const PAYMENT_METHODS = ["Check", "ACH", "ACH", "Wire"] as const;

/**
 * The invoices of the move-ins' fees, as the agency would have made them: one per facility and
 * month of move-in, issued a few days after the month's last move-in (the last three weeks' fees
 * not invoiced yet), numbered without gaps per year in issue order. Most older ones are paid (on
 * time or late), some partly, some overdue; the newest are current.
 */
function buildInvoices(
  rng: Rng,
  now: Date,
  placements: readonly DemoPlacement[],
  placementRows: Insertable<PlacementsTable>[],
) {
  const invoices: Insertable<InvoicesTable>[] = [];
  const lines: Insertable<InvoiceLinesTable>[] = [];
  const payments: Insertable<InvoicePaymentsTable>[] = [];
  const counters = new Map<number, number>();
  invoiceDrafts(rng, now, placements, placementRows).forEach((d, i) => {
    const year = Number(d.issueDate.slice(0, 4));
    const n = (counters.get(year) ?? 0) + 1;
    counters.set(year, n);
    const drawn = drawInvoice(rng, now, d, { index: i, year, n });
    invoices.push(drawn.invoice);
    lines.push(...drawn.lines);
    payments.push(...drawn.payments);
  });
  const invoiceCounters = [...counters].map(([year, last]) => ({ agency_id: AGENCY_ID, year, last_number: last }));
  return { invoices, invoiceLines: lines, invoicePayments: payments, invoiceCounters };
}

interface InvoiceDraft {
  facilityId: string;
  rows: Insertable<PlacementsTable>[];
  names: string[];
  issueDate: string;
}

/** The fees of each facility and month of move-in, in issue order. */
function invoiceDrafts(
  rng: Rng,
  now: Date,
  placements: readonly DemoPlacement[],
  placementRows: Insertable<PlacementsTable>[],
): InvoiceDraft[] {
  const cutoff = dateOnly(new Date(now.getTime() - 21 * DAY_MS));
  const groups = new Map<string, { facilityId: string; rows: Insertable<PlacementsTable>[]; names: string[] }>();
  placementRows.forEach((row, i) => {
    if (!row.fee_cents || !row.fee_moved_in_on || String(row.fee_moved_in_on) > cutoff) return;
    const key = `${row.facility_id} ${String(row.fee_moved_in_on).slice(0, 7)}`;
    const group = groups.get(key) ?? { facilityId: String(row.facility_id), rows: [], names: [] };
    group.rows.push(row);
    group.names.push(placements[i].client.name);
    groups.set(key, group);
  });
  const drafts = [...groups.values()].map((g) => {
    const last = g.rows.map((r) => String(r.fee_moved_in_on)).sort()[g.rows.length - 1];
    const issued = new Date(Math.min(Date.parse(`${last}T12:00:00Z`) + rng.int(3, 12) * DAY_MS, now.getTime()));
    return { ...g, issueDate: dateOnly(issued) };
  });
  drafts.sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.facilityId.localeCompare(b.facilityId));

  return drafts;
}

/** One invoice of a draft: sent, then paid, partly paid or still open by how long it has been due. */
function drawInvoice(
  rng: Rng,
  now: Date,
  d: InvoiceDraft,
  { index: i, year, n }: { index: number; year: number; n: number },
) {
  const payments: Insertable<InvoicePaymentsTable>[] = [];
  const today = dateOnly(now);
  const id = seedUuid("invoice", i + 1);
  const total = d.rows.reduce((sum, r) => sum + Number(r.fee_cents), 0);
  const dueDate = dateOnly(new Date(Date.parse(`${d.issueDate}T12:00:00Z`) + 30 * DAY_MS));
  const overdueDays = (Date.parse(today) - Date.parse(dueDate)) / DAY_MS;
  // Older invoices are mostly settled; a few stay open long after their due date.
  const fate =
    overdueDays < -10
      ? rng.weighted([
          ["open", 6],
          ["partly", 2],
          ["paid", 2],
        ] as const)
      : overdueDays < 60
        ? rng.weighted([
            ["open", 3],
            ["partly", 3],
            ["paid", 4],
          ] as const)
        : rng.weighted([
            ["open", 2],
            ["partly", 2],
            ["paid", 6],
          ] as const);
  const payOn = (offset: number) =>
    dateOnly(new Date(Math.min(Date.parse(`${dueDate}T12:00:00Z`) + offset * DAY_MS, now.getTime())));
  const paid = (cents: number, on: string, k: number) =>
    payments.push({
      id: seedUuid(`invoice-${i + 1}-payment`, k),
      agency_id: AGENCY_ID,
      invoice_id: id,
      paid_on: on < d.issueDate ? d.issueDate : on,
      amount_cents: cents,
      method: rng.pick(PAYMENT_METHODS),
      reference: rng.chance(0.7) ? `${rng.pick(["Check", "ACH", "Ref"])} ${rng.int(1000, 9999)}` : null,
      created_by: STAFF[1].id,
    });
  if (fate === "paid") paid(total, payOn(rng.int(-20, 25)), 1);
  if (fate === "partly") paid(Math.round((total * rng.pick([25, 40, 50])) / 100), payOn(rng.int(-15, 10)), 1);
  // A second apart: the list's order (issue date, then when made) follows the numbers.
  const sentAt = new Date(Date.parse(`${d.issueDate}T15:00:00Z`) + i * 1000);
  const invoice: Insertable<InvoicesTable> = {
    id,
    agency_id: AGENCY_ID,
    facility_id: d.facilityId,
    number: `INV-${year}-${String(n).padStart(4, "0")}`,
    status: fate === "paid" ? "Paid" : fate === "partly" ? "Partly paid" : "Sent",
    issue_date: d.issueDate,
    due_date: dueDate,
    sent_at: sentAt,
    sent_to: null,
    created_by: STAFF[1].id,
    updated_by: STAFF[1].id,
    created_at: sentAt,
    updated_at: sentAt,
  };
  const lines: Insertable<InvoiceLinesTable>[] = d.rows.map((r, k) => ({
    id: seedUuid(`invoice-${i + 1}-line`, k + 1),
    agency_id: AGENCY_ID,
    invoice_id: id,
    placement_id: String(r.id),
    client_name: d.names[k],
    moved_in_on: String(r.fee_moved_in_on),
    description: String(r.fee_basis),
    amount_cents: Number(r.fee_cents),
    position: k,
  }));
  return { invoice, lines, payments };
}
