// The permission table (issue 33): for every route file that changes something, every API
// endpoint and every screen that checks a permission, who may call it and how to call it.
// tests/integration/permission-table.test.ts reads app/routes and fails for a route file without
// a rule here (and for a rule whose file is gone), then calls each rule's route in-process as
// every role, as a visitor and (API) with personal tokens.
//
// A rule's calls: the method (GET calls the module's loader, any other its action), the path
// (`:id` and the like are filled from what `prepare` made, and are the route's params), the
// body, who may (`Who`), what an allowed call answers, and what a refused one must leave as it was.
import type { Kysely } from "kysely";
import { action as apiResources } from "~/routes/api.resources._index";
import { inviteStaff } from "~/services/staff.server";
import type { Database } from "~/utils/db-types";
import type { Permission } from "~/utils/permissions";
import type { Role } from "~/utils/vocabulary";
import { type SignedIn, signInUser } from "./api";
import { placementFormFields, validClientBody, validFacilityBody } from "./api-bodies";
import {
  createClient,
  createFacility,
  createPlacement,
  createTask,
  createUser,
  DEFAULT_PASSWORD,
  nextId,
} from "./factories";
import { clientFormFields, facilityFormFields, taskFormFields } from "./form-fields";
import { args, settle } from "./http";

/**
 * Who may make a call: anyone (signed in or not); visitors only (a signed-in user is sent to the
 * dashboard); every signed-in role; or the roles that have a permission (app/utils/permissions.ts).
 */
export type Who = "anyone" | "visitors" | "signed-in" | Permission;

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The one agency the calls are made in: its three roles, and another agent to assign work to. */
export interface World {
  db: Kysely<Database>;
  agencyId: string;
  users: Record<Role, SignedIn>;
  /** An agent who never calls: "someone else" for the task's assignee. */
  other: SignedIn;
}

/** What `prepare` made for one call: the path's params and anything the body needs. */
export type Ids = Record<string, string>;

export type Body = { form: Record<string, string> } | { json: unknown } | { multipart: () => FormData };

export interface Call {
  method: Method;
  /** The URL's path (and query), `:name` filled from `prepare`'s ids and passed as the route's params. */
  path: string;
  /** Which form or case of the route this is, for the test's name (`intent=deactivate`). */
  note?: string;
  who: Who;
  /** What an allowed caller gets. */
  status: number;
  /** Where an allowed caller is sent (a redirect's Location starts with it). */
  location?: string;
  /**
   * The refused roles do not see the record at all (a restricted document someone else uploaded):
   * for them it is not there (404), rather than forbidden (403).
   */
  hidden?: true;
  /** What a read-and-write personal token gets, where it is not `status` (API only). */
  tokenStatus?: number;
  /**
   * Each role's call is made by a new user of that role, not the shared one: the call ends its
   * session (sign-out).
   */
  freshCaller?: boolean;
  /** The records the call needs, made anew for every caller (the table's rows are independent). */
  prepare?: (w: World) => Promise<Ids>;
  /** The body; `me` is the caller (for a visitor, the agent: the request is refused before it is read). */
  body?: (c: { ids: Ids; me: SignedIn; w: World }) => Body;
  /** What a refused call must leave as it was (read before and after it). */
  state?: (c: { ids: Ids; w: World }) => Promise<unknown>;
}

export interface Rule {
  calls: Call[];
  /** The route answers any method alike (the API's catch-all 404): no 405 names its methods. */
  anyMethod?: true;
}

// ─────────────────────────────── records and states ───────────────────────────────

