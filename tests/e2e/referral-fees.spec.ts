// Referral agreements and fees (issue 36; docs/screens.md, "Facility detail" and "Placement
// detail"), with JavaScript and without: an agreement added on a facility's page, a move-in
// confirmed on the placement form, and the fee it earns on the placement's page; the card that
// says there is none, with its way to the facility. Screenshots at 1280 and 390 px.
import type { Locator, Page } from "@playwright/test";
import { expect, field, type SignedInUser, test, toast, token } from "../support/e2e";
import { insertClient, insertFacility, insertPlacement } from "../support/e2e-data";

async function placementOf(agency: SignedInUser) {
  const tag = token();
  const client = await insertClient(agency, { first_name: "Hedda", last_name: `Lindqvist${tag}` });
  const facility = await insertFacility(agency, { name: `Birchwood ${tag}` });
  return insertPlacement(agency, client, facility, { status: "Confirmed", start_date: "2026-01-05" });
}

const feeCard = (page: Page) => page.locator("#referral-fee");

async function moveIn(page: Page, placementId: string) {
  await page.goto(`/placements/${placementId}/edit`);
  await field(page, "Status").selectOption("Completed");
  await field(page, "Move-in date").fill("2026-03-10");
  await field(page, "Monthly rate ($)").fill("4200");
  await page.getByRole("button", { name: "Update Placement" }).click();
  await expect(toast(page, "success")).toContainText("Placement updated successfully");
  await page.goto(`/placements/${placementId}`);
}

/** What a person sees around `part` at 1280 and 390 px (kept under test-results/screens to look at). */
async function shoot(page: Page, part: Locator, name: string, project: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screens/${name}-${project}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("an agreement added on the facility's page earns its fee when the client moves in", async ({
  page,
  agency,
}, info) => {
  const placement = await placementOf(agency);
  await page.goto(`/facilities/${placement.facility.id}`);
  const card = page.locator("#agreements");
  await expect(card).toContainText("No agreement in force. A client who moves in now earns no referral fee.");

  await card.getByRole("link", { name: "Add agreement" }).click();
  await expect(page.getByRole("heading", { name: `Add agreement with ${placement.facility.name}` })).toBeVisible();
  // Nothing filled in: the messages, from the browser or the server.
  await field(page, "Start date").fill("");
  await page.getByRole("button", { name: "Create Agreement" }).click();
  await expect(page.getByText("Enter the share of the first month's rate, in percent")).toBeVisible();

  await field(page, "Share of the first month's rate (%)").fill("50");
  await field(page, "Start date").fill("2026-01-01");
  await field(page, "Refund rule").selectOption("pro-rata");
  await field(page, "Refund window (days)").fill("60");
  await shoot(page, field(page, "Refund rule"), "agreement-form", info.project.name);
  await page.getByRole("button", { name: "Create Agreement" }).click();

  await expect(toast(page, "success")).toContainText("Agreement added");
  await expect(page).toHaveURL(new RegExp(`/facilities/${placement.facility.id}#agreements$`));
  await expect(card).toContainText("In force");
  await expect(card).toContainText("50% of the first month's rate");
  await expect(card).toContainText("30 days after move-in");
  await expect(card).toContainText("Pro rata refund if the resident leaves within 60 days");
  await shoot(page, card, "facility-agreement", info.project.name);

  await page.goto(`/placements/${placement.id}`);
  await expect(feeCard(page)).toContainText("Worked out when the client moves in");
  await moveIn(page, placement.id);
  await expect(feeCard(page)).toContainText("$2,100.00");
  await expect(feeCard(page)).toContainText("50% of $4,200 first month");
  await expect(feeCard(page)).toContainText("Apr 9, 2026");
  await expect(page.getByRole("list", { name: "Timeline" })).toContainText("Referral fee worked out");
  await shoot(page, feeCard(page), "placement-fee", info.project.name);

  // Corrected by hand, with a reason.
  await feeCard(page).getByRole("link", { name: "Change the fee" }).click();
  await field(page, "Fee ($)").fill("2000");
  await page.getByRole("button", { name: "Update Fee" }).click();
  await expect(page.getByText("Say why the fee is changed")).toBeVisible();
  await field(page, "Reason for the change").fill("Sibling discount");
  await page.getByRole("button", { name: "Update Fee" }).click();
  await expect(toast(page, "success")).toContainText("Referral fee updated");
  await expect(feeCard(page)).toContainText("$2,000.00");
  await expect(feeCard(page)).toContainText("Sibling discount");
});

test("with no agreement the fee card says so, with a way to the facility", async ({ page, agency }, info) => {
  const placement = await placementOf(agency);
  await moveIn(page, placement.id);
  await expect(feeCard(page)).toContainText("No referral agreement in force on Mar 10, 2026");
  await shoot(page, feeCard(page), "placement-no-fee", info.project.name);
  await feeCard(page)
    .getByRole("link", { name: `Add an agreement on ${placement.facility.name}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/facilities/${placement.facility.id}#agreements$`));
  await expect(page.locator("#agreements")).toContainText("No agreement in force.");
});
