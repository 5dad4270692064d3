// The clients area (docs/screens.md, "Clients"): list, filters, export, form, detail
// and delete, with JavaScript on (project `js`) and off (project `no-js`).
//
// Tests that write get an agency of their own (an empty one, see `agency` below): both projects
// run at once against one seeded database, and a fresh agency keeps each test's clients, counts and
// exports to itself. Tests that only read (a client with placements, the export of the demo data)
// use the seeded demo agency.
import { type Page } from "@playwright/test";
import { sql } from "kysely";
import {
  csvRecords as readCsv,
  DEMO_EMAIL,
  dbForE2E,
  expect,
  field,
  test,
  toast,
  token,
  uniquePhone,
} from "../support/e2e";
import { clientsOf, insertClient, insertTask } from "../support/e2e-data";
import { confirmDelete, type DeleteConfirmation, download, hrefOf, screenSteps } from "../support/e2e-steps";

// ───────────────────────────── helpers ─────────────────────────────

const { filters, ready, applyFilters } = screenSteps({ filters: "Client filters" });
const cards = (page: Page) => page.getByTestId("client-card");
const cardNames = (page: Page) => cards(page).getByRole("heading");

/** Fills the required fields of the client form. */
async function fillRequired(
  page: Page,
  v: { firstName: string; lastName: string; email: string; phone: string; dob?: string },
) {
  await field(page, "First name").fill(v.firstName);
  await field(page, "Last name").fill(v.lastName);
  await field(page, "Email").fill(v.email);
  await field(page, "Phone").fill(v.phone);
  await field(page, "Date of birth").fill(v.dob ?? "1941-02-03");
  await field(page, "Contact name").fill("Maria Gomez");
  await field(page, "Relationship").fill("Daughter");
  await field(page, "Contact phone").fill(uniquePhone());
}

const CSV_HEADER = [
  "First Name",
  "Last Name",
  "Email",
  "Phone",
  "Date of Birth",
  "Gender",
  "Referral Source",
  "Status",
  "Care Level",
  "Street",
  "City",
  "State",
  "ZIP",
  "Emergency Contact",
  "Relationship",
  "Emergency Phone",
  "Medical Conditions",
  "Medications",
  "Medical Notes",
  "Budget Min",
  "Budget Max",
  "Preferred Location",
  "Room Type",
  "Preferred Amenities",
  "Created",
  "Updated",
];

const csvRecords = (text: string) => readCsv(text, CSV_HEADER);

/** The message of a refused delete, as the user should read it. */
function inUseMessage(placements: number, openTasks: number): string {
  const parts = [
    placements > 0 ? `${placements} placement${placements === 1 ? "" : "s"}` : null,
    openTasks > 0 ? `${openTasks} open task${openTasks === 1 ? "" : "s"}` : null,
  ].filter(Boolean);
  return `This client has ${parts.join(" and ")}, so it cannot be deleted. Delete or reassign ${
    parts.length > 1 ? "them" : "it"
  } first.`;
}

/** The delete confirmation of a client's page. */
const deletion = (client: { id: string; name: string }): DeleteConfirmation => ({
  path: `/clients/${client.id}`,
  name: "Delete this client?",
  message: `Are you sure you want to delete ${client.name}? This action cannot be undone.`,
});

// ───────────────────────────── create ─────────────────────────────

