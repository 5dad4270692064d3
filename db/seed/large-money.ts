import { AGENCY, hashes, percent, r, seedUuidSql, staffPick, weighted } from "./large-sql";

// The large seed's money (issue 36): a referral agreement for most facilities, the fee of every
// move-in (worked out in the placements' own statement, `placementFeeColumnsSql`), and invoices,
// their lines and payments for most fees, numbered per year as the app numbers them. Plain SQL
// from the row numbers and ids, like the rest of the large seed (see large-sql.ts).

/** Invoices of the large set at scale 1 (about two thirds of its fees). */
export const LARGE_INVOICES = 20_000;

/** Nine facilities in ten have an agreement, in force since before the oldest placement. */
export function agreementsSql(): string {
  const terms = `(ARRAY[30, 30, 30, 15, 45, 60])[1 + ${r(4)} % 6]`;
  const refund = weighted(
    [
      ["none", 2],
      ["full", 3],
      ["pro-rata", 5],
    ],
    5,
  );
  return `
WITH s AS MATERIALIZED (SELECT i, ${hashes("agreement", 2)} FROM generate_series({{from}}, {{to}}) AS i),
b AS MATERIALIZED (SELECT s.*, ${refund} AS refund_rule, ${percent(0)} < 75 AS by_percent FROM s WHERE ${percent(1)} < 90)
INSERT INTO referral_agreements (id, agency_id, facility_id, fee_type, fee_percent, flat_fee_cents, payment_terms_days,
  refund_rule, refund_days, tour_window_months, starts_on, notes, created_by, created_at, updated_at)
SELECT ${seedUuidSql("large-agreement", "i")}, ${AGENCY}, ${seedUuidSql("large-facility", "i")},
  CASE WHEN by_percent THEN 'percent' ELSE 'flat' END,
  CASE WHEN by_percent THEN 50 + (${r(2)} % 11) * 5 END,
  CASE WHEN NOT by_percent THEN (1500 + (${r(3)} % 36) * 100) * 100 END,
  ${terms}, refund_rule,
  CASE WHEN refund_rule <> 'none' THEN (ARRAY[30, 60, 90])[1 + ${r(6)} % 3] END,
  CASE WHEN ${percent(7)} < 80 THEN 12 END,
  ({{now}})::date - 1100,
  CASE WHEN ${percent(8)} < 10 THEN 'Renewed without changes.' END,
  ${staffPick(9)}, {{now}} - interval '1100 days', {{now}} - interval '1100 days'
FROM b`;
}

/** The facility's agreement's terms, for the placements' draws (`f` is the facility). */
export const AGREEMENT_JOIN_SQL = `LEFT JOIN referral_agreements a ON a.facility_id = f.id`;
export const AGREEMENT_COLUMNS_SQL = `a.id AS agreement_id, a.fee_type, a.fee_percent, a.flat_fee_cents, a.payment_terms_days`;

/**
 * The fee columns of a placement, for the placements' INSERT: its move-in's fee under the
 * facility's agreement (AGREEMENT_COLUMNS_SQL), as workOutFee and noAgreementBasis word it.
 * Expects `status`, `move_in` and `rate` columns too.
 */
export function placementFeeColumnsSql(): string {
  const done = "status = 'Completed'";
  return `CASE WHEN ${done} THEN CASE fee_type WHEN 'flat' THEN flat_fee_cents
      ELSE round(rate * fee_percent)::int END END,
  CASE WHEN ${done} THEN agreement_id END,
  CASE WHEN ${done} THEN CASE
      WHEN agreement_id IS NULL THEN 'No referral agreement in force on ' || to_char(move_in, 'Mon FMDD, YYYY')
      WHEN fee_type = 'flat' THEN 'Flat $' || to_char(flat_fee_cents / 100, 'FM999,999')
      ELSE fee_percent::int || '% of $' || to_char(rate, 'FM999,999') || ' first month' END END,
  CASE WHEN ${done} THEN move_in END,
  CASE WHEN ${done} THEN move_in + payment_terms_days END`;
}

/**
 * The fees that are invoiced (a fixed sample of those a week old or more), with what their
 * invoice's rows are made of: its status by age (older invoices are mostly paid; a few recent
 * ones still drafts) and its number in its year's sequence.
 */
