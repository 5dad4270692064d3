import { axeViolations, expectValidScreen, htmlErrors } from "../support/page-checks";
import {
  createSpareAgent,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  dbForE2E,
  expect,
  signInByForm,
  test,
  token,
} from "../support/e2e";
import { insertClient, insertClientWithHistory, insertFacility, insertPlacement } from "../support/e2e-data";
import { createAgency, createUser } from "../support/factories";
import { totpAt } from "../support/totp";

// Every screen: its HTML valid (html-validate) and its page free of axe-core violations, with
// JavaScript and without (tests/support/page-checks.ts: each test looks at both, so it runs in
// the js project only). A screen added to the app is added here.

/** A record of each kind in the demo agency, to open its pages. */
async function demoRecords() {
  const db = dbForE2E();
  const { agency_id: agencyId } = await db
    .selectFrom("users")
    .select("agency_id")
    .where("email", "=", DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  const first = async (table: "clients" | "facilities" | "placements" | "tasks" | "resources") =>
    (
      await db
        .selectFrom(table)
        .select("id")
        .where("agency_id", "=", agencyId)
        .orderBy("created_at")
        .orderBy("id")
        .executeTakeFirstOrThrow()
    ).id;
  return {
    client: await first("clients"),
    facility: await first("facilities"),
    placement: await first("placements"),
    task: await first("tasks"),
    resource: await first("resources"),
    invoice: await demoInvoice(agencyId),
    ...(await demoImports(agencyId)),
  };
}

/** A draft import with its file, and a failed one with an invalid row, of the demo agency: made once, found after. */
async function demoImports(agencyId: string): Promise<{ draftImport: string; failedImport: string }> {
  const db = dbForE2E();
  const mine = (status: "draft" | "failed") =>
    db.selectFrom("imports").select("id").where("agency_id", "=", agencyId).where("status", "=", status);
  const draft = await mine("draft").executeTakeFirst();
  const failed = await mine("failed").executeTakeFirst();
  if (draft && failed) return { draftImport: draft.id, failedImport: failed.id };
  const base = { agency_id: agencyId, type: "clients" as const, file_name: "clients.csv" };
  const made = await db
    .insertInto("imports")
    .values([
      { ...base, status: "draft" },
      {
        ...base,
        status: "failed",
        total_rows: 1,
        processed_rows: 1,
        invalid_count: 1,
        finished_at: new Date(),
        message: "Nothing was imported: 1 of 1 rows are not valid.",
        errors: JSON.stringify([
          {
            kind: "invalid",
            row: 2,
            field: "Email",
            column: "Email",
            message: "Please enter a valid email address",
            value: "ann@",
          },
        ]) as never,
      },
    ])
    .returning("id")
    .execute();
  const csv = "First Name,Last Name,Email\r\nAnn,Lee,ann@example.com\r\n";
  await db
    .insertInto("import_file_chunks")
    .values({ import_id: made[0].id, seq: 0, data: Buffer.from(csv) })
    .execute();
  return { draftImport: made[0].id, failedImport: made[1].id };
}

/** A sent invoice of the demo agency (the seed has none): made once, found after. */
async function demoInvoice(agencyId: string): Promise<string> {
  const db = dbForE2E();
  const found = await db.selectFrom("invoices").select("id").where("agency_id", "=", agencyId).executeTakeFirst();
  if (found) return found.id;
  const facility = await db
    .selectFrom("facilities")
    .select("id")
    .where("agency_id", "=", agencyId)
    .orderBy("created_at")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const invoice = await db
    .insertInto("invoices")
    .values({
      agency_id: agencyId,
      facility_id: facility.id,
      number: "INV-2026-9001",
      status: "Sent",
      issue_date: "2026-04-01",
      due_date: "2026-05-01",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("invoice_lines")
    .values({
      agency_id: agencyId,
      invoice_id: invoice.id,
      client_name: "Ann Lee",
      moved_in_on: "2026-03-10",
      description: "50% of $4,200 first month",
      amount_cents: 210000,
    })
    .execute();
  return invoice.id;
}

type Ids = Awaited<ReturnType<typeof demoRecords>>;
let ids: Promise<Ids> | undefined;

/** Anonymous screens, then the signed-in ones (a function of the demo records' ids). */
const ANONYMOUS = ["/login", "/forgot-password", "/reset-password?token=not-a-token", "/invitation?token=not-a-token"];
/** Public pages outside the app, with no scripts (nothing to hydrate): the API reference. */
const STANDALONE = ["/api/docs"];
const SIGNED_IN: Array<(ids: Ids) => string> = [
  () => "/dashboard",
  () => "/search?q=mar",
  () => "/profile",
  () => "/preferences",
  () => "/notifications",
  () => "/settings/tokens",
  () => "/reports",
  () => "/import",
  (ids) => `/import/${ids.draftImport}`,
  (ids) => `/import/${ids.draftImport}?step=preview`,
  (ids) => `/import/${ids.failedImport}`,
  ...recordPages("clients", (ids) => ids.client),
  ...recordPages("facilities", (ids) => ids.facility),
  (ids) => `/facilities/${ids.facility}/agreements/new`,
  ...recordPages("placements", (ids) => ids.placement),
  (ids) => `/placements/${ids.placement}/fee`,
  () => "/invoices",
  () => "/invoices/aging",
  () => "/invoices/new",
  (ids) => `/invoices/new?facility=${ids.facility}`,
  (ids) => `/invoices/${ids.invoice}`,
  ...recordPages("tasks", (ids) => ids.task),
  () => "/tasks?view=grid",
  () => "/swim-lanes",
  () => "/swim-lanes?view=analytics",
  (ids) => `/swim-lanes/${ids.task}`,
  ...recordPages("resources", (ids) => ids.resource, "upload"),
  (ids) => `/resources/${ids.resource}/replace`,
];

/** The admins' screens (a staff member's page: an agent's, <id>). */
const ADMIN_SCREENS = ["/settings/users", "/settings/users/<id>", "/settings/agency", "/settings/audit"];

/** A record's pages: its list, the new form, and its detail, edit and delete pages. */
function recordPages(list: string, id: (ids: Ids) => string, create = "new"): Array<(ids: Ids) => string> {
  return [
    () => `/${list}`,
    () => `/${list}/${create}`,
    (ids) => `/${list}/${id(ids)}`,
    (ids) => `/${list}/${id(ids)}/edit`,
    (ids) => `/${list}/${id(ids)}/delete`,
  ];
}

/** The screen's address with its ids written as <id>, for the test's title. */
const title = (page: (ids: Ids) => string) =>
  page({
    client: "<id>",
    facility: "<id>",
    placement: "<id>",
    task: "<id>",
    resource: "<id>",
    invoice: "<id>",
    draftImport: "<draft>",
    failedImport: "<failed>",
  });

test.describe("every screen is valid HTML and passes axe, with JavaScript and without @js-only", () => {
  for (const target of ANONYMOUS) {
    test(target, async ({ page }) => {
      await expectValidScreen(page, target);
    });
  }
  for (const target of STANDALONE) {
    test(target, async ({ context }) => {
      // The whole API on one page: axe takes seconds over its tables.
      test.slow();
      // A tab of its own: the page fixture waits for the app to hydrate, which this page never does.
      // It loads no scripts, so it is checked once.
      const page = await context.newPage();
      await expectValidScreen(page, target, 200, { scripts: false });
      expect(await page.locator("script[src]").count()).toBe(0);
    });
  }
  for (const screen of SIGNED_IN) {
    test(title(screen), async ({ page, loginAs }) => {
      await loginAs();
      ids ??= demoRecords();
      await expectValidScreen(page, screen(await ids));
    });
  }
  for (const target of ADMIN_SCREENS) {
    test(`${target} (an admin's)`, async ({ page, loginAs }) => {
      await loginAs("admin@example.com");
      const agent = await dbForE2E()
        .selectFrom("users")
        .select("id")
        .where("email", "=", "marcus.reed@example.com")
        .executeTakeFirstOrThrow();
      await expectValidScreen(page, target.replace("<id>", agent.id));
    });
  }
  test("the two-factor screens: set-up at sign-in, the code step, the profile's card pending and on", async ({
    page,
    loginAs,
  }) => {
    const db = dbForE2E();
    const agency = await createAgency(db, { name: "Two-factor Agency", require_two_factor: true });
    const email = `two-factor-${token(8)}@example.com`;
    await createUser(db, { agencyId: agency.id, email, password: DEMO_PASSWORD });
    await signInByForm(page, email);
    await expect(page).toHaveURL(/\/login\/two-factor\/setup$/);
    await expectValidScreen(page, "/login/two-factor/setup");
    await page.getByLabel("Authentication code").fill(totpAt(await page.locator("code").innerText()));
    await page.getByRole("button", { name: "Confirm and continue" }).click();
    await page.getByRole("link", { name: "I have saved my codes, continue" }).click();
    await expectValidScreen(page, "/profile");
    await signInByForm(page, email);
    await expectValidScreen(page, "/login/two-factor");
    await expectValidScreen(page, "/login/two-factor?method=recovery");
    // Pending: the QR code and the key, on an account of the demo agency.
    await loginAs(await createSpareAgent());
    await page.goto("/profile");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authentication app" })).toBeVisible();
    await expectValidScreen(page, "/profile");
  });
  test("a client's tours and disclosure, a facility's tours, a placement's tour line", async ({ page, agency }) => {
    const client = await insertClient(agency);
    const facility = await insertFacility(agency);
    const placement = await insertPlacement(agency, client, facility);
    const db = dbForE2E();
    const tour = await db
      .insertInto("tours")
      .values({
        agency_id: agency.agencyId,
        client_id: client.id,
        facility_id: facility.id,
        scheduled_at: new Date("2026-10-03T14:30:00Z"),
        family_attendees: "Maria (daughter)",
        outcome: "Completed",
        outcome_at: new Date("2026-10-03T16:00:00Z"),
        outcome_by: agency.id,
        created_by: agency.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("tour_staff")
      .values({ tour_id: tour.id, user_id: agency.id, agency_id: agency.agencyId })
      .execute();
    await db
      .insertInto("client_disclosures")
      .values({ agency_id: agency.agencyId, client_id: client.id, disclosed_on: "2026-10-01", method: "In person" })
      .execute();
    await expectValidScreen(page, `/clients/${client.id}`);
    await expectValidScreen(page, `/facilities/${facility.id}`);
    await expectValidScreen(page, `/placements/${placement.id}`);
    await expectValidScreen(page, "/placements");
  });
  test("a client with a long history: the newest entries, the latest tours, all of them with an outcome being changed", async ({
    page,
    agency,
  }) => {
    const { client, tourIds } = await insertClientWithHistory(agency);
    await expectValidScreen(page, `/clients/${client.id}`);
    await expectValidScreen(page, `/clients/${client.id}?page=3`);
    await expectValidScreen(page, `/clients/${client.id}?tours=all&outcome=${tourIds[5]}`);
  });
  test("an unknown address (404)", async ({ page, loginAs }) => {
    await loginAs();
    await expectValidScreen(page, "/no/such/page", 404);
  });
});

test("the checks find what they look for @js-only", async ({ page }) => {
  const invalid = `<!doctype html><html lang="en"><head><title>Invalid</title></head>
    <body><div><dt>Phone</dt><dd>1</dd></div><span aria-label="x">1</span></body></html>`;
  expect((await htmlErrors(invalid)).map((error) => error.split(":")[0])).toEqual(
    expect.arrayContaining(["element-required-ancestor", "aria-label-misuse"]),
  );
  await page.setContent(`<main><img src="/icon.png"><a href="/">  </a></main>`);
  expect((await axeViolations(page)).map((violation) => violation.split(":")[0])).toEqual(
    expect.arrayContaining(["image-alt", "link-name"]),
  );
});