test.describe("adding a client", () => {
  test("errors show next to the fields; corrected, the client is saved with its care and medical details", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const last = `Okafor${token()}`;
    const email = `grace.${last}@example.com`.toLowerCase();

    await page.goto("/clients");
    await expect(page.getByText("No clients yet")).toBeVisible();
    await ready(page, js, "list");
    await page.getByRole("link", { name: "Add Client" }).first().click();
    await expect(page).toHaveURL(/\/clients\/new$/);
    await expect(page.getByRole("heading", { name: "Add Client" })).toBeVisible();
    await ready(page, js, "form");

    // Defaults of a new client.
    await expect(field(page, "Care level")).toHaveValue("independent");
    await expect(field(page, "Status")).toHaveValue("New Client");
    // Room type may be left blank: "No preference" is its first choice, and chosen at first.
    await expect(field(page, "Room type")).toHaveValue("none");
    await expect(field(page, "Room type").locator("option").first()).toHaveText("No preference");

    // First try: no last name, a bad e-mail, a contact phone too short.
    await field(page, "First name").fill("Grace");
    await field(page, "Email").fill("not-an-email");
    await field(page, "Phone").fill(uniquePhone());
    await field(page, "Date of birth").fill("1941-02-03");
    await field(page, "Contact name").fill("Maria Gomez");
    await field(page, "Relationship").fill("Daughter");
    await field(page, "Contact phone").fill("12");
    await field(page, "Care level").selectOption({ label: "Memory Care" });
    await field(page, "Status").selectOption("Target");
    await page.getByRole("button", { name: "Create Client" }).click();

    const banner = page.getByRole("alert").filter({ hasText: "Please fix the errors below" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("3 fields need your attention.");
    await expect(field(page, "Last name")).toHaveAccessibleDescription("Last name is required");
    await expect(field(page, "Email")).toHaveAccessibleDescription("Please enter a valid email address");
    await expect(field(page, "Contact phone")).toHaveAccessibleDescription("Please enter a valid phone number");
    await expect(field(page, "Last name")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/clients\/new$/);
    // Nothing typed is lost.
    await expect(field(page, "First name")).toHaveValue("Grace");
    await expect(field(page, "Care level")).toHaveValue("memory");
    await expect(field(page, "Status")).toHaveValue("Target");
    expect(await clientsOf(agency)).toHaveLength(0);

    // Corrected, with preset and custom conditions and medications (custom ones typed, comma-separated).
    const conditions = page.getByRole("group", { name: "Medical conditions" });
    const medications = page.getByRole("group", { name: "Medications" });
    await conditions.getByRole("checkbox", { name: "Hypertension", exact: true }).check();
    await medications.getByRole("checkbox", { name: "Donepezil", exact: true }).check();
    await field(page, "Last name").fill(last);
    await field(page, "Email").fill(email);
    await field(page, "Contact phone").fill(uniquePhone());
    await field(page, "Other conditions").fill("Glaucoma");
    await field(page, "Other medications").fill("Latanoprost eye drops, Vitamin D");
    await field(page, "Minimum budget").fill("3000");
    await field(page, "Maximum budget").fill("5000");
    await field(page, "City").fill("Portland");
    await field(page, "State").selectOption("OR");
    await field(page, "ZIP code").fill("97201");
    await page.getByRole("button", { name: "Create Client" }).click();

    // The new client's page, then the list shows its card.
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
    await expect(toast(page, "success")).toContainText("Client created successfully!");
    await expect(page.getByRole("heading", { name: `Grace ${last}` })).toBeVisible();
    await page.goto("/clients");
    const card = cards(page).filter({ hasText: `Grace ${last}` });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Memory Care");
    await expect(card).toContainText("Target");
    await expect(card).toContainText(email);
    await expect(card).toContainText("$3,000 - $5,000");

    const [stored] = await clientsOf(agency);
    expect(stored).toMatchObject({
      first_name: "Grace",
      last_name: last,
      email,
      date_of_birth: "1941-02-03",
      care_level: "memory",
      tracker_status: "Target",
      medical_conditions: ["Hypertension", "Glaucoma"],
      medications: ["Donepezil", "Latanoprost eye drops", "Vitamin D"],
      address_city: "Portland",
      address_state: "OR",
      address_zip: "97201",
      room_type: null, // "No preference", the new form's first choice
    });
    expect(Number(stored.budget_min)).toBe(3000);
    expect(Number(stored.budget_max)).toBe(5000);
  });

  test("a client whose e-mail and phone are on file already: a warning, then Create anyway", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const existing = await insertClient(agency, { first_name: "Ann", last_name: `Existing${token()}` });
    const phoneDigits = existing.phone.replace(/^\+1/, ""); // stored as +15551234567

    await page.goto("/clients/new");
    await ready(page, js, "form");
    await fillRequired(page, {
      firstName: "Anne",
      lastName: "Newcomer",
      email: existing.email.toUpperCase(), // the same address, typed in capitals
      phone: `${phoneDigits.slice(0, 3)}.${phoneDigits.slice(3, 6)}.${phoneDigits.slice(6)}`, // other punctuation
    });
    await page.getByRole("button", { name: "Create Client" }).click();

    const warning = page.getByRole("alert").filter({ hasText: "This client may already exist" });
    await expect(warning).toBeVisible();
    const link = warning.getByRole("link", { name: existing.name });
    await expect(link).toHaveAttribute("href", `/clients/${existing.id}`);
    await expect(warning.getByRole("listitem")).toHaveText(`${existing.name} has the same email and phone.`);
    await expect(page).toHaveURL(/\/clients\/new$/);
    await expect(field(page, "First name")).toHaveValue("Anne");
    expect(await clientsOf(agency)).toHaveLength(1);

    await warning.getByRole("button", { name: "Create anyway" }).click();
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
    await expect(toast(page, "success")).toContainText("Client created successfully!");
    await page.goto("/clients");
    await expect(cards(page)).toHaveCount(2);
    const stored = await clientsOf(agency);
    expect(stored.map((c) => `${c.first_name} ${c.last_name}`)).toEqual([existing.name, "Anne Newcomer"]);
  });

  test("Add turns typed entries into ticked boxes, refusing empty and repeated ones @js-only", async ({
    page,
    agency,
  }) => {
    await page.goto("/clients/new");
    await ready(page, true, "form");
    const conditions = page.getByRole("group", { name: "Medical conditions" });
    const other = field(page, "Other conditions");
    const add = conditions.getByRole("button", { name: "Add" });

    await add.click();
    await expect(conditions.getByRole("alert")).toHaveText("Type an entry first.");
    await other.fill("Glaucoma");
    await expect(conditions.getByRole("alert")).toHaveCount(0); // typing clears the message
    await add.click();
    await expect(conditions.getByRole("checkbox", { name: "Glaucoma", exact: true })).toBeChecked();
    await expect(other).toHaveValue("");
    await expect(conditions.getByRole("checkbox")).toHaveCount(17); // 16 presets + Glaucoma
    await other.fill("glaucoma");
    await other.press("Enter"); // Enter adds too, and does not submit the form
    await expect(conditions.getByRole("alert")).toHaveText('"glaucoma" is already in the list.');
    await expect(page).toHaveURL(/\/clients\/new$/);
    await expect(conditions.getByRole("checkbox")).toHaveCount(17);

    // One more typed and not added: it is saved too.
    await other.fill("Cataracts");
    await fillRequired(page, {
      firstName: "Ida",
      lastName: "Picker",
      email: `ida.${token()}@example.com`,
      phone: uniquePhone(),
    });
    await page.getByRole("button", { name: "Create Client" }).click();
    await expect(toast(page, "success")).toContainText("Client created successfully!");
    const [stored] = await clientsOf(agency);
    expect(stored.medical_conditions).toEqual(["Glaucoma", "Cataracts"]);
  });

  test("Add on a preset's name ticks that preset and clears the box @js-only", async ({ page, agency: _agency }) => {
    await page.goto("/clients/new");
    await ready(page, true, "form");
    const conditions = page.getByRole("group", { name: "Medical conditions" });
    const other = field(page, "Other conditions");
    await other.fill("hypertension");
    await conditions.getByRole("button", { name: "Add" }).click();
    await expect(conditions.getByRole("checkbox", { name: "Hypertension", exact: true })).toBeChecked();
    await expect(other).toHaveValue("");
    await expect(conditions.getByRole("alert")).toHaveCount(0);
  });

  test("ticking a preset condition, with nothing typed in Other conditions, saves", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await page.goto("/clients/new");
    await ready(page, js, "form");
    await fillRequired(page, {
      firstName: "Tess",
      lastName: "Ticked",
      email: `tess.${token()}@example.com`,
      phone: uniquePhone(),
    });
    await page
      .getByRole("group", { name: "Medical conditions" })
      .getByRole("checkbox", { name: "Hypertension", exact: true })
      .check();
    await page.getByRole("button", { name: "Create Client" }).click();
    await expect(toast(page, "success")).toContainText("Client created successfully!");
    const [stored] = await clientsOf(agency);
    expect(stored.medical_conditions).toEqual(["Hypertension"]);
  });
});

