// Rows the browser does not hydrate (app/components/ui/server-rows.tsx): the lists' rows and
// cards come with the page but not with its hydration data. With JavaScript they must stay as the
// server rendered them, their links must open in the app (no new document), and the next page of
// the list must be rendered by React from the data it brings.
import { type Page } from "@playwright/test";
import { expect, test, token } from "../support/e2e";
import { insertClient, insertFacility, insertPlacement, insertResource, insertTask } from "../support/e2e-data";

/** The list's data as the browser was given it on the first load. */
function hydrationData(page: Page, routeId: string, key: string) {
  return page.evaluate(
    ([id, k]) => {
      const context = (
        window as unknown as { __remixContext: { state: { loaderData: Record<string, Record<string, unknown>> } } }
      ).__remixContext;
      return context.state.loaderData[id]?.[k];
    },
    [routeId, key] as const,
  );
}

/** Documents the page loads from now on (an in-app navigation loads none). */
function countDocuments(page: Page) {
  const seen = { documents: 0 };
  page.on("request", (request) => {
    if (request.resourceType() === "document") seen.documents++;
  });
  return seen;
}

const cases = [
  {
    list: "/clients",
    routeId: "routes/_app.clients._index",
    key: "clients",
    pageSize: 12,
    item: (page: Page) => page.getByRole("list", { name: "Clients" }).getByRole("listitem"),
    seed: async (agency: Parameters<typeof insertClient>[0], n: number) => {
      for (let i = 0; i < n; i++) await insertClient(agency, { first_name: "Row", last_name: `Person${token()}` });
    },
    opened: /\/clients\/[0-9a-f-]{36}$/,
  },
  {
    list: "/placements",
    routeId: "routes/_app.placements._index",
    key: "placements",
    pageSize: 10,
    item: (page: Page) => page.getByTestId("placement-row"),
    seed: async (agency: Parameters<typeof insertClient>[0], n: number) => {
      const facility = await insertFacility(agency, { name: `Rows Place ${token()}` });
      for (let i = 0; i < n; i++) {
        const client = await insertClient(agency, { first_name: "Row", last_name: `Person${token()}` });
        await insertPlacement(agency, client, facility);
      }
    },
    opened: /\/placements\/[0-9a-f-]{36}$/,
  },
  {
    list: "/tasks",
    routeId: "routes/_app.tasks._index",
    key: "tasks",
    pageSize: 20,
    item: (page: Page) => page.getByTestId("task-row"),
    seed: async (agency: Parameters<typeof insertClient>[0], n: number) => {
      for (let i = 0; i < n; i++) await insertTask(agency, { title: `Row task ${token()}` });
    },
    opened: /\/tasks\/[0-9a-f-]{36}$/,
  },
  {
    list: "/resources",
    routeId: "routes/_app.resources._index",
    key: "resources",
    pageSize: 20,
    item: (page: Page) => page.getByTestId("resource-row"),
    seed: async (agency: Parameters<typeof insertClient>[0], n: number) => {
      const client = await insertClient(agency, { first_name: "Row", last_name: `Person${token()}` });
      for (let i = 0; i < n; i++) await insertResource(agency, client);
    },
    opened: /\/resources\/[0-9a-f-]{36}$/,
  },
];

test.describe("rows the browser does not hydrate @js-only", () => {
  for (const c of cases) {
    test(`${c.list}: the server's rows stay, open in the app, and the next page is rendered`, async ({
      page,
      agency,
    }) => {
      await c.seed(agency, c.pageSize + 1);
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });

      await page.goto(c.list);
      // The rows came with the page only: the hydration data holds null in their place.
      expect(await hydrationData(page, c.routeId, c.key)).toBeNull();
      await expect(c.item(page)).toHaveCount(c.pageSize);

      // The next page: its rows come as data and React renders them.
      const loads = countDocuments(page);
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect(c.item(page)).toHaveCount(1);

      // Back on the first page, then a row's first link: opened in the app, with no new document.
      await page.goBack();
      await expect(c.item(page)).toHaveCount(c.pageSize);
      expect(loads.documents).toBe(0);
      await page.reload();
      const fresh = countDocuments(page);
      await c.item(page).first().getByRole("link").first().click();
      await expect(page).toHaveURL(c.opened);
      // Back again the rows are React's, from data: their links open in the app too.
      await page.goBack();
      await expect(c.item(page)).toHaveCount(c.pageSize);
      await c.item(page).first().getByRole("link").first().click();
      await expect(page).toHaveURL(c.opened);
      expect(fresh.documents).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});
