import { describe, expect, it } from "vitest";
import { isNavItemActive } from "~/components/layout/nav";
import { capitalize, formatUsd } from "~/utils/format";
import { safeRedirect } from "~/services/session.server";
import { boundedToast, TOAST_TEXT_LIMITS, toastText } from "~/utils/toast";

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

describe("a toast's text", () => {
  it("keeps what fits, turns control characters into spaces and cuts the rest with an ellipsis", () => {
    expect(toastText("Task moved successfully!", 200)).toBe("Task moved successfully!");
    expect(toastText("a\u0000b\nc\u009fd", 200)).toBe("a b c d");
    expect(toastText("x".repeat(3_000), 200)).toBe(`${"x".repeat(199)}…`);
    // Characters, not UTF-16 units: an emoji is never cut in half.
    expect(toastText("💥".repeat(5), 3)).toBe("💥💥…");
  });

  it("bounds a toast's title and description, and leaves an absent description absent", () => {
    const long = "y".repeat(5_000);
    const toast = boundedToast({ type: "error", title: long, description: long });
    expect(Array.from(toast.title)).toHaveLength(TOAST_TEXT_LIMITS.title);
    expect(Array.from(toast.description ?? "")).toHaveLength(TOAST_TEXT_LIMITS.description);
    expect(boundedToast({ type: "success", title: "Saved" })).toEqual({ type: "success", title: "Saved" });
  });
});
