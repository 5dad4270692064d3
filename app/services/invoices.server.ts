import PDFDocument from "pdfkit";
import { findAgency } from "~/models/agency.server";
import type { Ctx } from "~/models/context";
import { getInvoice, type InvoiceRecord, markInvoiceSent, setBillingEmail } from "~/models/invoices.server";
import type { DB } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { formatDate } from "~/utils/format";
import { invoiceName } from "~/utils/invoice";
import { formatFee } from "~/utils/referral-fee";
import { deliverEmail, emailLayout, type EmailTransport, queueOutgoingEmail } from "./email.server";

// Sending an invoice and its PDF (docs/decisions/011-invoice-pdf.md). The PDF is drawn on the
// server with pdfkit from the invoice as its page shows it. The e-mail goes through the outbox as
// every e-mail does, with the PDF attached (the outbox row names the file; the transport gets its
// content); its text also holds the invoice itself (lines, totals, due date).

/** Where an invoice goes: the facility's billing e-mail, else its contact e-mail. */
export function billingAddressOf(invoice: Pick<InvoiceRecord, "facility">): string | null {
  return invoice.facility.billingEmail || invoice.facility.contactEmail || null;
}

export function invoiceEmail(invoice: InvoiceRecord, agencyName: string, to: string, appUrl: string) {
  const name = invoiceName(invoice);
  const pdf = `${appUrl}/invoices/${invoice.id}/pdf`;
  const lines = invoice.lines.map(
    (l) =>
      `${l.clientName}${l.movedInOn ? `, moved in ${formatDate(l.movedInOn)}` : ""}: ${l.description}: ${formatFee(l.amountCents)}`,
  );
  const due = `${formatFee(invoice.outstandingCents)} due by ${formatDate(invoice.dueDate)}.`;
  const paragraphs = [
    `${agencyName} invoice ${name} to ${invoice.facility.name}, issued ${formatDate(invoice.issueDate)}.`,
    ...lines,
    `Total: ${formatFee(invoice.invoicedCents)}.${invoice.creditedCents ? ` Credited: ${formatFee(invoice.creditedCents)}.` : ""}${invoice.paidCents ? ` Paid: ${formatFee(invoice.paidCents)}.` : ""}`,
    due,
    `Please quote ${name} with your payment. The invoice is attached as a PDF.`,
  ];
  return {
    agencyId: null as string | null,
    kind: "invoice",
    to,
    subject: `Invoice ${name} from ${agencyName}: ${due}`,
    text: `${paragraphs.join("\n\n")}\n\nPDF (for ${agencyName} staff): ${pdf}\n`,
    html: emailLayout({
      heading: `Invoice ${name}`,
      paragraphs,
      button: { label: "Open the PDF (agency staff)", href: pdf },
    }),
  };
}

export type SendResult =
  | { ok: true; number: string; to: string; delivered: Promise<"sent" | "failed"> }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "invalid"; errors: { path: string; msg: string }[] };

/**
 * Sends the invoice to `to` (else the facility's billing address): a draft gets its number and
 * becomes Sent, in the same transaction as the e-mail's outbox row; the e-mail is handed to the
 * transport after the commit (`delivered`).
 */
export async function sendInvoice(
  db: DB,
  ctx: Ctx,
  id: string,
  options: { to?: string | null; remember?: boolean; transport?: EmailTransport } = {},
): Promise<SendResult> {
  const before = await getInvoice(db, ctx, id);
  if (!before) return { ok: false, reason: "not-found" };
  const to = options.to?.trim() || billingAddressOf(before);
  if (!to) {
    return {
      ok: false,
      reason: "invalid",
      errors: [
        { path: "to", msg: "This facility has no billing e-mail or contact e-mail. Type where to send the invoice." },
      ],
    };
  }
  const agency = await findAgency(db, ctx.agencyId);
  const outcome = await db.transaction().execute(async (trx) => {
    const sent = await markInvoiceSent(trx, ctx, id, to);
    if (!sent.ok) return sent;
    if (options.remember && options.to?.trim() && to !== before.facility.billingEmail)
      await setBillingEmail(trx, ctx, before.facility.id, to);
    const invoice = (await getInvoice(trx, ctx, id))!;
    const agencyName = agency?.name ?? "Senior Placement";
    const email = invoiceEmail(invoice, agencyName, to, env().appUrl);
    const pdf = {
      filename: pdfFileName(invoice),
      contentType: "application/pdf",
      content: await invoicePdf(invoice, agencyName),
    };
    const pending = await queueOutgoingEmail(trx, { ...email, agencyId: ctx.agencyId, attachments: [pdf] });
    return { ...sent, pending };
  });
  if (!outcome.ok) return outcome;
  return { ok: true, number: outcome.number, to, delivered: deliverEmail(db, outcome.pending, options.transport) };
}

type Doc = PDFKit.PDFDocument;
const LEFT = 54;
const widthOf = (doc: Doc) => doc.page.width - 2 * LEFT;
const right = (doc: Doc, text: string, y: number) => doc.text(text, LEFT, y, { width: widthOf(doc), align: "right" });

