import { describe, expect, it } from "vitest";
import { isNavItemActive } from "~/components/layout/nav";
import { capitalize, formatUsd } from "~/utils/format";
import { safeRedirect } from "~/services/session.server";

describe("safeRedirect", () => {
  it.each([
    ["/clients?x=1", "/clients?x=1"],
    ["//evil.example", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["https://evil.example", "/dashboard"],
    [null, "/dashboard"],
  ])("%s -> %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
});

describe("navigation", () => {
  it("marks Dashboard active at / and sections at their sub-paths", () => {
    expect(isNavItemActive("/dashboard", "/")).toBe(true);
    expect(isNavItemActive("/clients", "/clients/123/edit")).toBe(true);
    expect(isNavItemActive("/clients", "/clientsx")).toBe(false);
  });
});

describe("format", () => {
  it("capitalises roles and shows dollars without decimals", () => {
    expect(capitalize("coordinator")).toBe("Coordinator");
    expect(formatUsd(4500.75)).toBe("$4,501");
    expect(formatUsd("1200.00")).toBe("$1,200");
  });
});
