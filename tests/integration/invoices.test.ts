// Invoices (issue 36; docs/data-model.md, "Invoices"; docs/screens.md, "Invoices"): made from a
// facility's un-invoiced fees, numbered without gaps (two sends at once), sent by e-mail through
// the outbox, paid in parts (overpayment refused), credited, voided, aged, exported as CSV,
// rendered as a PDF; agency scoping and roles.

import type { AddressInfo } from "node:net";
import { inflateSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Ctx } from "~/models/context";
import {
  addCreditNote,
  agingBucketOf,
  agingView,
  createInvoice,
  deleteDraft,
  getInvoice,
  INVOICE_MESSAGES,
  listInvoices,
  recordPayment,
  revenueByMonth,
  uninvoicedFees,
  voidInvoice,
} from "~/models/invoices.server";
import { loader as exportLoader } from "~/routes/invoices.export";
import { loader as listLoader } from "~/routes/_app.invoices._index";
import { loader as agingLoader } from "~/routes/_app.invoices.aging";
import { loader as pdfLoader } from "~/routes/invoices.$id.pdf";
import { action as invoiceAction, loader as invoiceLoader } from "~/routes/_app.invoices.$id";
import { action as newAction, loader as newLoader } from "~/routes/_app.invoices.new";
import { loader as facilityOptionsLoader } from "~/routes/invoices.facility-options";
import { action as apiCreateAction, loader as apiListLoader } from "~/routes/api.invoices._index";
import { action as apiInvoiceAction, loader as apiInvoiceLoader } from "~/routes/api.invoices.$id";
import { action as creditNotesAction } from "~/routes/api.invoices.$id_.credit-notes";
import { action as paymentsAction } from "~/routes/api.invoices.$id_.payments";
import { action as sendAction } from "~/routes/api.invoices.$id_.send";
import { action as voidAction } from "~/routes/api.invoices.$id_.void";
import { invoicePdfOf, sendInvoice } from "~/services/invoices.server";
import { type EmailTransport, logTransport, resendTransport } from "~/utils/email.server";
import { addDays } from "~/utils/days";
import { type Json, signInNewAgency, signInUser } from "../support/api";
import { resetDb, testDb } from "../support/db";
import { createClient, createFacility, createPlacement, type TestUser } from "../support/factories";
import { apiRequest, args, formPost, get, settle } from "../support/http";
import { type ReceivedEmail, startResendStandIn } from "../support/resend-stand-in";
import { runningTotalsDrift } from "../support/running-totals";

const db = testDb();
let user: TestUser;
let cookie: string;
let ctx: Ctx;
let facilityId: string;

const sent: { to: string; subject: string; text: string }[] = [];
const transport: EmailTransport = {
  name: "test",
  async send(email) {
    sent.push(email);
    return { id: `t-${sent.length}` };
  },
};