/** The agency, the title and number, whom it is to, its dates. */
function drawHeading(doc: Doc, invoice: InvoiceRecord, agencyName: string) {
  doc.font("Helvetica-Bold").fontSize(18).fillColor("#1d4ed8").text(agencyName, LEFT, 54);
  doc.font("Helvetica-Bold").fontSize(22).fillColor("#0f172a");
  right(doc, invoice.status === "Draft" ? "DRAFT INVOICE" : "INVOICE", 54);
  doc.font("Helvetica").fontSize(11).fillColor("#334155");
  right(doc, invoiceName(invoice), 82);
  if (invoice.status === "Void") {
    doc.fillColor("#b91c1c");
    right(doc, `VOID: ${invoice.voidReason ?? ""}`, 98);
    doc.fillColor("#334155");
  }
  doc.font("Helvetica-Bold").fontSize(10).text("BILL TO", LEFT, 130);
  doc.font("Helvetica").fontSize(11).text(invoice.facility.name, LEFT, 145);
  const address = invoice.facility.billingEmail || invoice.facility.contactEmail;
  if (address) doc.text(address, LEFT, 160);
  const dates: [string, string, number][] = [
    ["ISSUED", formatDate(invoice.issueDate), 130],
    ["DUE", formatDate(invoice.dueDate), 165],
  ];
  for (const [name, value, y] of dates) {
    doc.font("Helvetica-Bold").fontSize(10);
    right(doc, name, y);
    doc.font("Helvetica").fontSize(11);
    right(doc, value, y + 15);
  }
}

/** The lines (client, move-in, description, amount); returns where the table ends. */
function drawLines(doc: Doc, invoice: InvoiceRecord): number {
  const width = widthOf(doc);
  const cols = { client: LEFT, movedIn: LEFT + 140, description: LEFT + 220, amount: LEFT + width - 90 };
  const describe = { width: cols.amount - cols.description - 8 };
  let y = 220;
  doc.rect(LEFT, y - 6, width, 22).fill("#f1f5f9");
  doc.fillColor("#0f172a").font("Helvetica-Bold").fontSize(10);
  doc.text("Client", cols.client + 4, y);
  doc.text("Moved in", cols.movedIn, y);
  doc.text("Description", cols.description, y);
  doc.text("Amount", cols.amount, y, { width: 86, align: "right" });
  y += 24;
  doc.font("Helvetica").fontSize(10).fillColor("#334155");
  for (const line of invoice.lines) {
    const height = Math.max(
      doc.heightOfString(line.description, describe),
      doc.heightOfString(line.clientName, { width: 132 }),
    );
    doc.text(line.clientName, cols.client + 4, y, { width: 132 });
    doc.text(line.movedInOn ? formatDate(line.movedInOn) : "", cols.movedIn, y);
    doc.text(line.description, cols.description, y, describe);
    doc.text(formatFee(line.amountCents), cols.amount, y, { width: 86, align: "right" });
    y += height + 10;
    doc
      .moveTo(LEFT, y - 5)
      .lineTo(LEFT + width, y - 5)
      .strokeColor("#e2e8f0")
      .stroke();
  }
  return y;
}

/** The totals (credit notes and payments taken off), and what to quote with the payment. */
function drawTotals(doc: Doc, invoice: InvoiceRecord, top: number) {
  const width = widthOf(doc);
  let y = top + 10;
  const total = (name: string, value: string, bold = false) => {
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(bold ? 12 : 10)
      .fillColor("#0f172a");
    doc.text(name, LEFT + width - 260, y, { width: 160, align: "right" });
    doc.text(value, LEFT + width - 90, y, { width: 86, align: "right" });
    y += bold ? 20 : 16;
  };
  total("Invoiced", formatFee(invoice.invoicedCents));
  for (const note of invoice.creditNotes)
    total(`Credit note ${formatDate(note.issuedOn)}`, `-${formatFee(note.amountCents)}`);
  for (const p of invoice.payments) total(`Paid ${formatDate(p.paidOn)} (${p.method})`, `-${formatFee(p.amountCents)}`);
  total("Amount due", formatFee(invoice.outstandingCents), true);
  doc.font("Helvetica").fontSize(9).fillColor("#64748b");
  const quote = `Please quote ${invoiceName(invoice)} with your payment. Payment is due by ${formatDate(invoice.dueDate)}.`;
  doc.text(quote, LEFT, y + 20, { width });
  if (invoice.creditNotes.length > 0) {
    doc.text("Credit notes:", LEFT, doc.y + 8, { width });
    for (const note of invoice.creditNotes) doc.text(`${formatFee(note.amountCents)}: ${note.reason}`, { width });
  }
  if (invoice.notes) doc.text(invoice.notes, LEFT, doc.y + 8, { width });
}

/** The invoice as a PDF (US letter), drawn with pdfkit. */
export async function invoicePdf(invoice: InvoiceRecord, agencyName: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "LETTER",
    margin: LEFT,
    info: { Title: `Invoice ${invoiceName(invoice)}`, Author: agencyName },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  drawHeading(doc, invoice, agencyName);
  drawTotals(doc, invoice, drawLines(doc, invoice));
  doc.end();
  return done;
}

/** The PDF of the caller agency's invoice `id`, with its file name; null when there is none. */
export async function invoicePdfOf(db: DB, ctx: Ctx, id: string) {
  const invoice = await getInvoice(db, ctx, id);
  if (!invoice) return null;
  const agency = await findAgency(db, ctx.agencyId);
  const body = await invoicePdf(invoice, agency?.name ?? "Senior Placement");
  return { body, fileName: pdfFileName(invoice), invoice };
}

/** "INV-2026-0001.pdf" (a draft: "draft-1a2b3c4d.pdf"). */
function pdfFileName(invoice: Pick<InvoiceRecord, "id" | "number">) {
  return `${invoice.number ?? `draft-${invoice.id.slice(0, 8)}`}.pdf`;
}
