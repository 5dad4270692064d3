import { type InvoiceSummary, streamInvoices } from "~/models/invoices.server";
import { InvoiceListQuerySchema } from "~/schemas/invoice";
import { csvExportLoader } from "~/services/csv-export.server";
import type { CsvColumn } from "~/utils/csv.server";

// GET /invoices/export?status=…&facility=…&overdue=1: every invoice the list's filters match, as CSV.
// Amounts in dollars with two decimals ("4200.50"), from the stored cents.

const dollars = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

const COLUMNS: CsvColumn<InvoiceSummary>[] = [
  { header: "Number", value: (i) => i.number ?? "Draft" },
  { header: "Status", value: (i) => i.status },
  { header: "Facility", value: (i) => i.facility.name },
  { header: "Issue Date", value: (i) => i.issueDate },
  { header: "Due Date", value: (i) => i.dueDate },
  { header: "Invoiced", value: (i) => dollars(i.invoicedCents) },
  { header: "Credited", value: (i) => dollars(i.creditedCents) },
  { header: "Paid", value: (i) => dollars(i.paidCents) },
  { header: "Outstanding", value: (i) => dollars(i.outstandingCents) },
  { header: "Days Overdue", value: (i) => i.daysOverdue },
];

export const loader = csvExportLoader("invoices", InvoiceListQuerySchema, COLUMNS, streamInvoices, "invoices.manage");