// ───────────────────────────── phone numbers ─────────────────────────────

test.describe("a client's phone number", () => {
  test("typed as 555 123 4567, it is stored as +15551234567, shown as (555) 123-4567 and dialled from the card and the page", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const last = `Dialer${token()}`;
    const email = `ruth.${last}@example.com`.toLowerCase();
    await page.goto("/clients/new");
    await ready(page, js, "form");
    await fillRequired(page, { firstName: "Ruth", lastName: last, email, phone: "555 123 4567" });
    await field(page, "Contact phone").fill("555.987.6543 x12");
    await page.getByRole("button", { name: "Create Client" }).click();
    await expect(toast(page, "success")).toContainText("Client created successfully!");

    const [stored] = await clientsOf(agency);
    expect([stored.phone, stored.emergency_phone]).toEqual(["+15551234567", "+15559876543;ext=12"]);
    await expect(page).toHaveURL(new RegExp(`/clients/${stored.id}$`));
    await page.goto("/clients");

    // On the card: the number and the e-mail are links that dial and write; the name still leads to the page.
    const card = cards(page).filter({ hasText: `Ruth ${last}` });
    await expect(card.getByRole("link", { name: "(555) 123-4567", exact: true })).toHaveAttribute(
      "href",
      "tel:+15551234567",
    );
    await expect(card.getByRole("link", { name: email, exact: true })).toHaveAttribute("href", `mailto:${email}`);
    await card.getByRole("link", { name: `Ruth ${last}` }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${stored.id}$`));

    // On the page: the client's number and the emergency contact's, each shown once, in one format.
    await expect(page.getByRole("link", { name: "(555) 123-4567", exact: true })).toHaveAttribute(
      "href",
      "tel:+15551234567",
    );
    await expect(page.getByRole("link", { name: "(555) 987-6543 ext. 12", exact: true })).toHaveAttribute(
      "href",
      "tel:+15559876543;ext=12",
    );
    await expect(page.locator("main")).not.toContainText("+1555");

    // Edited, the form shows the number as the screens do, and saving it again keeps it.
    await page.goto(`/clients/${stored.id}/edit`);
    await ready(page, js, "form");
    await expect(field(page, "Phone")).toHaveValue("(555) 123-4567");
    await expect(field(page, "Contact phone")).toHaveValue("(555) 987-6543 ext. 12");
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(toast(page, "success")).toContainText("Client updated successfully!");
    const [again] = await clientsOf(agency);
    expect([again.phone, again.emergency_phone]).toEqual(["+15551234567", "+15559876543;ext=12"]);
  });
});

// ───────────────────────────── list ─────────────────────────────

test.describe("the clients list", () => {
  test("search finds a client by name, e-mail or phone, however the phone is typed", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const quill = await insertClient(agency, {
      first_name: "Harriet",
      last_name: "Quillfeather",
      phone: "+15035550142",
    });
    await insertClient(agency, { first_name: "Walter", last_name: "Brennan", email: "walter.b@example.org" });
    await insertClient(agency, { first_name: "Rosa", last_name: "Delgado" });

    await page.goto("/clients");
    await ready(page, js, "list");
    await expect(page.getByText("3 clients", { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(3);

    const search = filters(page).getByLabel("Search");
    await search.fill("quillfeath");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]search=quillfeath(&|$)/);
    await expect(cardNames(page)).toHaveText(["Harriet Quillfeather"]);
    await expect(page.getByText(/^1 client matche?s? your filters$/)).toBeVisible();

    await search.fill("walter.b@example");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/search=walter\.b%40example/);
    await expect(cardNames(page)).toHaveText(["Walter Brennan"]);

    for (const typed of ["503.555.0142", "(503) 555-0142", "+1 503 555 0142", "5035550142"]) {
      await search.fill(typed);
      await applyFilters(page, js);
      await expect(cardNames(page)).toHaveText([quill.name]);
    }

    await search.fill("nobody-like-this");
    await applyFilters(page, js);
    await expect(page.getByText("No clients match your filters")).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("searching an e-mail address that contains digits lists only that client", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await insertClient(agency, {
      first_name: "Ann",
      last_name: "Lee",
      email: "ann.lee1950@example.com",
      phone: "+12125550100",
    });
    await insertClient(agency, {
      first_name: "Bob",
      last_name: "Stone",
      email: "bob.stone@example.com",
      phone: "+12125551950",
    });
    await page.goto("/clients");
    await ready(page, js, "list");
    await filters(page).getByLabel("Search").fill("ann.lee1950@example.com");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/search=ann\.lee1950/);
    await expect(cardNames(page)).toHaveText(["Ann Lee"]);
  });

  test("status and care level filters narrow the list, and the URL keeps them", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await insertClient(agency, {
      first_name: "Alma",
      last_name: "Target-Memory",
      tracker_status: "Target",
      care_level: "memory",
    });
    await insertClient(agency, {
      first_name: "Bert",
      last_name: "Target-Assisted",
      tracker_status: "Target",
      care_level: "assisted",
    });
    await insertClient(agency, {
      first_name: "Cleo",
      last_name: "New-Memory",
      tracker_status: "New Client",
      care_level: "memory",
    });

    await page.goto("/clients");
    await ready(page, js, "list");
    await expect(cards(page)).toHaveCount(3);

    await filters(page).getByLabel("Status").selectOption("Target");
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]status=Target(&|$)/);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByText("2 clients match your filters")).toBeVisible();
    for (const card of await cards(page).all()) await expect(card).toContainText("Target");

    await filters(page).getByLabel("Care level").selectOption({ label: "Memory Care" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]careLevel=memory(&|$)/);
    await expect(page).toHaveURL(/[?&]status=Target(&|$)/);
    await expect(cardNames(page)).toHaveText(["Alma Target-Memory"]);

    // The URL holds the state: opened again, the list and the controls are the same.
    await page.reload();
    await ready(page, js, "list");
    await expect(filters(page).getByLabel("Status")).toHaveValue("Target");
    await expect(filters(page).getByLabel("Care level")).toHaveValue("memory");
    await expect(cardNames(page)).toHaveText(["Alma Target-Memory"]);

    // The spec's slug values work in a shared link too.
    await page.goto("/clients?careLevel=memory-care&status=new-client");
    await expect(cardNames(page)).toHaveText(["Cleo New-Memory"]);

    // A status the list does not know: left out, and said by the filter's label, not the parameter's name.
    await page.goto("/clients?status=nope&careLevel=memory");
    const notice = page.getByRole("alert").filter({ hasText: "Some filters in the address were not understood" });
    await expect(notice.getByRole("listitem")).toHaveText(['Status "nope" is not one of the choices.']);
    await expect(cardNames(page)).toHaveText(["Cleo New-Memory", "Alma Target-Memory"]);

    await page.goto("/clients?status=Target&careLevel=skilled");
    await ready(page, js, "list");
    await expect(page.getByText("No clients match your filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(cards(page)).toHaveCount(3);
  });

  test("Clear filters also clears the filter form", async ({ page, agency, javaScriptEnabled: js }) => {
    await insertClient(agency, { first_name: "Dora", last_name: "Placed", tracker_status: "Placed" });
    await insertClient(agency, { first_name: "Eli", last_name: "Target", tracker_status: "Target" });
    await page.goto("/clients");
    await ready(page, js, "list");
    await filters(page).getByLabel("Search").fill("zzz-no-match");
    await filters(page).getByLabel("Status").selectOption("Placed");
    await applyFilters(page, js);
    await expect(page.getByText("No clients match your filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/clients$/);
    await expect(cards(page)).toHaveCount(2);
    await expect(filters(page).getByLabel("Search")).toHaveValue("");
    await expect(filters(page).getByLabel("Status")).toHaveValue("");
  });

  test("a name sort starts A to Z (equal last names by first name), a date sort newest first; the toggle says which way", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    await insertClient(agency, { first_name: "Ada", last_name: "Mills" });
    await insertClient(agency, { first_name: "Ben", last_name: "Abbott" });
    await insertClient(agency, { first_name: "Cy", last_name: "Zimmer" });
    await insertClient(agency, { first_name: "Al", last_name: "Abbott" });
    const direction = filters(page).getByTestId("sort-direction");

    await page.goto("/clients");
    await ready(page, js, "list");
    // Default: last updated first.
    await expect(filters(page).getByLabel("Sort by")).toHaveValue("-updatedAt");
    await expect(cardNames(page)).toHaveText(["Al Abbott", "Cy Zimmer", "Ben Abbott", "Ada Mills"]);
    await expect(direction).toHaveText("Newest first");
    await expect(direction).toHaveAccessibleName("Newest first, change to Oldest first");

    await filters(page).getByLabel("Sort by").selectOption({ label: "Last name" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]sort=lastName(&|$)/);
    await expect(cardNames(page)).toHaveText(["Al Abbott", "Ben Abbott", "Ada Mills", "Cy Zimmer"]);
    await expect(direction).toHaveAccessibleName("A to Z, change to Z to A");
    await expect(direction).toHaveAttribute("title", "Change to Z to A");

    await direction.click();
    await expect(page).toHaveURL(/[?&]sort=-lastName(&|$)/);
    await expect(cardNames(page)).toHaveText(["Cy Zimmer", "Ada Mills", "Ben Abbott", "Al Abbott"]);
    await expect(direction).toHaveAccessibleName("Z to A, change to A to Z");

    // Another field starts in its own order, whichever way the last one ran.
    await filters(page).getByLabel("Sort by").selectOption({ label: "Date added" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]sort=-createdAt(&|$)/);
    await expect(cardNames(page)).toHaveText(["Al Abbott", "Cy Zimmer", "Ben Abbott", "Ada Mills"]);
    await expect(direction).toHaveAccessibleName("Newest first, change to Oldest first");
    await filters(page).getByLabel("Sort by").selectOption({ label: "First name" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]sort=firstName(&|$)/);
    await expect(cardNames(page)).toHaveText(["Ada Mills", "Al Abbott", "Ben Abbott", "Cy Zimmer"]);
  });

  test("12 clients a page; the page links keep the filters", async ({ page, agency, javaScriptEnabled: js }) => {
    for (let i = 1; i <= 13; i++) {
      await insertClient(agency, { first_name: `Page${String(i).padStart(2, "0")}`, last_name: "Tern" });
    }
    await insertClient(agency, { first_name: "Other", last_name: "Person" });

    await page.goto("/clients");
    await ready(page, js, "list");
    await filters(page).getByLabel("Search").fill("tern");
    await filters(page).getByLabel("Sort by").selectOption({ label: "First name" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/[?&]sort=firstName(&|$)/);
    await expect(page).toHaveURL(/[?&]search=tern(&|$)/);

    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(cards(page)).toHaveCount(12);
    await expect(cardNames(page).first()).toHaveText("Page01 Tern");
    await expect(pagination).toContainText("Page 1 of 2 · 13 clients");

    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]search=tern(&|$)/);
    await expect(cardNames(page)).toHaveText(["Page13 Tern"]);
    await expect(pagination).toContainText("Page 2 of 2 · 13 clients");
    // The export takes every page of the filtered list, so it leaves the page out.
    const href = await hrefOf(page.getByRole("link", { name: "Export", exact: true }));
    expect(href.pathname).toBe("/clients/export");
    expect(href.searchParams.get("search")).toBe("tern");
    expect(href.searchParams.has("page")).toBe(false);

    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(cards(page)).toHaveCount(12);
    await expect(page).not.toHaveURL(/[?&]page=/);
  });
});

// ───────────────────────────── export ─────────────────────────────

test.describe("export @once", () => {
  test("downloads the filtered list as CSV: a header row and only the matching clients", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const alma = await insertClient(agency, {
      first_name: "Alma",
      last_name: "Exported",
      phone: "+15035550177",
      tracker_status: "Target",
      care_level: "memory",
      date_of_birth: "1938-11-30",
      medical_conditions: ["Alzheimer's Disease", "Glaucoma"],
      medications: ["Donepezil"],
      medical_notes: 'Uses a walker, "mostly" at night',
      budget_min: 4000,
      budget_max: 6500,
      referral_source: "Hospital",
      address_city: "Salem",
      address_state: "OR",
      address_zip: "97301",
    });
    const formula = await insertClient(agency, {
      first_name: "Bea",
      last_name: "Formula",
      tracker_status: "Target",
      care_level: "memory",
      medical_notes: "=1+2",
    });
    await insertClient(agency, {
      first_name: "Carl",
      last_name: "Assisted",
      tracker_status: "Target",
      care_level: "assisted",
    });
    await insertClient(agency, {
      first_name: "Dina",
      last_name: "NewClient",
      tracker_status: "New Client",
      care_level: "memory",
    });

    await page.goto("/clients");
    await ready(page, js, "list");
    await filters(page).getByLabel("Status").selectOption("Target");
    await filters(page).getByLabel("Care level").selectOption({ label: "Memory Care" });
    await applyFilters(page, js);
    await expect(page).toHaveURL(/careLevel=memory/);
    await expect(cards(page)).toHaveCount(2);

    const exportLink = page.getByRole("link", { name: "Export", exact: true });
    const href = await hrefOf(exportLink);
    expect(href.pathname).toBe("/clients/export");
    expect(href.searchParams.get("status")).toBe("Target");
    expect(href.searchParams.get("careLevel")).toBe("memory");

    const file = await download(exportLink);
    expect(file.filename).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    const records = csvRecords(file.text);

    expect(records.map((r) => `${r["First Name"]} ${r["Last Name"]}`).sort()).toEqual(["Alma Exported", "Bea Formula"]);
    for (const r of records) {
      expect(r.Status).toBe("Target");
      expect(r["Care Level"]).toBe("Memory Care");
    }
    const row = records.find((r) => r["Last Name"] === "Exported")!;
    expect(row).toMatchObject({
      "First Name": "Alma",
      Email: alma.email,
      Phone: "(503) 555-0177",
      "Date of Birth": "1938-11-30",
      City: "Salem",
      State: "OR",
      ZIP: "97301",
      "Emergency Contact": "Pat Relative",
      Relationship: "Daughter",
      "Medical Conditions": "Alzheimer's Disease; Glaucoma",
      Medications: "Donepezil",
      "Medical Notes": 'Uses a walker, "mostly" at night',
      "Budget Min": "4000",
      "Budget Max": "6500",
      "Room Type": "private",
      "Referral Source": "Hospital",
    });
    // A cell that a spreadsheet would run as a formula is neutralised.
    expect(records.find((r) => r["Last Name"] === formula.last_name)!["Medical Notes"]).toBe("'=1+2");
  });

  test("the export holds every matching client of every page", async ({ page, loginAs }) => {
    const demo = await loginAs(DEMO_EMAIL);
    const response = await page.request.get("/clients/export?status=Placed");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/csv");
    expect(response.headers()["content-disposition"]).toMatch(
      /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const records = csvRecords(await response.text());
    const expected = await dbForE2E()
      .selectFrom("clients")
      .select("email")
      .where("agency_id", "=", demo.agencyId)
      .where("tracker_status", "=", "Placed")
      .execute();
    expect(records.every((r) => r.Status === "Placed")).toBe(true);
    expect(records.map((r) => r.Email).sort()).toEqual(expected.map((r) => r.email).sort());

    const all = csvRecords(await (await page.request.get("/clients/export")).text());
    expect(all.length).toBeGreaterThan(12);
  });
});

// ───────────────────────────── detail and edit ─────────────────────────────

test.describe("editing a client", () => {
  test("care level and medical entries (preset and custom) come back as saved", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const client = await insertClient(agency, {
      first_name: "Edna",
      last_name: "Marsh",
      care_level: "assisted",
      tracker_status: "Active Client",
      medical_conditions: ["Hypertension", "Glaucoma"],
      medications: ["Metformin"],
    });

    await page.goto("/clients");
    await cards(page).getByRole("link", { name: "Edna Marsh" }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
    await expect(page.getByRole("heading", { name: "Edna Marsh" })).toBeVisible();
    await expect(page.getByText(/^Assisted Living · Age \d+$/)).toBeVisible();
    await ready(page, js, "detail");
    await page.getByRole("link", { name: "Edit Client" }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}/edit$`));
    await expect(page.getByRole("heading", { name: "Edit Edna Marsh" })).toBeVisible();
    await ready(page, js, "form");

    const conditions = page.getByRole("group", { name: "Medical conditions" });
    const medications = page.getByRole("group", { name: "Medications" });
    await expect(field(page, "First name")).toHaveValue("Edna");
    await expect(field(page, "Care level")).toHaveValue("assisted");
    await expect(field(page, "Status")).toHaveValue("Active Client");
    await expect(conditions.getByRole("checkbox", { name: "Hypertension", exact: true })).toBeChecked();
    await expect(conditions.getByRole("checkbox", { name: "Glaucoma", exact: true })).toBeChecked();
    await expect(medications.getByRole("checkbox", { name: "Metformin", exact: true })).toBeChecked();

    // An error first: the first name emptied.
    await field(page, "First name").fill("");
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below" })).toBeVisible();
    await expect(field(page, "First name")).toHaveAccessibleDescription("First name is required");
    expect((await clientsOf(agency))[0].first_name).toBe("Edna");

    await field(page, "First name").fill("Edna");
    await field(page, "Care level").selectOption({ label: "Skilled Nursing" });
    await conditions.getByRole("checkbox", { name: "Hypertension", exact: true }).uncheck();
    await conditions.getByRole("checkbox", { name: "COPD", exact: true }).check();
    await field(page, "Other conditions").fill("Macular Pucker");
    await field(page, "Other medications").fill("Timolol drops");
    await page.getByRole("button", { name: "Update Client" }).click();

    await expect(page).toHaveURL(/\/clients$/);
    await expect(toast(page, "success")).toContainText("Client updated successfully!");
    await expect(cards(page).filter({ hasText: "Edna Marsh" })).toContainText("Skilled Nursing");
    const [stored] = await clientsOf(agency);
    expect(stored.care_level).toBe("skilled");
    expect(stored.tracker_status).toBe("Active Client");
    expect(stored.medical_conditions).toEqual(["COPD", "Glaucoma", "Macular Pucker"]);
    expect(stored.medications).toEqual(["Metformin", "Timolol drops"]);

    // Opened again, the form shows what was saved.
    await page.goto(`/clients/${client.id}/edit`);
    await ready(page, js, "form");
    await expect(field(page, "Care level")).toHaveValue("skilled");
    await expect(conditions.getByRole("checkbox", { name: "Hypertension", exact: true })).not.toBeChecked();
    for (const name of ["COPD", "Glaucoma", "Macular Pucker"]) {
      await expect(conditions.getByRole("checkbox", { name, exact: true })).toBeChecked();
    }
    for (const name of ["Metformin", "Timolol drops"]) {
      await expect(medications.getByRole("checkbox", { name, exact: true })).toBeChecked();
    }
    await expect(field(page, "Other conditions")).toHaveValue("");

    // And so does the client's page.
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
    await expect(page.getByText(/^Skilled Nursing · Age \d+$/)).toBeVisible();
    for (const name of ["COPD", "Glaucoma", "Macular Pucker", "Metformin", "Timolol drops"]) {
      await expect(page.getByRole("listitem").filter({ hasText: new RegExp(`^${name}$`) })).toBeVisible();
    }
  });

  test("a client with saved medical entries can be updated without typing new ones", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const client = await insertClient(agency, {
      first_name: "Ruth",
      last_name: "Resave",
      care_level: "assisted",
      medical_conditions: ["Hypertension"],
      medications: ["Metformin"],
    });
    await page.goto(`/clients/${client.id}/edit`);
    await ready(page, js, "form");
    await field(page, "Care level").selectOption({ label: "Memory Care" });
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(toast(page, "success")).toContainText("Client updated successfully!");
    const [stored] = await clientsOf(agency);
    expect(stored.care_level).toBe("memory");
    expect(stored.medical_conditions).toEqual(["Hypertension"]);
    expect(stored.medications).toEqual(["Metformin"]);
  });

  test("a referral source is chosen on the form, shown on the client's page, and cleared back to Not recorded", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const client = await insertClient(agency, { first_name: "Rita", last_name: "Referred" });
    await page.goto(`/clients/${client.id}/edit`);
    await ready(page, js, "form");
    await expect(field(page, "Referral source")).toHaveValue("");
    await field(page, "Referral source").selectOption("Social worker");
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(toast(page, "success")).toContainText("Client updated successfully!");
    expect((await clientsOf(agency))[0].referral_source).toBe("Social worker");

    await page.goto(`/clients/${client.id}`);
    const source = page.getByRole("term").filter({ hasText: "Referral source" }).locator("xpath=following-sibling::dd");
    await expect(source).toHaveText("Social worker");

    await page.goto(`/clients/${client.id}/edit`);
    await ready(page, js, "form");
    await field(page, "Referral source").selectOption({ label: "Not recorded" });
    await page.getByRole("button", { name: "Update Client" }).click();
    await expect(toast(page, "success")).toContainText("Client updated successfully!");
    expect((await clientsOf(agency))[0].referral_source).toBeNull();
  });
});