beforeEach(async () => {
  await resetDb(db);
  sent.length = 0;
  ({ user, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Morgan" }));
  ctx = { userId: user.id, agencyId: user.agency_id, role: "coordinator", agencyTimeZone: "UTC" };
  facilityId = (
    await createFacility(db, {
      agencyId: user.agency_id,
      name: "Maple House",
      contact_email: "office@maple.test",
      billing_email: "billing@maple.test",
    })
  ).id;
});

// What each invoice owes is kept by triggers (invoice_balances): after every test's writes (lines,
// payments, credit notes, voids, deleted drafts) it is what a recount gives.
afterEach(async () => {
  expect(await runningTotalsDrift(db)).toEqual([]);
});

/** A moved-in placement with its fee worked out: `cents` on `movedInOn`. */
async function fee(
  cents: number,
  options: { facility?: string; name?: string; credit?: number; agencyId?: string } = {},
) {
  const agencyId = options.agencyId ?? user.agency_id;
  const [first, last] = (options.name ?? `Ann Lee${Math.random().toString(36).slice(2, 6)}`).split(" ");
  const client = await createClient(db, { agencyId, first_name: first, last_name: last });
  const p = await createPlacement(db, {
    agencyId,
    client_id: client.id,
    facility_id: options.facility ?? facilityId,
    agent_id: agencyId === user.agency_id ? user.id : undefined,
    status: "Completed",
  });
  await db
    .updateTable("placements")
    .set({
      fee_cents: cents,
      fee_basis: `Flat $${cents / 100}`,
      fee_moved_in_on: "2026-03-10",
      fee_due_date: "2026-04-09",
      fee_credit_cents: options.credit ?? null,
      fee_credit_basis: options.credit ? "Full refund: left after 10 of 30 days" : null,
    })
    .where("id", "=", p.id)
    .execute();
  return p.id;
}

const issue = async (ids: string[], extra: Partial<Parameters<typeof createInvoice>[2]> = {}) => {
  const made = await createInvoice(db, ctx, { facilityId, placementIds: ids, ...extra });
  if (!made.ok) throw new Error(JSON.stringify(made));
  return made.id;
};

const send = async (id: string) => {
  const result = await sendInvoice(db, ctx, id, { transport });
  if (!result.ok) throw new Error(JSON.stringify(result));
  await result.delivered;
  return result;
};

describe("making and sending invoices", () => {
  it("makes a draft without a number from ticked fees, due after the payment terms, then numbers and e-mails it", async () => {
    const a = await fee(210000, { name: "Ann Lee" });
    const b = await fee(300000, { name: "Bob Ray" });
    expect((await uninvoicedFees(db, ctx, facilityId)).map((f) => f.placementId).sort()).toEqual([a, b].sort());
    const id = await issue([a, b], { issueDate: "2026-05-01" });
    const draft = (await getInvoice(db, ctx, id))!;
    expect(draft).toMatchObject({
      number: null,
      status: "Draft",
      issueDate: "2026-05-01",
      dueDate: "2026-05-31",
      invoicedCents: 510000,
      outstandingCents: 0,
    });
    expect(draft.lines.map((l) => [l.clientName, l.amountCents])).toEqual([
      ["Ann Lee", 210000],
      ["Bob Ray", 300000],
    ]);
    expect(await uninvoicedFees(db, ctx, facilityId)).toEqual([]);

    const result = await send(id);
    expect(result).toMatchObject({ number: "INV-2026-0001", to: "billing@maple.test" });
    const after = (await getInvoice(db, ctx, id))!;
    expect(after).toMatchObject({ status: "Sent", number: "INV-2026-0001", outstandingCents: 510000 });
    expect(sent).toHaveLength(1);
    expect(sent[0].subject).toContain("INV-2026-0001");
    expect(sent[0].text).toContain("$5,100.00");
    expect(sent[0].text).toContain(`/invoices/${id}/pdf`);
    const outbox = await db.selectFrom("email_outbox").selectAll().where("kind", "=", "invoice").execute();
    expect(outbox).toMatchObject([{ status: "sent", to_address: "billing@maple.test", agency_id: user.agency_id }]);
    const entries = await db
      .selectFrom("audit_events")
      .select(["action", "details"])
      .where("entity_type", "=", "invoice")
      .where("entity_id", "=", id)
      .orderBy("created_at")
      .execute();
    expect(entries.map((e) => e.action)).toEqual(["create", "update"]);
  });

  it("falls back to the contact e-mail, and refuses a fee already invoiced or of another facility", async () => {
    await db.updateTable("facilities").set({ billing_email: null }).where("id", "=", facilityId).execute();
    const a = await fee(100000);
    const id = await issue([a]);
    expect((await send(id)).to).toBe("office@maple.test");
    // Another address typed, and kept as the facility's billing e-mail.
    const again = await sendInvoice(db, ctx, id, { to: "ap@maple.test", remember: true, transport });
    expect(again).toMatchObject({ ok: true, to: "ap@maple.test" });
    const kept = await db
      .selectFrom("facilities")
      .select("billing_email")
      .where("id", "=", facilityId)
      .executeTakeFirst();
    expect(kept?.billing_email).toBe("ap@maple.test");
    expect(await createInvoice(db, ctx, { facilityId, placementIds: [a] })).toMatchObject({
      ok: false,
      errors: [{ msg: INVOICE_MESSAGES.alreadyInvoiced }],
    });
    const other = (await createFacility(db, { agencyId: user.agency_id, name: "Oak Court" })).id;
    const b = await fee(100000, { facility: other });
    expect(await createInvoice(db, ctx, { facilityId, placementIds: [b] })).toMatchObject({
      ok: false,
      errors: [{ msg: INVOICE_MESSAGES.otherFacility }],
    });
    expect(await createInvoice(db, ctx, { facilityId, placementIds: [] })).toMatchObject({
      errors: [{ msg: INVOICE_MESSAGES.noFees }],
    });
  });

  it("numbers without gaps: two sends at once take turns, a deleted draft leaves no gap", async () => {
    const drafts = [await issue([await fee(1000)]), await issue([await fee(2000)]), await issue([await fee(3000)])];
    expect((await deleteDraft(db, ctx, drafts[2])).ok).toBe(true);
    const results = await Promise.all([send(drafts[0]), send(drafts[1])]);
    expect(results.map((r) => r.number).sort()).toEqual(["INV-2026-0001", "INV-2026-0002"].sort());
    const third = await issue([await fee(4000)]);
    expect((await send(third)).number).toBe("INV-2026-0003");
    // Another agency counts on its own.
    const other = await signInNewAgency(db);
    const otherCtx: Ctx = { userId: other.user.id, agencyId: other.user.agency_id, role: "coordinator" };
    const otherFacility = (await createFacility(db, { agencyId: other.user.agency_id, contact_email: "x@y.test" })).id;
    const p = await fee(5000, { facility: otherFacility, agencyId: other.user.agency_id });
    const made = await createInvoice(db, otherCtx, { facilityId: otherFacility, placementIds: [p] });
    const theirs = await sendInvoice(db, otherCtx, made.ok ? made.id : "", { transport });
    expect(theirs).toMatchObject({ ok: true, number: "INV-2026-0001" });
  });
});

describe("payments, credit notes and void", () => {
  it("goes Sent → Partly paid → Paid, refuses an overpayment with a clear message", async () => {
    const id = await issue([await fee(420000)]);
    await send(id);
    expect(
      await recordPayment(db, ctx, id, {
        paidOn: "2026-05-10",
        amountCents: 100000,
        method: "Check",
        reference: "1042",
      }),
    ).toMatchObject({
      ok: true,
      status: "Partly paid",
    });
    const over = await recordPayment(db, ctx, id, { paidOn: "2026-05-11", amountCents: 320001, method: "ACH" });
    expect(over).toMatchObject({
      ok: false,
      errors: [
        {
          path: "amount",
          msg: "This payment of $3,200.01 is more than the $3,200.00 outstanding on INV-2026-0001. Record at most $3,200.00.",
        },
      ],
    });
    expect(
      await recordPayment(db, ctx, id, { paidOn: "2026-05-12", amountCents: 320000, method: "Wire" }),
    ).toMatchObject({
      status: "Paid",
    });
    const paid = (await getInvoice(db, ctx, id))!;
    expect(paid).toMatchObject({ status: "Paid", paidCents: 420000, outstandingCents: 0 });
    expect(paid.payments.map((p) => [p.method, p.amountCents, p.reference])).toEqual([
      ["Check", 100000, "1042"],
      ["Wire", 320000, null],
    ]);
    expect(await recordPayment(db, ctx, id, { paidOn: "2026-05-12", amountCents: 1, method: "Wire" })).toMatchObject({
      errors: [{ msg: INVOICE_MESSAGES.notOpen }],
    });
    expect(await voidInvoice(db, ctx, id, "Wrong facility")).toMatchObject({
      errors: [{ msg: INVOICE_MESSAGES.hasPayments }],
    });
  });

  it("a draft takes no payment", async () => {
    const id = await issue([await fee(1000)]);
    expect(await recordPayment(db, ctx, id, { paidOn: "2026-05-10", amountCents: 10, method: "Card" })).toMatchObject({
      errors: [{ msg: INVOICE_MESSAGES.notOpen }],
    });
  });

  it("credits a placement's move-out credit once, and by hand with a reason; the rest is paid", async () => {
    const a = await fee(300000, { credit: 100000, name: "Ann Lee" });
    const id = await issue([a]);
    await send(id);
    expect((await getInvoice(db, ctx, id))!.lines[0].creditDue).toEqual({
      cents: 100000,
      basis: "Full refund: left after 10 of 30 days",
    });
    expect((await addCreditNote(db, ctx, id, { placementId: a })).ok).toBe(true);
    expect(await addCreditNote(db, ctx, id, { placementId: a })).toMatchObject({
      errors: [{ msg: INVOICE_MESSAGES.noCredit }],
    });
    expect((await addCreditNote(db, ctx, id, { amountCents: 50000, reason: "Goodwill" })).ok).toBe(true);
    expect(await addCreditNote(db, ctx, id, { amountCents: 150001, reason: "Too much" })).toMatchObject({
      errors: [{ msg: "This credit of $1,500.01 is more than the $1,500.00 outstanding." }],
    });
    const invoice = (await getInvoice(db, ctx, id))!;
    expect(invoice).toMatchObject({ status: "Partly paid", creditedCents: 150000, outstandingCents: 150000 });
    expect(invoice.creditNotes.map((c) => c.reason)).toEqual([
      "Ann Lee: Full refund: left after 10 of 30 days",
      "Goodwill",
    ]);
    expect(invoice.lines[0].creditDue).toBeNull();
    await recordPayment(db, ctx, id, { paidOn: "2026-05-12", amountCents: 150000, method: "ACH" });
    expect((await getInvoice(db, ctx, id))!.status).toBe("Paid");
  });

  it("voids a sent invoice with a reason; its fees can be invoiced again, its number stays", async () => {
    const a = await fee(100000);
    const id = await issue([a]);
    expect(await voidInvoice(db, ctx, id, "x")).toMatchObject({ errors: [{ msg: INVOICE_MESSAGES.cannotVoid }] });
    await send(id);
    expect((await voidInvoice(db, ctx, id, "Sent to the wrong facility")).ok).toBe(true);
    expect((await getInvoice(db, ctx, id))!).toMatchObject({
      status: "Void",
      voidReason: "Sent to the wrong facility",
      number: "INV-2026-0001",
      outstandingCents: 0,
    });
    expect((await uninvoicedFees(db, ctx, facilityId)).map((f) => f.placementId)).toEqual([a]);
    expect(await sendInvoice(db, ctx, id, { transport })).toMatchObject({
      ok: false,
      errors: [{ msg: INVOICE_MESSAGES.voidNotSent }],
    });
    const again = await issue([a]);
    expect((await send(again)).number).toBe("INV-2026-0002");
  });
});

describe("aging, revenue, the list and the CSV", () => {
  it("puts what is outstanding in buckets of days past due, per facility", async () => {
    expect([0, -3, 1, 30, 31, 60, 61, 90, 91].map(agingBucketOf)).toEqual([
      "Current",
      "Current",
      "1–30 days",
      "1–30 days",
      "31–60 days",
      "31–60 days",
      "61–90 days",
      "61–90 days",
      "90+ days",
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const dueDaysAgo = async (days: number, cents: number) => {
      const id = await issue([await fee(cents)], {
        issueDate: addDays(today, -days - 30),
        dueDate: addDays(today, -days),
      });
      await send(id);
      return id;
    };
    await dueDaysAgo(-5, 1000);
    await dueDaysAgo(10, 2000);
    const partly = await dueDaysAgo(45, 3000);
    await recordPayment(db, ctx, partly, { paidOn: today, amountCents: 500, method: "Other" });
    await dueDaysAgo(75, 4000);
    await dueDaysAgo(120, 5000);
    const paid = await dueDaysAgo(200, 9000);
    await recordPayment(db, ctx, paid, { paidOn: today, amountCents: 9000, method: "Check" });
    const aging = await agingView(db, ctx, {});
    expect(aging.totals).toEqual({
      Current: 1000,
      "1–30 days": 2000,
      "31–60 days": 2500,
      "61–90 days": 4000,
      "90+ days": 5000,
    });
    expect(aging.totalCents).toBe(14500);
    expect(aging.facilities).toHaveLength(1);
    expect(aging.facilities[0].facility.name).toBe("Maple House");

    const screen = await settle(agingLoader(args(get("/invoices/aging", cookie))));
    expect(screen.status).toBe(200);
    expect(((await screen.json()) as { totalCents: number }).totalCents).toBe(14500);

    const overdue = await listInvoices(db, ctx, { overdue: true });
    expect(overdue.total).toBe(4);
    expect((await listInvoices(db, ctx, { status: "Paid" })).invoices.map((i) => i.id)).toEqual([paid]);
  });

  it("adds up revenue per month: invoiced by issue month, collected by payment month", async () => {
    const a = await issue([await fee(100000)], { issueDate: "2026-01-15" });
    await send(a);
    const b = await issue([await fee(200000)], { issueDate: "2026-03-02" });
    await send(b);
    await issue([await fee(999)], { issueDate: "2026-03-03" }); // a draft: not invoiced yet
    await recordPayment(db, ctx, a, { paidOn: "2026-03-20", amountCents: 100000, method: "ACH" });
    expect(await revenueByMonth(db, ctx, { from: "2026-01", to: "2026-03" })).toEqual([
      { month: "2026-01", invoicedCents: 100000, collectedCents: 0 },
      { month: "2026-02", invoicedCents: 0, collectedCents: 0 },
      { month: "2026-03", invoicedCents: 200000, collectedCents: 100000 },
    ]);
  });

  it("exports the filtered list as CSV with cents, audited", async () => {
    const id = await issue([await fee(420050)], { issueDate: "2026-02-01" });
    await send(id);
    const answer = await settle(exportLoader(args(get("/invoices/export?status=Sent", cookie))));
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text.split("\n")[0]).toContain("Number");
    expect(text).toContain("INV-2026-0001");
    expect(text).toContain("4200.50");
    const exported = await db.selectFrom("audit_events").select("entity_type").where("action", "=", "export").execute();
    expect(exported).toEqual([{ entity_type: "invoice" }]);
  });
});

/** The text a PDF of pdfkit draws: its deflated content streams' TJ arrays of hex strings, decoded (kerning dropped). */
function pageText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const match of pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], "latin1")).toString("latin1");
    } catch {
      continue; // Not a deflated stream (a font's, say).
    }
    for (const line of content.split("\n").filter((l) => l.endsWith("TJ"))) {
      const hex = [...line.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join("");
      lines.push(Buffer.from(hex, "hex").toString("latin1"));
    }
  }
  return lines.join("\n");
}

