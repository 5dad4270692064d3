// What follows from the work (docs/data-model.md, "How a client's status follows the work"): a
// second open placement of a client at a facility is refused on the form's Facility, the client's
// matches mark the open one instead of offering "Start placement", and a move-in takes one of the
// facility's beds; with JavaScript (project `js`) and without (`no-js`). Each test has an agency
// of its own (`agency`).
import { type Page } from "@playwright/test";
import { expect, field, test, toast, token } from "../support/e2e";
import { insertClient, insertFacility, insertPlacement, placementsOf } from "../support/e2e-data";
import { screenSteps } from "../support/e2e-steps";

const DUPLICATE =
  "This client already has an open placement at this facility. Open that one instead of adding another.";

const picker = (page: Page, label: "Client" | "Facility") => page.getByRole("combobox", { name: label, exact: true });

const { ready } = screenSteps({
  filters: "Placement filters",
  formHydrated: (page) => expect(picker(page, "Client")).toHaveAttribute("aria-autocomplete", "list"),
});

test("a second open placement of the client at the facility is refused on Facility; the matches link to the open one", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  const client = await insertClient(agency, {
    first_name: "Margaret",
    last_name: `Hale${token()}`,
    care_level: "assisted",
  });
  const facility = await insertFacility(agency, { name: `Maple House ${token()}` });
  const open = await insertPlacement(agency, client, facility, { status: "In Progress" });

  await page.goto(`/placements/new?clientId=${client.id}&facilityId=${facility.id}`);
  await ready(page, js, "form");
  await page.getByRole("button", { name: "Create Placement" }).click();

  await expect(page.getByText(DUPLICATE, { exact: true })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Please fix the errors below" })).toContainText(
    "One field needs your attention.",
  );
  await expect(page).toHaveURL(/\/placements\/new/);
  expect(await placementsOf(agency)).toHaveLength(1);

  // The client's matches: the facility is marked, with a link to the open placement, and no Start placement.
  await page.goto(`/clients/${client.id}`);
  const item = page
    .locator("#matches")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: facility.name, exact: true }) });
  await expect(item.getByRole("link", { name: "Placement in progress" })).toHaveAttribute(
    "href",
    `/placements/${open.id}`,
  );
  await expect(item.getByRole("link", { name: `Start placement at ${facility.name}` })).toHaveCount(0);
});

test("a move-in takes one of the facility's beds, shown on its page", async ({
  page,
  agency,
  javaScriptEnabled: js,
}) => {
  const client = await insertClient(agency, { first_name: "Walter", last_name: `Price${token()}` });
  const facility = await insertFacility(agency, {
    name: `Oak Commons ${token()}`,
    capacity: 20,
    current_occupancy: 10,
  });
  const placement = await insertPlacement(agency, client, facility, { status: "Confirmed" });

  await page.goto(`/facilities/${facility.id}`);
  await expect(page.getByText("Available · 10 beds")).toBeVisible();

  await page.goto(`/placements/${placement.id}/edit`);
  await ready(page, js, "form");
  await field(page, "Status").selectOption("Completed");
  await field(page, "Move-in date").fill("2026-03-15");
  await page.getByRole("button", { name: "Update Placement" }).click();
  await expect(toast(page, "success")).toContainText("Placement updated successfully!");

  await page.goto(`/facilities/${facility.id}`);
  await expect(page.getByText("Available · 9 beds")).toBeVisible();
  // The client moved in: their status is Placed (it was New Client).
  await page.goto(`/clients/${client.id}`);
  await expect(page.getByText("Placed", { exact: true }).first()).toBeVisible();
});