// ───────────────────────────── delete ─────────────────────────────

test.describe("deleting a client", () => {
  test("a client with placements is not deleted", async ({ page, loginAs, javaScriptEnabled: js }) => {
    const demo = await loginAs(DEMO_EMAIL);
    const db = dbForE2E();
    const found = await db
      .selectFrom("clients as c")
      .innerJoin("placements as p", "p.client_id", "c.id")
      .select(["c.id", "c.first_name", "c.last_name"])
      .where("c.agency_id", "=", demo.agencyId)
      .groupBy("c.id")
      .orderBy("c.last_name")
      .limit(1)
      .executeTakeFirstOrThrow();
    const client = { id: found.id, name: `${found.first_name} ${found.last_name}` };
    const usage = await db
      .selectNoFrom([
        sql<number>`(SELECT count(*)::int FROM placements WHERE client_id = ${client.id})`.as("placements"),
        sql<number>`(SELECT count(*)::int FROM tasks WHERE client_id = ${client.id} AND NOT is_completed)`.as(
          "openTasks",
        ),
      ])
      .executeTakeFirstOrThrow();
    expect(usage.placements).toBeGreaterThan(0);

    await page.goto(`/clients/${client.id}`);
    await confirmDelete(page, js, deletion(client), "Delete");

    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
    const refused = toast(page, "error");
    await expect(refused).toContainText("Client not deleted");
    await expect(refused).toContainText(inUseMessage(usage.placements, usage.openTasks));
    await expect(page.getByRole("heading", { name: client.name })).toBeVisible();
    const still = await db.selectFrom("clients").select("id").where("id", "=", client.id).executeTakeFirst();
    expect(still?.id).toBe(client.id);
  });

  test("a client with an open task is not deleted", async ({ page, agency, javaScriptEnabled: js }) => {
    const client = await insertClient(agency, { first_name: "Opal", last_name: "Tasked" });
    await insertTask(agency, { title: "Call the family", due_date: "2030-01-15", client_id: client.id });

    await page.goto(`/clients/${client.id}`);
    await confirmDelete(page, js, deletion(client), "Delete");
    await expect(page).toHaveURL(new RegExp(`/clients/${client.id}$`));
    await expect(toast(page, "error")).toContainText("Client not deleted");
    await expect(toast(page, "error")).toContainText(
      "This client has 1 open task, so it cannot be deleted. Delete or reassign it first.",
    );
    expect(await clientsOf(agency)).toHaveLength(1);
  });

  test("Cancel keeps the client; Delete removes it and goes back to the list", async ({
    page,
    agency,
    javaScriptEnabled: js,
  }) => {
    const client = await insertClient(agency, { first_name: "Gone", last_name: `Soon${token()}` });
    const keep = await insertClient(agency, { first_name: "Stays", last_name: "Here" });
    // A completed task does not stand in the way.
    await insertTask(agency, {
      title: "Intake call",
      due_date: "2026-01-15",
      client_id: client.id,
      is_completed: true,
      completed_at: new Date(),
    });

    await page.goto(`/clients/${client.id}`);
    await confirmDelete(page, js, deletion(client), "Cancel");
    expect(await clientsOf(agency)).toHaveLength(2);

    await confirmDelete(page, js, deletion(client), "Delete");
    await expect(page).toHaveURL(/\/clients$/);
    await expect(toast(page, "success")).toContainText("Client deleted successfully");
    await expect(cardNames(page)).toHaveText([keep.name]);
    expect((await clientsOf(agency)).map((c) => c.id)).toEqual([keep.id]);

    const response = await page.goto(`/clients/${client.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This client does not exist or was removed.")).toBeVisible();
  });
});