describe("the PDF", () => {
  it("is a PDF holding the invoice number", async () => {
    const id = await issue([await fee(420000, { name: "Ann Lee" })]);
    await send(id);
    const pdf = await invoicePdfOf(db, ctx, id);
    expect(pdf!.fileName).toBe("INV-2026-0001.pdf");
    expect(pdf!.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The document's title (its info dictionary) is stored as text: the number is in it.
    expect(pdf!.body.toString("latin1")).toContain("Invoice INV-2026-0001");
    // And the page draws it, with the line and the amount due.
    const text = pageText(pdf!.body);
    expect(text).toContain("INV-2026-0001");
    expect(text).toContain("Ann Lee");
    expect(text).toContain("$4,200.00");
    const answer = await settle(pdfLoader(args(get(`/invoices/${id}/pdf`, cookie), { id })));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("application/pdf");
    expect(answer.headers.get("Content-Disposition")).toContain("INV-2026-0001.pdf");
  });
});

describe("the e-mail", () => {
  it("carries the PDF as an attachment, through Resend (the local stand-in); the outbox names it", async () => {
    const server = startResendStandIn(0);
    try {
      await new Promise<void>((resolve) => server.once("listening", () => resolve()));
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const id = await issue([await fee(420000, { name: "Ann Lee" })]);
      const result = await sendInvoice(db, ctx, id, { transport: resendTransport({ apiKey: "re_test", baseUrl }) });
      expect(result.ok && (await result.delivered)).toBe("sent");
      const messages = (await (await fetch(`${baseUrl}/messages?to=billing@maple.test`)).json()) as ReceivedEmail[];
      expect(messages).toHaveLength(1);
      expect(messages[0].text).toContain("The invoice is attached as a PDF.");
      expect(messages[0].attachments).toHaveLength(1);
      const [file] = messages[0].attachments!;
      expect(file.filename).toBe("INV-2026-0001.pdf");
      const pdf = Buffer.from(file.content, "base64");
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const text = pageText(pdf);
      expect(text).toContain("INV-2026-0001");
      expect(text).toContain("Ann Lee");
      expect(text).toContain("$4,200.00");
      const [row] = await db.selectFrom("email_outbox").select(["status", "attachments"]).execute();
      expect(row).toEqual({
        status: "sent",
        attachments: [{ filename: "INV-2026-0001.pdf", contentType: "application/pdf", bytes: pdf.length }],
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("without RESEND_API_KEY, the server log names the attachment; the outbox keeps the row", async () => {
    const printed: string[] = [];
    const id = await issue([await fee(1000)]);
    const result = await sendInvoice(db, ctx, id, { transport: logTransport((t) => printed.push(t)) });
    expect(result.ok && (await result.delivered)).toBe("sent");
    expect(printed.join("\n")).toMatch(/\[attached: INV-2026-0001\.pdf, \d+ bytes\]/);
    const [row] = await db.selectFrom("email_outbox").select(["attachments"]).execute();
    expect(row.attachments).toMatchObject([{ filename: "INV-2026-0001.pdf", contentType: "application/pdf" }]);
  });
});

describe("the API", () => {
  it("lists, reads and pays an invoice in cents; refuses an overpayment, an agent and another agency", async () => {
    const id = await issue([await fee(420000, { name: "Ann Lee" })]);
    await send(id);
    const { token } = await signInUser(db, user.agency_id, { role: "admin" });
    const list = await settle(apiListLoader(args(apiRequest("/api/invoices?status=Sent", { token }))));
    expect(list.status).toBe(200);
    const listed = (await list.json()) as Json;
    expect(listed.data.invoices).toMatchObject([{ _id: id, number: "INV-2026-0001", outstandingCents: 420000 }]);
    expect(listed.data.pagination).toMatchObject({ page: 1, totalInvoices: 1 });
    const one = await settle(apiInvoiceLoader(args(apiRequest(`/api/invoices/${id}`, { token }), { id })));
    expect(((await one.json()) as Json).data.invoice.lines).toMatchObject([
      { clientName: "Ann Lee", amountCents: 420000 },
    ]);
    const pay = (body: Json, as = token) =>
      settle(
        paymentsAction(args(apiRequest(`/api/invoices/${id}/payments`, { method: "POST", body, token: as }), { id })),
      );
    const over = await pay({ paidOn: "2026-05-01", amountCents: 420001, method: "Wire" });
    expect(over.status).toBe(400);
    expect(JSON.stringify(await over.json())).toContain("is more than the $4,200.00 outstanding");
    expect((await pay({ paidOn: "2026-05-01", amountCents: 12.5, method: "Wire" })).status).toBe(400);
    const paid = await pay({ paidOn: "2026-05-01", amountCents: 420000, method: "Wire", reference: "W-1" });
    expect(paid.status).toBe(201);
    expect(((await paid.json()) as Json).data.invoice).toMatchObject({ status: "Paid", outstandingCents: 0 });
    const agent = await signInUser(db, user.agency_id, { role: "agent" });
    expect((await settle(apiListLoader(args(apiRequest("/api/invoices", { token: agent.token }))))).status).toBe(403);
    const other = await signInNewAgency(db);
    const theirs = await settle(
      apiInvoiceLoader(args(apiRequest(`/api/invoices/${id}`, { token: other.token }), { id })),
    );
    expect(theirs.status).toBe(404);
  });
});

describe("the API's writes", () => {
  type Action = typeof sendAction;
  let token: string;
  beforeEach(async () => {
    ({ token } = await signInUser(db, user.agency_id, { role: "admin" }));
  });
  const call = async (action: Action, path: string, body: Json | undefined, id = "", as = token) => {
    const response = await settle(
      action(args(apiRequest(path, { method: body === undefined ? "DELETE" : "POST", body, token: as }), { id })),
    );
    return { status: response.status, json: (await response.json()) as Json };
  };

  it("makes a draft, sends it, credits it and voids it, as the screens do", async () => {
    const a = await fee(300000, { name: "Ann Lee", credit: 100000 });
    const made = await call(apiCreateAction, "/api/invoices", {
      facilityId,
      placementIds: [a],
      issueDate: "2026-05-01",
      notes: "Thank you",
    });
    expect(made.status).toBe(201);
    expect(made.json.message).toBe("Draft invoice created");
    const id = made.json.data.invoice._id;
    expect(made.json.data.invoice).toMatchObject({
      number: null,
      status: "Draft",
      dueDate: "2026-05-31",
      invoicedCents: 300000,
      lines: [{ placementId: a, clientName: "Ann Lee", amountCents: 300000 }],
    });
    // The same fee twice: refused with the screen's message.
    const twice = await call(apiCreateAction, "/api/invoices", { facilityId, placementIds: [a] });
    expect(twice.status).toBe(400);
    expect(twice.json.errors).toEqual([{ path: "placementIds", msg: INVOICE_MESSAGES.alreadyInvoiced }]);
    const empty = await call(apiCreateAction, "/api/invoices", { facilityId, placementIds: [] });
    expect(empty.json.errors).toEqual([{ path: "placementIds", msg: INVOICE_MESSAGES.noFees }]);

    const sentNow = await call(sendAction, `/api/invoices/${id}/send`, {}, id);
    expect(sentNow.status).toBe(200);
    expect(sentNow.json.data).toMatchObject({
      delivery: "sent",
      invoice: { number: "INV-2026-0001", status: "Sent", sentTo: "billing@maple.test" },
    });
    const outbox = await db.selectFrom("email_outbox").select(["to_address", "status"]).execute();
    expect(outbox).toEqual([{ to_address: "billing@maple.test", status: "sent" }]);
    // Sent again elsewhere, and kept as the facility's billing e-mail.
    const again = await call(sendAction, `/api/invoices/${id}/send`, { to: "ap@maple.test", remember: true }, id);
    expect(again.json.data.invoice).toMatchObject({ number: "INV-2026-0001", sentTo: "ap@maple.test" });
    expect(again.json.data.invoice.facility.billingEmail).toBe("ap@maple.test");
    const badTo = await call(sendAction, `/api/invoices/${id}/send`, { to: "ap@" }, id);
    expect(badTo.status).toBe(400);

    const credit = await call(creditNotesAction, `/api/invoices/${id}/credit-notes`, { placementId: a }, id);
    expect(credit.status).toBe(201);
    expect(credit.json.data.invoice).toMatchObject({ status: "Partly paid", creditedCents: 100000 });
    const byHand = await call(creditNotesAction, `/api/invoices/${id}/credit-notes`, { amountCents: 5000 }, id);
    expect(byHand.status).toBe(400);
    expect(byHand.json.errors).toEqual([{ path: "reason", msg: "Say why the facility is credited" }]);
    const tooMuch = await call(
      creditNotesAction,
      `/api/invoices/${id}/credit-notes`,
      { amountCents: 200001, reason: "Goodwill" },
      id,
    );
    expect(tooMuch.json.errors).toEqual([
      { path: "amount", msg: "This credit of $2,000.01 is more than the $2,000.00 outstanding." },
    ]);

    const noReason = await call(voidAction, `/api/invoices/${id}/void`, { reason: " " }, id);
    expect(noReason.status).toBe(400);
    const voided = await call(voidAction, `/api/invoices/${id}/void`, { reason: "Wrong facility" }, id);
    expect(voided.status).toBe(200);
    expect(voided.json.data.invoice).toMatchObject({ status: "Void", voidReason: "Wrong facility" });
    const voidAgain = await call(voidAction, `/api/invoices/${id}/void`, { reason: "Again" }, id);
    expect(voidAgain.json.errors).toEqual([{ path: "reason", msg: INVOICE_MESSAGES.cannotVoid }]);
    const sendVoid = await call(sendAction, `/api/invoices/${id}/send`, {}, id);
    expect(sendVoid.json.errors).toEqual([{ path: "to", msg: INVOICE_MESSAGES.voidNotSent }]);
    // Voided, its fee can be invoiced again.
    expect((await call(apiCreateAction, "/api/invoices", { facilityId, placementIds: [a] })).status).toBe(201);
  });

  it("deletes a draft only", async () => {
    const draft = await issue([await fee(1000)]);
    const sentOne = await issue([await fee(2000)]);
    await send(sentOne);
    const refused = await call(apiInvoiceAction, `/api/invoices/${sentOne}`, undefined, sentOne);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(INVOICE_MESSAGES.notDraft);
    const deleted = await call(apiInvoiceAction, `/api/invoices/${draft}`, undefined, draft);
    expect(deleted).toMatchObject({ status: 200, json: { data: { invoice: { _id: draft } } } });
    expect(await getInvoice(db, ctx, draft)).toBeNull();
  });

  it("refuses an agent (invoices.manage), and another agency's invoice is a 404", async () => {
    const id = await issue([await fee(1000)]);
    const agent = await signInUser(db, user.agency_id, { role: "agent" });
    const other = await signInNewAgency(db);
    const calls: [Action, string, Json | undefined][] = [
      [apiCreateAction, "/api/invoices", { facilityId, placementIds: [] }],
      [sendAction, `/api/invoices/${id}/send`, {}],
      [voidAction, `/api/invoices/${id}/void`, { reason: "x" }],
      [creditNotesAction, `/api/invoices/${id}/credit-notes`, { amountCents: 1, reason: "x" }],
      [apiInvoiceAction, `/api/invoices/${id}`, undefined],
    ];
    for (const [action, path, body] of calls) {
      const refused = await call(action, path, body, id, agent.token);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe("Only a coordinator or an admin can see and manage invoices.");
    }
    for (const [action, path, body] of calls.slice(1)) {
      const theirs = await call(action, path, body, id, other.token);
      expect(theirs).toMatchObject({ status: 404, json: { message: "Invoice not found." } });
    }
    // Their facility's fees are not ours to invoice either.
    const mine = await fee(1000);
    const made = await call(apiCreateAction, "/api/invoices", { facilityId, placementIds: [mine] }, "", other.token);
    expect(made.json.errors).toEqual([{ path: "facilityId", msg: INVOICE_MESSAGES.noFacility }]);
    expect(await db.selectFrom("email_outbox").select("id").execute()).toEqual([]);
    expect((await getInvoice(db, ctx, id))!.status).toBe("Draft");
  });
});

describe("screens: roles and agencies", () => {
  it("refuses agents, and another agency's invoice is not found", async () => {
    const id = await issue([await fee(1000)]);
    const agent = await signInUser(db, user.agency_id, { role: "agent" });
    for (const call of [
      () => listLoader(args(get("/invoices", agent.cookie))),
      () => invoiceLoader(args(get(`/invoices/${id}`, agent.cookie), { id })),
      () => pdfLoader(args(get(`/invoices/${id}/pdf`, agent.cookie), { id })),
      () => exportLoader(args(get("/invoices/export", agent.cookie))),
    ]) {
      expect((await settle(call())).status).toBe(403);
    }
    const other = await signInNewAgency(db);
    expect((await settle(invoiceLoader(args(get(`/invoices/${id}`, other.cookie), { id })))).status).toBe(404);
    expect((await settle(pdfLoader(args(get(`/invoices/${id}/pdf`, other.cookie), { id })))).status).toBe(404);
    const otherCtx: Ctx = { userId: other.user.id, agencyId: other.user.agency_id, role: "coordinator" };
    expect(await getInvoice(db, otherCtx, id)).toBeNull();
    expect((await listInvoices(db, otherCtx, {})).total).toBe(0);
    expect(
      await recordPayment(db, otherCtx, id, { paidOn: "2026-01-01", amountCents: 1, method: "ACH" }),
    ).toMatchObject({
      reason: "not-found",
    });
  });

  it("makes, sends and pays an invoice through the forms", async () => {
    const a = await fee(420000);
    const made = await settle(newAction(args(formPost("/invoices/new", { facilityId, placementIds: a }, cookie))));
    expect(made.status).toBe(302);
    const id = made.headers.get("Location")!.split("/").pop()!;
    const post = (fields: Record<string, string>) =>
      settle(invoiceAction(args(formPost(`/invoices/${id}`, fields, cookie), { id })));
    // The Send form starts from the facility's billing e-mail.
    const draft = await settle(invoiceLoader(args(get(`/invoices/${id}`, cookie), { id })));
    expect(((await draft.json()) as { sendTo: string }).sendTo).toBe("billing@maple.test");
    expect((await post({ intent: "send", to: "billing@maple.test" })).status).toBe(302);
    expect(await db.selectFrom("email_outbox").select("to_address").execute()).toEqual([
      { to_address: "billing@maple.test" },
    ]);
    const over = await post({
      intent: "payment",
      paidOn: "2026-05-01",
      amount: "5000",
      method: "Check",
      reference: "",
    });
    expect(over.status).toBe(400);
    expect(JSON.stringify(await over.json())).toContain("is more than the $4,200.00 outstanding");
    expect(
      (await post({ intent: "payment", paidOn: "2026-05-01", amount: "1200.50", method: "Check", reference: "" }))
        .status,
    ).toBe(302);
    expect((await getInvoice(db, ctx, id))!).toMatchObject({ status: "Partly paid", paidCents: 120050 });
    const page = await settle(invoiceLoader(args(get(`/invoices/${id}`, cookie), { id })));
    expect(page.status).toBe(200);
    const list = await settle(listLoader(args(get("/invoices?status=Partly+paid", cookie))));
    const data = (await list.json()) as { invoices: { id: string }[] };
    expect(data.invoices.map((i) => i.id)).toEqual([id]);
  });
});

describe("at an agency's size: the facility pickers and the aging pages", () => {
  type Picker = {
    options: { id: string; label: string; hint: string }[];
    searched: { term: string; total: number } | null;
  };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const load = async (loader: (a: any) => Promise<unknown>, path: string) => {
    const response = await settle(loader(args(get(path, cookie))));
    expect(response.status).toBe(200);
    return (await response.json()) as Json;
  };
  const facility = async (name: string) =>
    (
      await createFacility(db, {
        agencyId: user.agency_id,
        name,
        address_city: "Springfield",
        contact_email: "office@example.test",
      })
    ).id;
  const issueFor = async (id: string, cents: number, dueDate?: string) => {
    const today = new Date().toISOString().slice(0, 10);
    const made = await createInvoice(db, ctx, {
      facilityId: id,
      placementIds: [await fee(cents, { facility: id })],
      issueDate: addDays(dueDate ?? today, -30),
      dueDate: dueDate ?? today,
    });
    if (!made.ok) throw new Error(JSON.stringify(made));
    return made.id;
  };

  it("filters the list by a facility chosen with the picker: those with invoices, searched", async () => {
    const birch = await facility("Birch Court");
    await facility("Cedar Lodge"); // no invoice: not offered
    await issueFor(facilityId, 1000);
    const birchInvoice = await issueFor(birch, 2000);

    const all = await load(listLoader, "/invoices");
    expect((all.facilities as Picker).options.map((o) => o.label)).toEqual(["Birch Court", "Maple House"]);
    expect((all.facilities as Picker).searched).toBeNull();

    const filtered = await load(listLoader, `/invoices?facility=${birch}`);
    expect((filtered.invoices as { id: string }[]).map((i) => i.id)).toEqual([birchInvoice]);
    expect((filtered.filters as { facility: string }).facility).toBe(birch);

    // The search step without JavaScript: the matches offered, the chosen one kept, no problem said.
    const searched = await load(
      listLoader,
      `/invoices?facility=${birch}&facilitySearch=maple&facilitySearched=&intent=search`,
    );
    expect((searched.facilities as Picker).options.map((o) => o.label)).toEqual(["Birch Court", "Maple House"]);
    expect((searched.facilities as Picker).searched).toMatchObject({ term: "maple", total: 1 });
    expect(searched.problems).toEqual([]);
    expect((searched.invoices as unknown[]).length).toBe(1);
    const none = await load(listLoader, "/invoices?facilitySearch=cedar&intent=search");
    expect((none.facilities as Picker).options).toEqual([]);
    expect((none.facilities as Picker).searched).toMatchObject({ total: 0 });

    // With JavaScript: type to search.
    const typed = await settle(
      facilityOptionsLoader(args(get("/invoices/facility-options?scope=invoiced&q=bir", cookie))),
    );
    expect(((await typed.json()) as Picker).options.map((o) => o.label)).toEqual(["Birch Court"]);
    const bad = await settle(facilityOptionsLoader(args(get("/invoices/facility-options?scope=all", cookie))));
    expect(bad.status).toBe(400);
    const agent = await signInUser(db, user.agency_id, { role: "agent" });
    const refused = await settle(
      facilityOptionsLoader(args(get("/invoices/facility-options?scope=invoiced", agent.cookie))),
    );
    expect(refused.status).toBe(403);
  });

  it("offers a new invoice the facilities with fees to invoice, searched; the chosen one's fees", async () => {
    const birch = await facility("Birch Court");
    await facility("Cedar Lodge"); // no fee: not offered
    await fee(1000);
    await fee(2000);
    const invoiced = await fee(3000, { facility: birch });
    await createInvoice(db, ctx, { facilityId: birch, placementIds: [invoiced] }); // Birch's only fee is invoiced

    const start = await load(newLoader, "/invoices/new");
    expect((start.picker as Picker).options).toEqual([
      { id: facilityId, label: "Maple House", hint: expect.stringContaining("2 fees to invoice") },
    ]);
    expect(start.facility).toBeNull();
    expect(start.noChoice).toBe(false);

    const chosen = await load(newLoader, `/invoices/new?facility=${facilityId}`);
    expect(chosen.facility).toEqual({ id: facilityId, name: "Maple House" });
    expect((chosen.fees as unknown[]).length).toBe(2);

    // Birch has nothing left to invoice: chosen by its link, it is offered and says so.
    const nothing = await load(newLoader, `/invoices/new?facility=${birch}`);
    expect((nothing.picker as Picker).options.map((o) => o.label)).toEqual(["Birch Court", "Maple House"]);
    expect(nothing.fees).toEqual([]);

    const searched = await load(newLoader, "/invoices/new?facility=&facilitySearch=cedar&intent=search");
    expect((searched.picker as Picker).searched).toMatchObject({ term: "cedar", total: 0 });
    expect(searched.noChoice).toBe(false);

    expect((await load(newLoader, "/invoices/new?facility=")).noChoice).toBe(true);
    const other = await signInNewAgency(db);
    const theirs = (await createFacility(db, { agencyId: other.user.agency_id, name: "Theirs" })).id;
    const unknown = await load(newLoader, `/invoices/new?facility=${theirs}`);
    expect(unknown).toMatchObject({ facility: null, unknownFacility: true, fees: [] });
  });

  it("orders facilities that owe the same amount by name, across the page's edge", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const owing = ["Zinnia Place", "Aster Home", "Birch Court", "Cedar Lodge"];
    for (const [i, name] of owing.entries()) {
      const invoice = await issueFor(await facility(name), i === 3 ? 9000 : 5000, addDays(today, -3));
      await send(invoice);
    }
    const names = async (page: number) =>
      (await agingView(db, ctx, { page, limit: 2 })).facilities.map((f) => [f.facility.name, f.totalCents]);
    expect(await names(1)).toEqual([
      ["Cedar Lodge", 9000],
      ["Aster Home", 5000],
    ]);
    expect(await names(2)).toEqual([
      ["Birch Court", 5000],
      ["Zinnia Place", 5000],
    ]);
    expect(await names(3)).toEqual([]);
  });

  it("adds up the agency's aging and lists the facilities that owe by amount, a page at a time", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const birch = await facility("Birch Court");
    const cedar = await facility("Cedar Lodge");
    const oak = await facility("Oak Grove");
    const sendNew = async (id: string, cents: number, due: string) => {
      const invoice = await issueFor(id, cents, due);
      await send(invoice);
      return invoice;
    };
    await sendNew(facilityId, 1000, addDays(today, 5)); // Current
    await sendNew(facilityId, 2000, addDays(today, -40)); // 31–60
    await sendNew(birch, 9000, addDays(today, -100)); // 90+
    const part = await sendNew(cedar, 5000, addDays(today, -10)); // 1–30, 1,000 paid
    await recordPayment(db, ctx, part, { paidOn: today, amountCents: 1000, method: "Check" });
    const paid = await sendNew(oak, 7000, addDays(today, -70));
    await recordPayment(db, ctx, paid, { paidOn: today, amountCents: 7000, method: "Check" });
    await issueFor(oak, 8000); // a draft owes nothing yet

    const first = await agingView(db, ctx, { limit: 2 });
    expect(first.totals).toEqual({
      Current: 1000,
      "1–30 days": 4000,
      "31–60 days": 2000,
      "61–90 days": 0,
      "90+ days": 9000,
    });
    expect(first).toMatchObject({ totalCents: 16000, total: 3, totalPages: 2, page: 1 });
    expect(first.facilities.map((f) => [f.facility.name, f.totalCents])).toEqual([
      ["Birch Court", 9000],
      ["Cedar Lodge", 4000],
    ]);
    const second = await agingView(db, ctx, { page: 2, limit: 2 });
    expect(second.facilities).toEqual([
      {
        facility: { id: facilityId, name: "Maple House" },
        buckets: { Current: 1000, "1–30 days": 0, "31–60 days": 2000, "61–90 days": 0, "90+ days": 0 },
        totalCents: 3000,
      },
    ]);
    expect(second.totals).toEqual(first.totals);

    const screen = await load(agingLoader, "/invoices/aging");
    expect(screen).toMatchObject({ total: 3, totalPages: 1, totalCents: 16000, problems: [] });
    const beyond = await settle(agingLoader(args(get("/invoices/aging?page=5", cookie))));
    expect(beyond.status).toBe(302);
    expect(beyond.headers.get("Location")).toBe("/invoices/aging?page=1");
    const wrong = await load(agingLoader, "/invoices/aging?page=first");
    expect(wrong.problems).toEqual([expect.objectContaining({ param: "page" })]);

    const other = await signInNewAgency(db);
    const otherCtx: Ctx = { userId: other.user.id, agencyId: other.user.agency_id, role: "coordinator" };
    expect(await agingView(db, otherCtx, {})).toMatchObject({ total: 0, totalCents: 0, facilities: [] });
  });
});
