// Invoices (issue 36; docs/screens.md, "Invoices"), with JavaScript and without: an invoice made
// from a facility's fee (a GET of the facility, then a POST of the ticked fees), sent, paid in
// part then in full (an overpayment refused on the way), the aging view, and the revenue on /reports
// and the dashboard; the PDF downloads.
// Screenshots at 1280 and 390 px.
import type { Page } from "@playwright/test";
import { createSpareAgent, expect, field, test, toast, token } from "../support/e2e";
import { insertClient, insertFacility, insertPlacement } from "../support/e2e-data";
import { RESEND_STAND_IN_URL, type ReceivedEmail } from "../support/resend-stand-in";

async function shoot(page: Page, name: string, project: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${project}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Chooses a facility in an invoice screen's picker: with JavaScript, typed and chosen among the
 * matches; without, searched (the search step) and selected.
 */
async function chooseFacility(page: Page, js: boolean, facility: { id: string; name: string }) {
  if (js) {
    const picker = page.getByRole("combobox", { name: "Facility", exact: true });
    await expect(picker).toHaveAttribute("aria-autocomplete", "list");
    await picker.fill(facility.name);
    await page.getByRole("option", { name: new RegExp(facility.name) }).click();
    await expect(picker).toHaveValue(facility.name);
  } else {
    await page.getByLabel("Search facilities").fill(facility.name);
    await page.getByRole("button", { name: "Search facilities" }).click();
    await expect(page.getByText(`1 facility matches "${facility.name}"`)).toBeVisible();
    await field(page, "Facility").selectOption(facility.id);
  }
}

test("a fee invoiced, sent, paid in part then in full; the aging view", async ({
  page,
  agency,
  javaScriptEnabled,
}, info) => {
  const tag = token();
  const facility = await insertFacility(agency, {
    name: `Maple House ${tag}`,
    billing_email: `billing-${tag}@maple.test`,
  });
  const client = await insertClient(agency, { first_name: "Hedda", last_name: `Lindqvist${tag}` });
  await insertPlacement(agency, client, facility, {
    status: "Completed",
    move_in_date: "2026-03-10",
    fee_cents: 210000,
    fee_basis: "50% of $4,200 first month",
    fee_moved_in_on: "2026-03-10",
    fee_due_date: "2026-04-09",
  });

  await page.goto("/invoices");
  await expect(page.getByText("No invoices yet.")).toBeVisible();
  await page.getByRole("link", { name: "New invoice" }).click();
  await expect(page.getByRole("heading", { name: "New invoice" })).toBeVisible();
  await chooseFacility(page, javaScriptEnabled, facility);
  await page.getByRole("button", { name: "Show its fees" }).click();
  await expect(page).toHaveURL(new RegExp(`/invoices/new\\?.*facility=${facility.id}`));
  await expect(page.getByRole("checkbox", { name: client.name })).toBeChecked();
  await expect(page.getByRole("cell", { name: "$2,100.00" })).toBeVisible();
  await shoot(page, "invoice-new", info.project.name);
  await page.getByRole("button", { name: "Create draft invoice" }).click();

  await expect(toast(page, "success")).toContainText("Draft invoice created");
  await expect(page.getByRole("heading", { name: /Draft invoice/ })).toBeVisible();
  // The Send form starts from the facility's billing e-mail.
  await expect(field(page, "Send to")).toHaveValue(`billing-${tag}@maple.test`);
  await page.getByRole("button", { name: "Send invoice" }).click();
  await expect(toast(page, "success")).toContainText("Invoice sent");
  const number = page.getByRole("heading", { name: /INV-\d{4}-0001/ });
  await expect(number).toBeVisible();
  await expect(page.getByText(`Sent to billing-${tag}@maple.test`)).toBeVisible();
  // The e-mail reached Resend (the local stand-in) with the invoice's PDF attached.
  const inbox = `${RESEND_STAND_IN_URL}/messages?${new URLSearchParams({ to: `billing-${tag}@maple.test` })}`;
  const [mail] = (await (await fetch(inbox)).json()) as ReceivedEmail[];
  expect(mail.subject).toMatch(/^Invoice INV-\d{4}-0001 from /);
  expect(mail.attachments?.map((a) => a.filename)).toEqual([expect.stringMatching(/^INV-\d{4}-0001\.pdf$/)]);
  expect(Buffer.from(mail.attachments![0].content, "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // More than is owed: refused, with what is owed.
  await page.getByLabel(/^Amount \(outstanding/).fill("2500");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("is more than the $2,100.00 outstanding")).toBeVisible();
  await page.getByLabel(/^Amount \(outstanding/).fill("1,000.50");
  await field(page, "Reference (optional)").fill("Check 1042");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(page, "success")).toContainText("Payment recorded");
  await expect(page.getByText("Partly paid", { exact: true }).first()).toBeVisible();
  await expect(page.locator("dl").filter({ hasText: "Outstanding" })).toContainText("$1,099.50");
  await shoot(page, "invoice-page", info.project.name);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  expect((await download).suggestedFilename()).toMatch(/^INV-\d{4}-0001\.pdf$/);

  await page.goto("/invoices/aging");
  await expect(page.getByRole("row", { name: new RegExp(facility.name) })).toContainText("$1,099.50");
  // The agency's totals over the facilities.
  await expect(page.getByRole("list", { name: "Outstanding in all" })).toContainText("Total$1,099.50");
  await shoot(page, "invoice-aging", info.project.name);

  await page.goto("/invoices");
  await page.getByRole("link", { name: /INV-\d{4}-0001/ }).click();
  await page.getByLabel(/^Amount \(outstanding/).fill("1099.50");
  await field(page, "Method").selectOption("ACH");
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(toast(page, "success")).toContainText("Payment recorded");
  await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Record payment" })).toHaveCount(0);

  await page.goto("/invoices/aging");
  await expect(page.getByText("Nothing is outstanding.")).toBeVisible();
  await page.goto("/invoices?status=Paid");
  await expect(page.getByRole("link", { name: /INV-\d{4}-0001/ })).toBeVisible();
  await shoot(page, "invoice-list", info.project.name);

  // The revenue: invoiced and collected this month, on the reports and the dashboard's tile.
  await page.goto("/reports");
  await expect(page.locator("#revenue")).toContainText("Invoiced $2,100.00 · collected $2,100.00");
  await page.goto("/dashboard");
  // Each figure is its own term and value, in the tile's list.
  const figure = (term: string) =>
    page
      .locator("div")
      .filter({ has: page.getByText(term, { exact: true }) })
      .last();
  await expect(figure("Invoiced this month")).toContainText("$2,100");
  await expect(figure("Collected this month")).toContainText("$2,100");

  // The facility filter: a picker of the facilities with invoices, searched.
  await page.goto("/invoices");
  await chooseFacility(page, javaScriptEnabled, facility);
  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`facility=${facility.id}`));
  await expect(page.getByRole("link", { name: /INV-\d{4}-0001/ })).toBeVisible();
});

test("an agent has no Invoices entry and is refused the screens", async ({ page, loginAs }) => {
  await loginAs(await createSpareAgent());
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: /Clients/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: /Invoices/ })).toHaveCount(0);
  for (const path of ["/invoices", "/invoices/aging", "/invoices/new"]) {
    const refused = await page.goto(path);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole("main")).toContainText("Only a coordinator or an admin can see and manage invoices.");
  }
});
