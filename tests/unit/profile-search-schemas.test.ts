import { describe, expect, it } from "vitest";
import { matchCount } from "~/components/search/search-results";
import { INVALID_PASSWORD_MESSAGE, PASSWORD_MISMATCH_MESSAGE, passwordChecks } from "~/schemas/auth";
import { NUL_MESSAGE } from "~/schemas/common";
import { CONFIRM_NEW_PASSWORD, CURRENT_PASSWORD_REQUIRED, ProfileFormsSchema, SAME_PASSWORD } from "~/schemas/profile";
import { SEARCH_KIND_NAMES, SEARCH_TOO_LONG, SEARCH_TOO_SHORT, SearchTermSchema, seeAllHref } from "~/schemas/search";

/** Each failing field's messages. */
function errors(input: Record<string, unknown>): Record<string, string[]> {
  const result = ProfileFormsSchema.safeParse(input);
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

describe("search term", () => {
  it("is trimmed, at least 2 and at most 100 characters, without NUL", () => {
    expect(SearchTermSchema.parse("  ruth adler ")).toBe("ruth adler");
    expect(SearchTermSchema.parse("ab")).toBe("ab");
    expect(SearchTermSchema.safeParse(" a ").error?.issues[0].message).toBe(SEARCH_TOO_SHORT);
    expect(SearchTermSchema.parse("x".repeat(100))).toHaveLength(100);
    expect(SearchTermSchema.safeParse("x".repeat(101)).error?.issues[0].message).toBe(SEARCH_TOO_LONG);
    expect(SearchTermSchema.safeParse("ab\u0000c").error?.issues[0].message).toBe(NUL_MESSAGE);
  });

  it("'See all' carries the term to each list's search, encoded", () => {
    expect(SEARCH_KIND_NAMES).toEqual(["clients", "facilities", "placements", "tasks", "documents"]);
    expect(seeAllHref("clients", "ruth adler")).toBe("/clients?search=ruth+adler");
    expect(seeAllHref("facilities", "a&b=c")).toBe("/facilities?search=a%26b%3Dc");
    expect(seeAllHref("placements", "O'Neil")).toBe("/placements?search=O%27Neil");
    expect(seeAllHref("tasks", "park place")).toBe("/tasks?search=park+place");
    // Documents are the library's: /resources.
    expect(seeAllHref("documents", "care-assessment")).toBe("/resources?search=care-assessment");
  });

  it("counts read as the lists' (capped ones with a plus)", () => {
    expect(matchCount({ kind: "clients", total: 0, capped: false })).toBe("No clients");
    expect(matchCount({ kind: "clients", total: 1, capped: false })).toBe("1 client");
    expect(matchCount({ kind: "facilities", total: 1, capped: false })).toBe("1 facility");
    expect(matchCount({ kind: "placements", total: 1234, capped: false })).toBe("1,234 placements");
    expect(matchCount({ kind: "clients", total: 500, capped: true })).toBe("500+ clients");
    expect(matchCount({ kind: "tasks", total: 1, capped: false })).toBe("1 task");
    expect(matchCount({ kind: "documents", total: 500, capped: true })).toBe("500+ documents");
  });
});

describe("profile forms", () => {
  const password = {
    intent: "password",
    currentPassword: "Test@1234",
    password: "Fresh@2027",
    confirmPassword: "Fresh@2027",
  };

  it("reads either form by its intent", () => {
    expect(ProfileFormsSchema.parse(password)).toEqual(password);
    expect(
      ProfileFormsSchema.parse({ intent: "profile", firstName: " Dana ", lastName: "Morgan", email: " d@x.com " }),
    ).toEqual({ intent: "profile", firstName: "Dana", lastName: "Morgan", email: "d@x.com" });
    expect(ProfileFormsSchema.safeParse({ ...password, intent: "other" }).success).toBe(false);
    expect(ProfileFormsSchema.safeParse({ ...password, role: "admin" }).success).toBe(false);
  });

  it("says every problem of a new password at once", () => {
    expect(errors({ intent: "password", password: "short", confirmPassword: "shorter" })).toEqual({
      currentPassword: [CURRENT_PASSWORD_REQUIRED],
      password: [INVALID_PASSWORD_MESSAGE],
      confirmPassword: [PASSWORD_MISMATCH_MESSAGE],
    });
    expect(errors({ intent: "password", currentPassword: "x", password: "Fresh@2027" })).toEqual({
      confirmPassword: [CONFIRM_NEW_PASSWORD],
    });
    expect(errors({ ...password, password: "Test@1234", confirmPassword: "Test@1234" })).toEqual({
      password: [SAME_PASSWORD],
    });
  });

  it("names the missing details", () => {
    expect(errors({ intent: "profile", firstName: "", lastName: "", email: "nope" })).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Please enter a valid email address"],
    });
  });

  it("the checklist after a submit without JavaScript", () => {
    expect(passwordChecks("short", "shorter")).toEqual({ met: [false, false, true, false, false], match: false });
    expect(passwordChecks("Fresh@2027", "Fresh@2027")).toEqual({ met: [true, true, true, true, true], match: true });
  });
});