function invoicedSql(invoices: number): string {
  const status = `CASE WHEN age_days < 14 AND ${percent(0)} < 40 THEN 'Draft'
      WHEN age_days < 45 THEN ${weighted(
        [
          ["Sent", 7],
          ["Paid", 2],
          ["Partly paid", 1],
        ],
        1,
      )}
      WHEN age_days < 120 THEN ${weighted(
        [
          ["Sent", 2],
          ["Paid", 6],
          ["Partly paid", 2],
        ],
        1,
      )}
      ELSE ${weighted(
        [
          ["Sent", 1],
          ["Paid", 8],
          ["Partly paid", 1],
        ],
        1,
      )} END`;
  return `
WITH fees AS MATERIALIZED (
  SELECT p.id AS placement_id, p.facility_id, p.fee_cents, p.fee_basis, p.fee_moved_in_on, p.fee_due_date,
    c.first_name || ' ' || c.last_name AS client_name, ${hashes("large-invoice", 1, "p.id")}
  FROM placements p JOIN clients c ON c.id = p.client_id
  WHERE p.agency_id = ${AGENCY} AND p.fee_cents > 0 AND p.fee_moved_in_on <= ({{now}})::date - 7
  ORDER BY md5('large-invoice-' || p.id) LIMIT ${invoices}
),
dated AS MATERIALIZED (
  SELECT fees.*, fee_moved_in_on + 3 AS issue_date, ({{now}})::date - (fee_moved_in_on + 3) AS age_days FROM fees
),
statused AS MATERIALIZED (SELECT dated.*, ${status} AS status FROM dated),
invoiced AS MATERIALIZED (
  SELECT statused.*, ${seedUuidSql("large-invoice", "placement_id")} AS invoice_id,
    CASE WHEN status <> 'Draft' THEN row_number() OVER (
      PARTITION BY status = 'Draft', extract(year FROM issue_date) ORDER BY issue_date, placement_id) END AS seq
  FROM statused
)`;
}

/** The invoices: one per invoiced fee, sent to the facility's admissions address. */
export function invoicesSql(invoices: number): string {
  return `${invoicedSql(invoices)}
INSERT INTO invoices (id, agency_id, facility_id, number, status, issue_date, due_date, sent_at, sent_to, created_by,
  created_at, updated_at)
SELECT invoice_id, ${AGENCY}, invoiced.facility_id,
  CASE WHEN seq IS NOT NULL THEN 'INV-' || extract(year FROM issue_date) || '-' || lpad(seq::text, greatest(4, length(seq::text)), '0') END,
  status, issue_date, greatest(issue_date, coalesce(fee_due_date, issue_date + 30)),
  CASE WHEN status <> 'Draft' THEN issue_date + interval '9 hours' END,
  CASE WHEN status <> 'Draft' THEN coalesce(f.billing_email, f.contact_email, 'billing@example.com') END,
  ${staffPick(2)}, issue_date + interval '8 hours', least({{now}}, issue_date + interval '9 hours' + age_days * interval '12 hours')
FROM invoiced JOIN facilities f ON f.id = invoiced.facility_id`;
}

/** Each invoice's one line: the placement's fee, as the app words it. */
export function invoiceLinesSql(invoices: number): string {
  return `${invoicedSql(invoices)}
INSERT INTO invoice_lines (id, agency_id, invoice_id, placement_id, client_name, moved_in_on, description, amount_cents)
SELECT ${seedUuidSql("large-invoice-line", "placement_id")}, ${AGENCY}, invoice_id, placement_id, client_name,
  fee_moved_in_on, coalesce(fee_basis, 'Referral fee'), fee_cents
FROM invoiced`;
}

/** What the facilities paid: all of a paid invoice, about half of a partly paid one. */
export function invoicePaymentsSql(invoices: number): string {
  return `${invoicedSql(invoices)}
INSERT INTO invoice_payments (id, agency_id, invoice_id, paid_on, amount_cents, method, reference, created_by, created_at)
SELECT ${seedUuidSql("large-payment", "placement_id")}, ${AGENCY}, invoice_id,
  least(({{now}})::date, issue_date + 10 + ${r(3)} % 40),
  CASE status WHEN 'Paid' THEN fee_cents ELSE greatest(1, fee_cents / 2) END,
  ${weighted(
    [
      ["Check", 4],
      ["ACH", 4],
      ["Wire", 1],
      ["Card", 1],
    ],
    4,
  )},
  'REF-' || (100000 + ${r(5)} % 900000),
  ${staffPick(6)}, least({{now}}, (issue_date + 10 + ${r(3)} % 40) + interval '10 hours')
FROM invoiced WHERE status IN ('Paid', 'Partly paid')`;
}

/** Each year's last invoice number, so the next one sent follows on without a gap. */
export function invoiceCountersSql(): string {
  return `
INSERT INTO invoice_counters (agency_id, year, last_number)
SELECT ${AGENCY}, extract(year FROM issue_date)::int, count(*)
FROM invoices WHERE agency_id = ${AGENCY} AND number IS NOT NULL
GROUP BY 2`;
}