const client = async (w: World) => ({ id: (await createClient(w.db, { agencyId: w.agencyId })).id });
const facility = async (w: World) => ({ id: (await createFacility(w.db, { agencyId: w.agencyId })).id });
const placement = async (w: World) => ({ id: (await createPlacement(w.db, { agencyId: w.agencyId })).id });
const task = async (w: World) => ({
  id: (await createTask(w.db, { agencyId: w.agencyId, assigned_to: w.users.coordinator.user.id })).id,
});
/** A task with one checklist item (`itemId`), its id under `key`. */
const taskWithItem = (key: string) => async (w: World) => {
  const { id } = await task(w);
  const item = await w.db
    .insertInto("task_checklist_items")
    .values({ agency_id: w.agencyId, task_id: id, text: "Call the facility", position: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { [key]: id, itemId: item.id };
};
/** A placement's parts, for a placement form or body that names them. */
const placementParts = async (w: World) => {
  const made = await createPlacement(w.db, { agencyId: w.agencyId });
  return { id: made.id, clientId: made.client_id, facilityId: made.facility_id, agentId: made.agent_id };
};
const parts = async (w: World) => ({
  clientId: (await createClient(w.db, { agencyId: w.agencyId })).id,
  facilityId: (await createFacility(w.db, { agencyId: w.agencyId })).id,
});

/** A client (`id`) and a facility to tour (`facilityId`). */
const clientAndFacility = async (w: World) => ({
  id: (await createClient(w.db, { agencyId: w.agencyId })).id,
  facilityId: (await createFacility(w.db, { agencyId: w.agencyId })).id,
});
/** A client (`id`) with a tour scheduled (`tourId`). */
const clientTour = async (w: World) => {
  const { id, facilityId } = await clientAndFacility(w);
  const tour = await w.db
    .insertInto("tours")
    .values({ agency_id: w.agencyId, client_id: id, facility_id: facilityId, scheduled_at: new Date() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, tourId: tour.id };
};

const PDF = "%PDF-1.4\n1 0 obj << /Type /Pages /Kids [] /Count 1 >> endobj\n%%EOF\n";

/** The details of a document about `clientId`, as the forms and the API take them. */
const documentDetails = (clientId: string, accessLevel = "internal"): Record<string, string> => ({
  relatedToType: "Client",
  relatedToId: clientId,
  category: "Medical Records",
  accessLevel,
  description: "Physician's summary",
  tags: "",
});

function documentForm(clientId: string, fileField: string, fields = documentDetails(clientId)) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(fileField, new Blob([PDF]), `Summary ${nextId()}.pdf`);
  return form;
}

/** A CSV import of one client (issue 37). */
function importForm() {
  const form = new FormData();
  form.append("type", "clients");
  const csv = `First Name,Last Name,Email,Phone,Date of Birth,Emergency Contact,Relationship,Emergency Phone\r\nAnn,Lee,ann${nextId()}@example.com,(217) 555-0101,1940-05-17,Jo,Son,(217) 555-0199\r\n`;
  form.append("file", new Blob([csv], { type: "text/csv" }), "clients.csv");
  return form;
}

/** A finished import (nothing created), made by the agency's coordinator: its `id`. */
async function finishedImport(w: World): Promise<Ids> {
  const made = await w.db
    .insertInto("imports")
    .values({
      agency_id: w.agencyId,
      type: "clients",
      file_name: "clients.csv",
      status: "done",
      finished_at: new Date(),
      created_by: w.users.coordinator.user.id,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: made.id };
}

/** A document about a new client, uploaded by the admin through the API. */
async function documentOf(w: World, accessLevel = "internal"): Promise<Ids> {
  const { id: clientId } = await client(w);
  const request = new Request("http://localhost/api/resources", {
    method: "POST",
    headers: { Authorization: `Bearer ${w.users.admin.token}`, "X-Client-IP": "198.18.0.1" },
    body: documentForm(clientId, "file", documentDetails(clientId, accessLevel)),
  });
  const response = await settle(apiResources(args(request)));
  const json = (await response.json()) as { data?: { resource?: { _id: string } } };
  if (response.status !== 201 || !json.data?.resource) throw new Error(`upload failed: ${JSON.stringify(json)}`);
  return { id: json.data.resource._id, clientId };
}

/** A restricted document the admin uploaded: only coordinators and admins see it (documents.restricted). */
const restrictedDocument = (w: World) => documentOf(w, "restricted");

type Table = "clients" | "facilities" | "placements" | "tasks" | "resources" | "imports" | "invoices";

/** A record as it is (undefined once deleted). */
const row = (table: Table) => async (c: { ids: Ids; w: World }) =>
  c.w.db.selectFrom(table).selectAll().where("id", "=", c.ids.id).executeTakeFirst();

/** How many records the agency has in `table`. */
const count = (table: Table) => async (c: { w: World }) =>
  Number(
    (
      await c.w.db
        .selectFrom(table)
        .select(c.w.db.fn.countAll().as("n"))
        .where("agency_id", "=", c.w.agencyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const taskBody = (assignedTo: string, version?: number) => ({
  title: "Call the daughter back",
  type: "Other",
  priority: "Medium",
  status: "New Client",
  dueDate: "2026-12-01",
  assignedTo,
  ...(version === undefined ? {} : { version }),
});

const placementBody = (ids: Ids) => ({
  clientId: ids.clientId,
  facilityId: ids.facilityId,
  status: "in-progress",
  priority: "high",
  startDate: "2026-11-20",
});

/** An invitation's link token, from the e-mail the admin's invitation sends. */
async function invitation(w: World): Promise<Ids> {
  let text = "";
  const admin = w.users.admin;
  const email = `invitee${nextId()}@example.com`;
  const invited = await inviteStaff(
    w.db,
    { userId: admin.user.id, agencyId: w.agencyId, role: "admin" },
    { firstName: admin.user.first_name, lastName: admin.user.last_name },
    { intent: "invite", firstName: "Nia", lastName: "Okafor", email, role: "agent" },
    {
      appUrl: "http://localhost",
      transport: {
        name: "test",
        async send(message) {
          text = message.text;
          return { id: "test" };
        },
      },
    },
  );
  if (!invited.ok) throw new Error(invited.message);
  await invited.delivered;
  const token = /\/invitation\?token=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error("no invitation link in the e-mail");
  return { token, email };
}

/** A user of the agency who signs in with the test password. */
const account = async (w: World) => {
  const user = await createUser(w.db, { agencyId: w.agencyId });
  return { email: user.email };
};

const NEW_PASSWORD = "Changed@2026";

// ─────────────────────────────── the table ───────────────────────────────

/** Reading and, where it has one, the record's page. */
const page = (path: string, who: Who = "signed-in", prepare?: Call["prepare"]): Call => ({
  method: "GET",
  path,
  who,
  status: 200,
  prepare,
});

/** A facility with a referral agreement (issue 36): the facility's `id`, the agreement's `agreementId`. */
const agreement = async (w: World) => {
  const { id } = await facility(w);
  const made = await w.db
    .insertInto("referral_agreements")
    .values({ agency_id: w.agencyId, facility_id: id, fee_type: "percent", fee_percent: "50", starts_on: "2026-01-01" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, agreementId: made.id };
};
const agreementRow = async (c: { ids: Ids; w: World }) =>
  c.w.db.selectFrom("referral_agreements").selectAll().where("id", "=", c.ids.agreementId).executeTakeFirst();
const agreementCount = async (c: { ids: Ids; w: World }) =>
  (await c.w.db.selectFrom("referral_agreements").select("id").where("facility_id", "=", c.ids.id).execute()).length;
const agreementForm = { feeType: "flat", flatFee: "3000", startDate: "2027-01-01" };
/** A moved-in placement whose fee was worked out (none: no agreement). */
const movedIn = async (w: World) => {
  const made = await createPlacement(w.db, {
    agencyId: w.agencyId,
    status: "Completed",
    move_in_date: "2026-03-10",
    fee_basis: "No referral agreement in force on Mar 10, 2026",
    fee_moved_in_on: "2026-03-10",
  });
  return { id: made.id };
};

/** A moved-in placement with a fee of $4,200 (issue 36): `placementId`, its facility `facilityId`. */
const feeToInvoice = async (w: World) => {
  const made = await createPlacement(w.db, {
    agencyId: w.agencyId,
    status: "Completed",
    move_in_date: "2026-03-10",
    fee_cents: 420000,
    fee_basis: "Flat $4,200",
    fee_moved_in_on: "2026-03-10",
  });
  return { placementId: made.id, facilityId: made.facility_id };
};
/** A sent invoice of one fee (`id`), number INV-…, $4,200 outstanding. */
const sentInvoice = async (w: World) => {
  const { placementId, facilityId } = await feeToInvoice(w);
  const invoice = await w.db
    .insertInto("invoices")
    .values({
      agency_id: w.agencyId,
      facility_id: facilityId,
      number: `INV-2026-${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`,
      status: "Sent",
      issue_date: "2026-04-01",
      due_date: "2026-05-01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await w.db
    .insertInto("invoice_lines")
    .values({
      agency_id: w.agencyId,
      invoice_id: invoice.id,
      placement_id: placementId,
      client_name: "Ann Lee",
      description: "Flat $4,200",
      amount_cents: 420000,
    })
    .execute();
  return { id: invoice.id };
};
/** A draft invoice of one fee (`id`), without a number. */
const draftInvoice = async (w: World) => {
  const { id } = await sentInvoice(w);
  await w.db.updateTable("invoices").set({ status: "Draft", number: null }).where("id", "=", id).execute();
  return { id };
};
const invoicesOfAgency = async (c: { w: World }) =>
  c.w.db.selectFrom("invoices").select(["id", "status", "number"]).where("agency_id", "=", c.w.agencyId).execute();
const invoicePayments = async (c: { ids: Ids; w: World }) =>
  c.w.db.selectFrom("invoice_payments").select(["amount_cents"]).where("invoice_id", "=", c.ids.id).execute();

/** A restricted document's page or answer, which an agent does not see. */
const restrictedPage = (path: string): Call => ({
  ...page(path, "documents.restricted", restrictedDocument),
  note: "restricted",
  hidden: true,
});

export const ROUTE_RULES: Record<string, Rule> = {
  // ── screens ──
  "_app.$.tsx": {
    // The app's own 404 (for a signed-in user): visitors sign in first.
    calls: [
      { ...page("/no-such-page"), status: 404 },
      { method: "POST", path: "/no-such-page", who: "signed-in", status: 404, body: () => ({ form: {} }) },
    ],
  },
  "_app.clients.$id._index.tsx": {
    calls: [
      page("/clients/:id", "signed-in", client),
      {
        method: "POST",
        path: "/clients/:id",
        note: "a call logged",
        who: "signed-in",
        status: 302,
        prepare: client,
        body: () => ({ form: { kind: "call", content: "Called the daughter.", occurredAt: "2026-01-05T09:30" } }),
      },
      {
        method: "POST",
        path: "/clients/:id",
        note: "section=tour",
        who: "signed-in",
        status: 302,
        prepare: clientAndFacility,
        body: ({ ids }) => ({
          form: { section: "tour", facilityId: ids.facilityId, date: "2026-01-05", time: "10:00" },
        }),
      },
      {
        method: "POST",
        path: "/clients/:id",
        note: "section=tour-outcome",
        who: "signed-in",
        status: 302,
        prepare: clientTour,
        body: ({ ids }) => ({ form: { section: "tour-outcome", tourId: ids.tourId, outcome: "Completed" } }),
      },
      {
        method: "POST",
        path: "/clients/:id",
        note: "section=disclosure",
        who: "signed-in",
        status: 302,
        prepare: client,
        body: () => ({ form: { section: "disclosure", disclosedOn: "2026-01-05", method: "In person" } }),
      },
    ],
  },
  "_app.clients.$id.delete.tsx": {
    calls: [
      page("/clients/:id/delete", "records.delete", client),
      {
        method: "POST",
        path: "/clients/:id/delete",
        who: "records.delete",
        status: 302,
        location: "/clients",
        prepare: client,
        body: () => ({ form: {} }),
        state: row("clients"),
      },
    ],
  },
  "_app.clients.$id.edit.tsx": {
    calls: [
      page("/clients/:id/edit", "signed-in", client),
      {
        method: "POST",
        path: "/clients/:id/edit",
        who: "signed-in",
        status: 302,
        prepare: client,
        body: () => ({ form: clientFormFields({ intent: "save-anyway" }) }),
        state: row("clients"),
      },
    ],
  },
  "_app.clients.new.tsx": {
    calls: [
      page("/clients/new"),
      {
        method: "POST",
        path: "/clients/new",
        who: "signed-in",
        status: 302,
        body: () => ({ form: clientFormFields({ intent: "create-anyway" }) }),
        state: count("clients"),
      },
    ],
  },
  "_app.facilities.$id.delete.tsx": {
    calls: [
      page("/facilities/:id/delete", "records.delete", facility),
      {
        method: "POST",
        path: "/facilities/:id/delete",
        note: "mark inactive",
        who: "signed-in",
        status: 302,
        prepare: facility,
        body: () => ({ form: { intent: "deactivate" } }),
        state: row("facilities"),
      },
      {
        method: "POST",
        path: "/facilities/:id/delete",
        note: "delete",
        who: "records.delete",
        status: 302,
        location: "/facilities",
        prepare: facility,
        body: () => ({ form: { intent: "delete" } }),
        state: row("facilities"),
      },
    ],
  },
  "_app.facilities.$id.edit.tsx": {
    calls: [
      page("/facilities/:id/edit", "signed-in", facility),
      {
        method: "POST",
        path: "/facilities/:id/edit",
        who: "signed-in",
        status: 302,
        prepare: facility,
        body: () => ({ form: facilityFormFields() }),
        state: row("facilities"),
      },
    ],
  },
  "_app.facilities.$id.agreements.new.tsx": {
    calls: [
      page("/facilities/:id/agreements/new", "fees.manage", facility),
      {
        method: "POST",
        path: "/facilities/:id/agreements/new",
        who: "fees.manage",
        status: 302,
        prepare: facility,
        body: () => ({ form: agreementForm }),
        state: agreementCount,
      },
    ],
  },
  "_app.facilities.$id.agreements.$agreementId.edit.tsx": {
    calls: [
      page("/facilities/:id/agreements/:agreementId/edit", "fees.manage", agreement),
      {
        method: "POST",
        path: "/facilities/:id/agreements/:agreementId/edit",
        who: "fees.manage",
        status: 302,
        prepare: agreement,
        body: () => ({ form: { ...agreementForm, startDate: "2026-01-01", endDate: "2026-12-31" } }),
        state: agreementRow,
      },
    ],
  },
  "_app.invoices._index.tsx": { calls: [page("/invoices", "invoices.manage")] },
  "_app.invoices.aging.tsx": { calls: [page("/invoices/aging", "invoices.manage")] },
  "invoices.facility-options.ts": {
    calls: [page("/invoices/facility-options?scope=invoiced&q=a", "invoices.manage")],
  },
  "_app.invoices.new.tsx": {
    calls: [
      page("/invoices/new", "invoices.manage"),
      {
        method: "POST",
        path: "/invoices/new",
        who: "invoices.manage",
        status: 302,
        location: "/invoices/",
        prepare: feeToInvoice,
        body: ({ ids }) => ({ form: { facilityId: ids.facilityId, placementIds: ids.placementId } }),
        state: async ({ ids, w }) =>
          (await w.db.selectFrom("invoice_lines").select("id").where("placement_id", "=", ids.placementId).execute())
            .length,
      },
    ],
  },
  "_app.invoices.$id.tsx": {
    calls: [
      page("/invoices/:id", "invoices.manage", sentInvoice),
      {
        method: "POST",
        path: "/invoices/:id",
        note: "intent=payment",
        who: "invoices.manage",
        status: 302,
        prepare: sentInvoice,
        body: () => ({ form: { intent: "payment", paidOn: "2026-04-10", amount: "100.00", method: "Check" } }),
        state: invoicePayments,
      },
    ],
  },
  "_app.placements.$id.fee.tsx": {
    calls: [
      page("/placements/:id/fee", "fees.manage", movedIn),
      {
        method: "POST",
        path: "/placements/:id/fee",
        who: "fees.manage",
        status: 302,
        prepare: movedIn,
        body: () => ({ form: { fee: "1500", dueDate: "", reason: "Agreed by phone" } }),
        state: row("placements"),
      },
    ],
  },
  "_app.facilities.new.tsx": {
    calls: [
      page("/facilities/new"),
      {
        method: "POST",
        path: "/facilities/new",
        who: "signed-in",
        status: 302,
        body: () => ({ form: facilityFormFields() }),
        state: count("facilities"),
      },
    ],
  },
  "_app.placements.$id._index.tsx": {
    calls: [
      page("/placements/:id", "signed-in", placement),
      {
        method: "POST",
        path: "/placements/:id",
        note: "intent=tick-step",
        who: "signed-in",
        status: 302,
        location: "/placements/",
        prepare: placement,
        body: () => ({ form: { intent: "tick-step", step: "contractSigned", done: "true" } }),
        state: row("placements"),
      },
      {
        method: "POST",
        path: "/placements/:id",
        note: "intent=make-task, assigned to the caller",
        who: "signed-in",
        status: 302,
        location: "/placements/",
        prepare: placement,
        body: ({ me }) => ({
          form: { intent: "make-task", step: "depositPaid", assignedTo: me.user.id, dueDate: "2026-12-20" },
        }),
        state: count("tasks"),
      },
      {
        method: "POST",
        path: "/placements/:id",
        note: "intent=make-task, assigned to someone else",
        who: "tasks.assignOthers",
        status: 302,
        location: "/placements/",
        prepare: placement,
        body: ({ w }) => ({
          form: { intent: "make-task", step: "depositPaid", assignedTo: w.other.user.id, dueDate: "2026-12-20" },
        }),
        state: count("tasks"),
      },
    ],
  },
  "_app.placements.$id.delete.tsx": {
    calls: [
      page("/placements/:id/delete", "records.delete", placement),
      {
        method: "POST",
        path: "/placements/:id/delete",
        who: "records.delete",
        status: 302,
        location: "/placements",
        prepare: placement,
        body: () => ({ form: {} }),
        state: row("placements"),
      },
    ],
  },
  "_app.placements.$id.edit.tsx": {
    calls: [
      page("/placements/:id/edit", "signed-in", placement),
      {
        method: "POST",
        path: "/placements/:id/edit",
        who: "signed-in",
        status: 302,
        prepare: placementParts,
        body: ({ ids }) => ({
          form: placementFormFields({ clientId: ids.clientId, facilityId: ids.facilityId, agentId: ids.agentId }),
        }),
        state: row("placements"),
      },
    ],
  },
  "_app.placements.new.tsx": {
    calls: [
      page("/placements/new"),
      {
        method: "POST",
        path: "/placements/new",
        who: "signed-in",
        status: 302,
        prepare: parts,
        body: ({ ids, me }) => ({
          form: placementFormFields({ clientId: ids.clientId, facilityId: ids.facilityId, agentId: me.user.id }),
        }),
        state: count("placements"),
      },
    ],
  },
  "_app.notifications.tsx": {
    calls: [
      page("/notifications"),
      {
        method: "POST",
        path: "/notifications",
        note: "mark all read",
        who: "signed-in",
        status: 302,
        location: "/notifications",
        body: () => ({ form: { intent: "read-all" } }),
      },
    ],
  },
  "_app.preferences.tsx": {
    calls: [
      page("/preferences"),
      {
        method: "POST",
        path: "/preferences",
        who: "signed-in",
        status: 302,
        body: () => ({ form: { landingPage: "/dashboard" } }),
      },
    ],
  },
  "_app.profile.tsx": {
    calls: [
      page("/profile"),
      {
        method: "POST",
        path: "/profile",
        note: "name",
        who: "signed-in",
        status: 302,
        body: ({ me }) => ({
          form: { intent: "profile", firstName: me.user.first_name, lastName: me.user.last_name, email: me.user.email },
        }),
      },
    ],
  },
  "_app.resources.$id.delete.tsx": {
    calls: [
      page("/resources/:id/delete", "signed-in", documentOf),
      {
        method: "POST",
        path: "/resources/:id/delete",
        who: "signed-in",
        status: 302,
        location: "/resources",
        prepare: documentOf,
        body: () => ({ form: {} }),
        state: row("resources"),
      },
    ],
  },
  "_app.resources.$id.edit.tsx": {
    calls: [
      page("/resources/:id/edit", "signed-in", documentOf),
      restrictedPage("/resources/:id/edit"),
      {
        method: "POST",
        path: "/resources/:id/edit",
        who: "signed-in",
        status: 302,
        prepare: documentOf,
        body: ({ ids }) => ({ form: { ...documentDetails(ids.clientId), description: "Updated summary" } }),
        state: row("resources"),
      },
    ],
  },
  "_app.resources.$id.replace.tsx": {
    calls: [
      page("/resources/:id/replace", "signed-in", documentOf),
      {
        method: "POST",
        path: "/resources/:id/replace",
        who: "signed-in",
        status: 302,
        prepare: documentOf,
        body: ({ ids }) => ({ multipart: () => documentForm(ids.clientId, "file", { changeLog: "Signed copy" }) }),
        state: row("resources"),
      },
    ],
  },
  "_app.resources.upload.tsx": {
    calls: [
      page("/resources/upload"),
      {
        method: "POST",
        path: "/resources/upload",
        who: "signed-in",
        status: 302,
        location: "/resources",
        prepare: client,
        body: ({ ids }) => ({ multipart: () => documentForm(ids.id, "files") }),
        state: count("resources"),
      },
    ],
  },
  "_app.import._index.tsx": {
    calls: [
      page("/import", "records.import"),
      {
        method: "POST",
        path: "/import",
        who: "records.import",
        status: 302,
        location: "/import/",
        body: () => ({ multipart: importForm }),
        state: count("imports"),
      },
    ],
  },
  "_app.import.$id.tsx": {
    calls: [
      page("/import/:id", "records.import", finishedImport),
      {
        method: "POST",
        path: "/import/:id",
        note: "intent=undo",
        who: "records.import",
        status: 302,
        location: "/import/",
        prepare: finishedImport,
        body: () => ({ form: { intent: "undo" } }),
        state: async ({ ids, w }) =>
          (await w.db.selectFrom("imports").select("status").where("id", "=", ids.id).executeTakeFirst())?.status,
      },
    ],
  },
  "_app.settings._index.tsx": {
    // /settings opens the first section the role has (staff for admins, tokens for the others).
    calls: [{ ...page("/settings"), status: 302, location: "/settings/" }],
  },
  "_app.settings.audit.tsx": { calls: [page("/settings/audit", "audit.view")] },
  "_app.reports.tsx": { calls: [page("/reports", "reports.view")] },
  // Everyone's; the Referral fees tile only for those who keep the invoices (invoices.manage).
  "_app.dashboard.tsx": { calls: [page("/dashboard")] },
  "_app.settings.agency.tsx": {
    calls: [
      page("/settings/agency", "agency.settings"),
      {
        method: "POST",
        path: "/settings/agency",
        who: "agency.settings",
        status: 302,
        body: () => ({ form: { name: `Agency ${nextId()}`, timeZone: "America/Chicago" } }),
        state: ({ w }) => w.db.selectFrom("agencies").selectAll().where("id", "=", w.agencyId).executeTakeFirst(),
      },
    ],
  },
  "_app.settings.tokens.tsx": {
    calls: [
      page("/settings/tokens"),
      {
        method: "POST",
        path: "/settings/tokens",
        note: "a new token",
        who: "signed-in",
        status: 200,
        body: () => ({ form: { intent: "create", name: "Report", expiresIn: "30", scope: "read" } }),
      },
    ],
  },
  "_app.settings.users.$id.tsx": {
    calls: [
      page("/settings/users/:id", "staff.manage", async (w) => ({ id: w.other.user.id })),
      {
        method: "POST",
        path: "/settings/users/:id",
        note: "change the role",
        who: "staff.manage",
        status: 302,
        prepare: async (w) => ({ id: (await createUser(w.db, { agencyId: w.agencyId })).id }),
        body: () => ({ form: { intent: "role", role: "coordinator" } }),
        state: ({ ids, w }) => w.db.selectFrom("users").selectAll().where("id", "=", ids.id).executeTakeFirst(),
      },
    ],
  },
  "_app.settings.users._index.tsx": {
    calls: [
      page("/settings/users", "staff.manage"),
      {
        method: "POST",
        path: "/settings/users",
        note: "invite",
        who: "staff.manage",
        status: 302,
        body: () => ({
          form: {
            intent: "invite",
            firstName: "Nia",
            lastName: "Okafor",
            email: `invited${nextId()}@example.com`,
            role: "agent",
          },
        }),
        state: ({ w }) => w.db.selectFrom("invitations").select("id").execute(),
      },
    ],
  },
  "_app.swim-lanes.$taskId.tsx": {
    calls: [
      page("/swim-lanes/:taskId", "signed-in", async (w) => ({ taskId: (await task(w)).id })),
      {
        method: "POST",
        path: "/swim-lanes/:taskId",
        note: "a communication",
        who: "signed-in",
        status: 302,
        prepare: async (w) => ({ taskId: (await task(w)).id }),
        body: () => ({ form: { type: "call", content: "Spoke with the facility." } }),
      },
      {
        method: "POST",
        path: "/swim-lanes/:taskId",
        note: "intent=toggle-item",
        who: "signed-in",
        status: 302,
        prepare: taskWithItem("taskId"),
        body: ({ ids }) => ({ form: { intent: "toggle-item", itemId: ids.itemId, completed: "true" } }),
      },
    ],
  },
  "_app.swim-lanes.tsx": {
    calls: [
      page("/swim-lanes"),
      {
        method: "POST",
        path: "/swim-lanes",
        note: "a move",
        who: "signed-in",
        status: 302,
        prepare: task,
        body: ({ ids }) => ({ form: { taskId: ids.id, status: "Active Client", fromStatus: "New Client" } }),
        state: row("tasks"),
      },
    ],
  },
  "_app.tasks.$id._index.tsx": {
    calls: [
      page("/tasks/:id", "signed-in", task),
      {
        method: "POST",
        path: "/tasks/:id",
        note: "complete",
        who: "signed-in",
        status: 302,
        prepare: task,
        body: () => ({ form: { intent: "complete" } }),
        state: row("tasks"),
      },
      {
        method: "POST",
        path: "/tasks/:id",
        note: "intent=add-communication",
        who: "signed-in",
        status: 302,
        prepare: task,
        body: () => ({ form: { intent: "add-communication", type: "note", content: "Left a message." } }),
      },
    ],
  },
  "_app.tasks.$id.delete.tsx": {
    // Agents delete tasks (only clients, facilities and placements need records.delete).
    calls: [
      page("/tasks/:id/delete", "signed-in", task),
      {
        method: "POST",
        path: "/tasks/:id/delete",
        who: "signed-in",
        status: 302,
        location: "/tasks",
        prepare: task,
        body: () => ({ form: {} }),
        state: row("tasks"),
      },
    ],
  },
  "_app.tasks.$id.edit.tsx": {
    calls: [
      page("/tasks/:id/edit", "signed-in", task),
      {
        method: "POST",
        path: "/tasks/:id/edit",
        note: "assigned to the caller",
        who: "signed-in",
        status: 302,
        prepare: task,
        body: ({ me }) => ({ form: taskFormFields(me.user.id) }),
        state: row("tasks"),
      },
      {
        method: "POST",
        path: "/tasks/:id/edit",
        note: "assigned to someone else",
        who: "tasks.assignOthers",
        status: 302,
        prepare: task,
        body: ({ w }) => ({ form: taskFormFields(w.other.user.id) }),
        state: row("tasks"),
      },
    ],
  },
  "_app.tasks.new.tsx": {
    calls: [
      page("/tasks/new"),
      {
        method: "POST",
        path: "/tasks/new",
        note: "assigned to the caller",
        who: "signed-in",
        status: 302,
        body: ({ me }) => ({ form: taskFormFields(me.user.id) }),
        state: count("tasks"),
      },
      {
        method: "POST",
        path: "/tasks/new",
        note: "assigned to someone else",
        who: "tasks.assignOthers",
        status: 302,
        body: ({ w }) => ({ form: taskFormFields(w.other.user.id) }),
        state: count("tasks"),
      },
    ],
  },
  "_app.ui-demo.tsx": {
    // A developer's showcase (a 404 in production); its "delete" deletes nothing.
    calls: [
      page("/ui-demo"),
      {
        method: "POST",
        path: "/ui-demo",
        who: "signed-in",
        status: 302,
        body: () => ({ form: { intent: "toast", type: "success" } }),
      },
    ],
  },

  // ── signing in ──
  "_auth.login.tsx": {
    calls: [
      page("/login", "visitors"),
      {
        method: "POST",
        path: "/login",
        who: "visitors",
        status: 302,
        location: "/dashboard",
        prepare: account,
        body: ({ ids }) => ({ form: { email: ids.email, password: DEFAULT_PASSWORD } }),
      },
    ],
  },
  "_auth.login_.two-factor.tsx": {
    // Without a sign-in waiting for its second factor (the password step's cookie), back to the
    // password (tests/integration/two-factor-sign-in.test.ts goes through both steps).
    calls: [
      { ...page("/login/two-factor", "visitors"), status: 302, location: "/login" },
      {
        method: "POST",
        path: "/login/two-factor",
        who: "visitors",
        status: 302,
        location: "/login",
        body: () => ({ form: { method: "app", code: "123456" } }),
      },
    ],
  },
  "_auth.login_.two-factor_.setup.tsx": {
    // The same without the password step's cookie (tests/integration/two-factor-required.test.ts
    // goes through the set-up).
    calls: [
      { ...page("/login/two-factor/setup", "visitors"), status: 302, location: "/login" },
      {
        method: "POST",
        path: "/login/two-factor/setup",
        who: "visitors",
        status: 302,
        location: "/login",
        body: () => ({ form: { code: "123456" } }),
      },
    ],
  },
  "_auth.forgot-password.tsx": {
    calls: [
      page("/forgot-password", "visitors"),
      {
        method: "POST",
        path: "/forgot-password",
        who: "visitors",
        status: 200,
        body: () => ({ form: { email: `nobody${nextId()}@example.com` } }),
      },
    ],
  },
  "_auth.reset-password.tsx": {
    // A link's token that is not one: past the guard, the form says so (400).
    calls: [
      page("/reset-password?token=not-a-token", "visitors"),
      {
        method: "POST",
        path: "/reset-password",
        who: "visitors",
        status: 400,
        body: () => ({ form: { token: "not-a-token", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }),
      },
    ],
  },
  "_auth.invitation.tsx": {
    calls: [
      page("/invitation?token=:token", "visitors", invitation),
      {
        method: "POST",
        path: "/invitation",
        who: "visitors",
        status: 302,
        location: "/login",
        prepare: invitation,
        body: ({ ids }) => ({
          form: {
            token: ids.token,
            firstName: "Nia",
            lastName: "Okafor",
            password: NEW_PASSWORD,
            confirmPassword: NEW_PASSWORD,
          },
        }),
        state: ({ ids, w }) => w.db.selectFrom("users").select("id").where("email", "=", ids.email).execute(),
      },
    ],
  },
  "logout.tsx": {
    // Signing out is a POST for anyone (a visitor is simply sent to sign in); a GET goes home.
    calls: [
      { ...page("/logout", "anyone"), status: 302, location: "/dashboard" },
      {
        method: "POST",
        path: "/logout",
        who: "anyone",
        status: 302,
        location: "/login",
        freshCaller: true,
        body: () => ({ form: {} }),
      },
    ],
  },
  "sidebar.tsx": {
    // The sidebar's collapsed-or-not cookie: a browser's preference, no account's.
    calls: [
      { ...page("/sidebar", "anyone"), status: 302, location: "/dashboard" },
      {
        method: "POST",
        path: "/sidebar",
        who: "anyone",
        status: 302,
        location: "/clients",
        body: () => ({ form: { collapsed: "1", redirectTo: "/clients" } }),
      },
    ],
  },

  // ── exports ──
  "clients.export.ts": { calls: [page("/clients/export", "lists.export")] },
  "import.$id.errors[.]csv.ts": { calls: [page("/import/:id/errors.csv", "records.import", finishedImport)] },
  "invoices.export.ts": { calls: [page("/invoices/export", "invoices.manage")] },
  "invoices.$id.pdf.ts": { calls: [page("/invoices/:id/pdf", "invoices.manage", sentInvoice)] },
  "facilities.export.ts": { calls: [page("/facilities/export", "lists.export")] },
  "resources.export.ts": { calls: [page("/resources/export", "lists.export")] },
  "placements.export.ts": { calls: [page("/placements/export", "lists.export")] },
  "settings.audit.export.ts": { calls: [page("/settings/audit/export", "audit.view")] },
  "reports.$report[.]csv.ts": {
    calls: [page("/reports/:report.csv", "reports.view", async () => ({ report: "conversion" }))],
  },

  // ── the API ──
  "api.$.ts": {
    anyMethod: true,
    calls: [
      { ...page("/api/no-such-endpoint", "anyone"), status: 404 },
      { method: "POST", path: "/api/no-such-endpoint", who: "anyone", status: 404, body: () => ({ json: {} }) },
    ],
  },
  "api.auth.login.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/auth/login",
        who: "anyone",
        status: 200,
        prepare: account,
        body: ({ ids }) => ({ json: { email: ids.email, password: DEFAULT_PASSWORD } }),
      },
    ],
  },
  "api.auth.forgot-password.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/auth/forgot-password",
        who: "anyone",
        status: 200,
        body: () => ({ json: { email: `nobody${nextId()}@example.com` } }),
      },
    ],
  },
  "api.auth.reset-password.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/auth/reset-password",
        who: "anyone",
        status: 400,
        body: () => ({ json: { token: "not-a-token", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD } }),
      },
    ],
  },
  "api.auth.logout.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/auth/logout",
        who: "signed-in",
        status: 200,
        // A personal token is revoked on /settings/tokens, not here.
        tokenStatus: 400,
        freshCaller: true,
        body: () => ({ json: {} }),
      },
    ],
  },
  "api.auth.me.ts": { calls: [page("/api/auth/me")] },
  // The API reference: public, holding no data.
  "api.docs.tsx": { calls: [page("/api/docs", "anyone")] },
  "api.openapi[.]json.ts": { calls: [page("/api/openapi.json", "anyone")] },
  "api.auth.users.ts": { calls: [page("/api/auth/users")] },
  "api.clients._index.ts": {
    calls: [
      page("/api/clients"),
      {
        method: "POST",
        path: "/api/clients?allowDuplicate=true",
        who: "signed-in",
        status: 201,
        body: () => ({ json: validClientBody() }),
        state: count("clients"),
      },
    ],
  },
  "api.clients.$id.ts": {
    calls: [
      page("/api/clients/:id", "signed-in", client),
      {
        method: "PUT",
        path: "/api/clients/:id",
        who: "signed-in",
        status: 200,
        prepare: client,
        body: () => ({ json: validClientBody() }),
        state: row("clients"),
      },
      {
        method: "DELETE",
        path: "/api/clients/:id",
        who: "records.delete",
        status: 200,
        prepare: client,
        state: row("clients"),
      },
    ],
  },
  "api.clients.$id_.matches.ts": { calls: [page("/api/clients/:id/matches", "signed-in", client)] },
  "api.clients.$id_.timeline.ts": { calls: [page("/api/clients/:id/timeline", "signed-in", client)] },
  "api.clients.$id_.tours.ts": {
    calls: [
      page("/api/clients/:id/tours", "signed-in", client),
      {
        method: "POST",
        path: "/api/clients/:id/tours",
        who: "signed-in",
        status: 201,
        prepare: clientAndFacility,
        body: ({ ids }) => ({ json: { facilityId: ids.facilityId, date: "2026-01-05", time: "10:00" } }),
      },
    ],
  },
  "api.tours.$id.ts": {
    calls: [
      page("/api/tours/:id", "signed-in", async (w) => ({ id: (await clientTour(w)).tourId })),
      {
        method: "PATCH",
        path: "/api/tours/:id",
        who: "signed-in",
        status: 200,
        prepare: async (w) => ({ id: (await clientTour(w)).tourId }),
        body: () => ({ json: { outcome: "Completed" } }),
      },
    ],
  },
  "api.clients.$id_.disclosure.ts": {
    calls: [
      page("/api/clients/:id/disclosure", "signed-in", client),
      {
        method: "PUT",
        path: "/api/clients/:id/disclosure",
        who: "signed-in",
        status: 200,
        prepare: client,
        body: () => ({ json: { disclosedOn: "2026-01-05", method: "E-mail" } }),
      },
    ],
  },
  "api.clients.dashboard.ts": { calls: [page("/api/clients/dashboard")] },
  "api.reports.$report.ts": {
    calls: [page("/api/reports/:report", "reports.view", async () => ({ report: "conversion" }))],
  },
  "api.facilities._index.ts": {
    calls: [
      page("/api/facilities"),
      {
        method: "POST",
        path: "/api/facilities",
        who: "signed-in",
        status: 201,
        body: () => ({ json: validFacilityBody() }),
        state: count("facilities"),
      },
    ],
  },
  "api.facilities.$id.ts": {
    calls: [
      page("/api/facilities/:id", "signed-in", facility),
      {
        method: "PUT",
        path: "/api/facilities/:id",
        who: "signed-in",
        status: 200,
        prepare: facility,
        body: () => ({ json: validFacilityBody() }),
        state: row("facilities"),
      },
      {
        method: "DELETE",
        path: "/api/facilities/:id",
        who: "records.delete",
        status: 200,
        prepare: facility,
        state: row("facilities"),
      },
    ],
  },
  "api.facilities.dashboard.ts": { calls: [page("/api/facilities/dashboard")] },
  "api.facilities.$id_.agreements.ts": {
    calls: [
      page("/api/facilities/:id/agreements", "signed-in", agreement),
      {
        method: "POST",
        path: "/api/facilities/:id/agreements",
        who: "fees.manage",
        status: 201,
        prepare: facility,
        body: () => ({ json: { feeType: "flat", flatFee: 3000, startDate: "2027-01-01" } }),
        state: agreementCount,
      },
    ],
  },
  "api.placements.$id_.fee.ts": {
    calls: [
      {
        method: "PATCH",
        path: "/api/placements/:id/fee",
        who: "fees.manage",
        status: 200,
        prepare: movedIn,
        body: () => ({ json: { fee: 1500, reason: "Agreed by phone" } }),
        state: row("placements"),
      },
    ],
  },
  "api.invoices._index.ts": {
    calls: [
      page("/api/invoices", "invoices.manage"),
      {
        method: "POST",
        path: "/api/invoices",
        who: "invoices.manage",
        status: 201,
        prepare: feeToInvoice,
        body: ({ ids }) => ({ json: { facilityId: ids.facilityId, placementIds: [ids.placementId] } }),
        state: invoicesOfAgency,
      },
    ],
  },
  "api.invoices.$id.ts": {
    calls: [
      page("/api/invoices/:id", "invoices.manage", sentInvoice),
      {
        method: "DELETE",
        path: "/api/invoices/:id",
        who: "invoices.manage",
        status: 200,
        prepare: draftInvoice,
        state: row("invoices"),
      },
    ],
  },
  "api.invoices.$id_.send.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/invoices/:id/send",
        who: "invoices.manage",
        status: 200,
        prepare: draftInvoice,
        body: () => ({ json: { to: "billing@facility.example" } }),
        state: row("invoices"),
      },
    ],
  },
  "api.invoices.$id_.void.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/invoices/:id/void",
        who: "invoices.manage",
        status: 200,
        prepare: sentInvoice,
        body: () => ({ json: { reason: "Sent to the wrong facility" } }),
        state: row("invoices"),
      },
    ],
  },
  "api.invoices.$id_.credit-notes.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/invoices/:id/credit-notes",
        who: "invoices.manage",
        status: 201,
        prepare: sentInvoice,
        body: () => ({ json: { amountCents: 10000, reason: "Goodwill" } }),
        state: row("invoices"),
      },
    ],
  },
  "api.invoices.$id_.payments.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/invoices/:id/payments",
        who: "invoices.manage",
        status: 201,
        prepare: sentInvoice,
        body: () => ({ json: { paidOn: "2026-04-10", amountCents: 10000, method: "ACH" } }),
        state: invoicePayments,
      },
    ],
  },
  "api.agreements.$id.ts": {
    calls: [
      page("/api/agreements/:id", "signed-in", async (w) => {
        const ids = await agreement(w);
        return { id: ids.agreementId, agreementId: ids.agreementId };
      }),
      {
        method: "PATCH",
        path: "/api/agreements/:id",
        who: "fees.manage",
        status: 200,
        prepare: async (w) => {
          const ids = await agreement(w);
          return { id: ids.agreementId, agreementId: ids.agreementId };
        },
        body: () => ({ json: { endDate: "2026-12-31" } }),
        state: agreementRow,
      },
    ],
  },
  "api.placements._index.ts": {
    calls: [
      page("/api/placements"),
      {
        method: "POST",
        path: "/api/placements",
        who: "signed-in",
        status: 201,
        prepare: parts,
        body: ({ ids }) => ({ json: placementBody(ids) }),
        state: count("placements"),
      },
    ],
  },
  "api.placements.$id.ts": {
    calls: [
      page("/api/placements/:id", "signed-in", placement),
      {
        method: "PUT",
        path: "/api/placements/:id",
        who: "signed-in",
        status: 200,
        prepare: placementParts,
        body: ({ ids }) => ({ json: placementBody(ids) }),
        state: row("placements"),
      },
      {
        method: "DELETE",
        path: "/api/placements/:id",
        who: "records.delete",
        status: 200,
        prepare: placement,
        state: row("placements"),
      },
    ],
  },
  "api.placements.dashboard.ts": { calls: [page("/api/placements/dashboard")] },
  "api.imports._index.ts": {
    calls: [
      page("/api/imports", "records.import"),
      {
        method: "POST",
        path: "/api/imports",
        who: "records.import",
        status: 202,
        body: () => ({ multipart: importForm }),
        state: count("imports"),
      },
    ],
  },
  "api.imports.$id.ts": { calls: [page("/api/imports/:id", "records.import", finishedImport)] },
  "api.imports.$id_.undo.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/imports/:id/undo",
        who: "records.import",
        status: 200,
        prepare: finishedImport,
        state: async ({ ids, w }) =>
          (await w.db.selectFrom("imports").select("status").where("id", "=", ids.id).executeTakeFirst())?.status,
      },
    ],
  },
  "api.resources._index.ts": {
    calls: [
      page("/api/resources"),
      {
        method: "POST",
        path: "/api/resources",
        who: "signed-in",
        status: 201,
        prepare: client,
        body: ({ ids }) => ({ multipart: () => documentForm(ids.id, "file") }),
        state: count("resources"),
      },
    ],
  },
  "api.resources.$id.ts": {
    // Agents delete documents (those they may see).
    calls: [
      page("/api/resources/:id", "signed-in", documentOf),
      restrictedPage("/api/resources/:id"),
      {
        method: "PUT",
        path: "/api/resources/:id",
        who: "signed-in",
        status: 200,
        prepare: documentOf,
        body: ({ ids }) => ({ json: { ...documentDetails(ids.clientId), description: "Updated summary" } }),
        state: row("resources"),
      },
      {
        method: "DELETE",
        path: "/api/resources/:id",
        who: "signed-in",
        status: 200,
        prepare: documentOf,
        state: row("resources"),
      },
      {
        method: "DELETE",
        path: "/api/resources/:id",
        note: "restricted",
        who: "documents.restricted",
        hidden: true,
        status: 200,
        prepare: restrictedDocument,
        state: row("resources"),
      },
    ],
  },
  "api.resources.$id_.download.ts": {
    calls: [
      page("/api/resources/:id/download", "signed-in", documentOf),
      restrictedPage("/api/resources/:id/download"),
    ],
  },
  "api.resources.$id_.versions.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/resources/:id/versions",
        who: "signed-in",
        status: 201,
        prepare: documentOf,
        body: ({ ids }) => ({ multipart: () => documentForm(ids.clientId, "file", { changeLog: "Signed copy" }) }),
        state: row("resources"),
      },
    ],
  },
  "api.tasks._index.ts": {
    calls: [
      page("/api/tasks"),
      {
        method: "POST",
        path: "/api/tasks",
        note: "assigned to the caller",
        who: "signed-in",
        status: 201,
        body: ({ me }) => ({ json: taskBody(me.user.id) }),
        state: count("tasks"),
      },
      {
        method: "POST",
        path: "/api/tasks",
        note: "assigned to someone else",
        who: "tasks.assignOthers",
        status: 201,
        body: ({ w }) => ({ json: taskBody(w.other.user.id) }),
        state: count("tasks"),
      },
    ],
  },
  "api.tasks.$id.ts": {
    calls: [
      page("/api/tasks/:id", "signed-in", task),
      {
        method: "PUT",
        path: "/api/tasks/:id",
        note: "assigned to the caller",
        who: "signed-in",
        status: 200,
        prepare: task,
        body: ({ me }) => ({ json: taskBody(me.user.id) }),
        state: row("tasks"),
      },
      {
        method: "PUT",
        path: "/api/tasks/:id",
        note: "assigned to someone else",
        who: "tasks.assignOthers",
        status: 200,
        prepare: task,
        body: ({ w }) => ({ json: taskBody(w.other.user.id) }),
        state: row("tasks"),
      },
      {
        method: "DELETE",
        path: "/api/tasks/:id",
        who: "signed-in",
        status: 200,
        prepare: task,
        state: row("tasks"),
      },
    ],
  },
  "api.tasks.$id_.communications.ts": {
    calls: [
      {
        method: "POST",
        path: "/api/tasks/:id/communications",
        who: "signed-in",
        status: 201,
        prepare: task,
        body: () => ({ json: { type: "note", content: "Left a message." } }),
      },
    ],
  },
  "api.tasks.$id_.status.ts": {
    calls: [
      {
        method: "PATCH",
        path: "/api/tasks/:id/status",
        who: "signed-in",
        status: 200,
        prepare: task,
        body: () => ({ json: { status: "Active Client", fromStatus: "New Client" } }),
        state: row("tasks"),
      },
    ],
  },
  "api.tasks.dashboard.ts": { calls: [page("/api/tasks/dashboard")] },
  "api.tasks.swim-lanes.ts": { calls: [page("/api/tasks/swim-lanes")] },
};

/** A new user of `role` in the world's agency, signed in (for a call that ends its session). */
export const freshUser = (w: World, role: Role) => signInUser(w.db, w.agencyId, { role });
