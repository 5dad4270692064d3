import { describe, expect, it } from "vitest";
import { ClientListQuerySchema } from "~/schemas/client";
import { FacilityListQuerySchema } from "~/schemas/facility";
import { readListQuery, typedValue } from "~/utils/list-query";

const labels = {
  search: "Search",
  status: "Status",
  careLevel: "Care level",
  minPrice: "Min price",
  maxPrice: "Max price",
  sort: "Sort by",
  page: "Page",
};

const url = (query: string) => new URL(`http://app.test/list?${query}`);
const options = { fixed: { limit: "12" }, labels };
const clients = (query: string) => readListQuery(url(query), ClientListQuerySchema, options);
const facilities = (query: string) => readListQuery(url(query), FacilityListQuerySchema, options);

describe("readListQuery: what a list screen cannot use is dropped and said in the user's terms", () => {
  it.each([
    ["status=nope", "status", 'Status "nope" is not one of the choices.'],
    ["careLevel=hospice", "careLevel", 'Care level "hospice" is not one of the choices.'],
    ["sort=age", "sort", 'Sort by "age" is not one of the choices.'],
    ["page=0", "page", "Page must be 1 or more."],
    ["page=two", "page", 'Page "two" is not a number.'],
    ["page=1.5", "page", "Page must be a whole number."],
    [`search=${"x".repeat(101)}`, "search", "Search is longer than 100 characters."],
    ["search=a%00b", "search", "Search contains a character that is not allowed."],
    ["colour=red", "colour", '"colour" is not a filter of this list.'],
  ])("/clients?%s", (query, param, message) => {
    const { problems } = clients(query);
    expect(problems).toEqual([{ param, value: expect.any(String), message }]);
  });

  it("keeps the parameters it can use, and drops only the others", () => {
    const { query, problems } = clients("status=nope&careLevel=memory-care&search=ann");
    expect(query).toMatchObject({ careLevel: "memory", search: "ann", limit: 12 });
    expect(query.status).toBeUndefined();
    expect(problems.map((p) => p.param)).toEqual(["status"]);
  });

  it("a minimum price above the maximum: a sentence with both amounts, and what was typed", () => {
    const { query, problems } = facilities("minPrice=5000&maxPrice=3000");
    expect(problems).toEqual([
      { param: "maxPrice", value: "3000", message: "The minimum price ($5,000) is above the maximum ($3,000)" },
    ]);
    expect([query.minPrice, query.maxPrice]).toEqual([5000, undefined]);
    expect(typedValue(problems, "maxPrice")).toBe("3000");
    expect(typedValue(problems, "minPrice")).toBe("");
  });

  it.each([
    ["minPrice=-5", "Min price must be 0 or more."],
    ["maxPrice=lots", 'Max price "lots" is not a number.'],
  ])("/facilities?%s", (query, message) => {
    expect(facilities(query).problems.map((p) => p.message)).toEqual([message]);
  });

  it("a fixed parameter is never dropped, and without labels a parameter is named", () => {
    const { query, problems } = readListQuery(
      new URL("http://app.test/clients?limit=500&status=nope"),
      ClientListQuerySchema,
      { fixed: { limit: "12" } },
    );
    expect(query.limit).toBe(12);
    expect(problems).toEqual([{ param: "status", value: "nope", message: 'The filter "status" could not be used.' }]);
  });
});
