import { describe, expect, it } from "vitest";
import { LoginSchema, PASSWORD_TOO_LONG_MESSAGE, RESET_TOKEN_PROBLEMS, ResetPasswordSchema } from "~/schemas/auth";
import { ClientListQuerySchema, ClientNoteSchema, ClientSchema } from "~/schemas/client";
import { NUL_MESSAGE } from "~/schemas/common";
import { FacilityListQuerySchema, FacilitySchema } from "~/schemas/facility";
import { PlacementListQuerySchema, PlacementSchema } from "~/schemas/placement";
import { safeRedirect } from "~/services/session.server";
import { parseTrustProxy } from "~/utils/env.server";
import { validClientBody, validFacilityBody } from "../support/api-bodies";

// What a client may send that the database or a browser would misread: refused with a message
// (schemas) or replaced by a safe default (redirects).

const NUL = "\u0000";

const client = validClientBody();
const facility = validFacilityBody();

const placement = {
  clientId: "4b1f6f0e-8c51-4d6a-9d0e-3a2b1c0d9e8f",
  facilityId: "5c2a7a1f-9d62-4e7b-8e1f-4b3c2d1e0f9a",
  status: "In Progress",
  priority: "Medium",
  startDate: "2026-01-05",
};

/** The messages of a failed parse, by dotted path. */
function errors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("the NUL character", () => {
  it("is refused in every kind of text field, by the field, with a message in the user's terms", () => {
    expect(ClientSchema.safeParse(client).success).toBe(true);
    expect(errors(ClientSchema.safeParse({ ...client, firstName: `Ada${NUL}` }))).toEqual({ firstName: NUL_MESSAGE });
    expect(errors(ClientSchema.safeParse({ ...client, address: { city: `Port${NUL}land` } }))).toEqual({
      "address.city": NUL_MESSAGE,
    });
    expect(errors(ClientSchema.safeParse({ ...client, medicalNotes: `notes${NUL}` }))).toEqual({
      medicalNotes: NUL_MESSAGE,
    });
    expect(errors(ClientSchema.safeParse({ ...client, medications: ["Aspirin", `x${NUL}`] }))).toEqual({
      medications: NUL_MESSAGE,
    });
    expect(errors(ClientSchema.safeParse({ ...client, financialInfo: { budgetRange: `$1${NUL}` } }))).toEqual({
      "financialInfo.budgetRange": NUL_MESSAGE,
    });
    expect(errors(ClientNoteSchema.safeParse({ content: `a${NUL}b` }))).toEqual({ content: NUL_MESSAGE });
    expect(errors(FacilitySchema.safeParse({ ...facility, notes: NUL }))).toEqual({ notes: NUL_MESSAGE });
    expect(errors(FacilitySchema.safeParse({ ...facility, amenities: [`Garden${NUL}`] }))).toEqual({
      amenities: NUL_MESSAGE,
    });
    expect(errors(PlacementSchema.safeParse({ ...placement, notes: `x${NUL}` }))).toEqual({ notes: NUL_MESSAGE });
  });

  it("is refused in every list's search", () => {
    for (const schema of [ClientListQuerySchema, FacilityListQuerySchema, PlacementListQuerySchema]) {
      expect(errors(schema.safeParse({ search: NUL }))).toEqual({ search: NUL_MESSAGE });
      expect(errors(schema.safeParse({ search: `smith${NUL}` }))).toEqual({ search: NUL_MESSAGE });
      expect(schema.safeParse({ search: "smith" }).success).toBe(true);
    }
  });

  it("in an e-mail address is an invalid address", () => {
    expect(errors(LoginSchema.safeParse({ email: `a${NUL}@example.com`, password: "x" }))).toEqual({
      email: "Please enter a valid email address",
    });
  });
});

describe("budgets", () => {
  it("refuse a budget range past the cap, which is what the column also holds", () => {
    const range = (budgetRange: string) => ClientSchema.safeParse({ ...client, financialInfo: { budgetRange } });
    const tooLarge = { "financialInfo.budgetRange": "Budget is too large: at most $10,000,000" };
    expect(errors(range("$50,000,000 - $60,000,000"))).toEqual(tooLarge);
    expect(errors(range("$3,000 - $99,999,999,999,999"))).toEqual(tooLarge);
    expect(errors(range("99999999999999999999999"))).toEqual(tooLarge);
    const ok = range("$3,000 - $10,000,000");
    expect(ok.success && ok.data).toMatchObject({ budgetMin: 3000, budgetMax: 10_000_000 });
  });

  it("refuse amounts past the cap in the fields too", () => {
    expect(errors(ClientSchema.safeParse({ ...client, budget: { min: 1e12 } }))).toEqual({
      "budget.min": "Minimum budget is too large",
    });
    expect(errors(FacilitySchema.safeParse({ ...facility, maxCost: 1e13 }))).toEqual({
      maxCost: "That amount is too large",
    });
    expect(errors(PlacementSchema.safeParse({ ...placement, monthlyRate: 1e15 }))).toEqual({
      monthlyRate: "Monthly rate is too large",
    });
    expect(errors(PlacementSchema.safeParse({ ...placement, depositAmount: Number.MAX_VALUE }))).toEqual({
      depositAmount: "Deposit amount is too large",
    });
  });
});

describe("passwords", () => {
  it("longer than any password can be are refused as too long, not as missing", () => {
    expect(errors(LoginSchema.safeParse({ email: "a@example.com", password: "x".repeat(201) }))).toEqual({
      password: PASSWORD_TOO_LONG_MESSAGE,
    });
    expect(PASSWORD_TOO_LONG_MESSAGE).toBe("Password must be at most 200 characters");
    expect(LoginSchema.safeParse({ email: "a@example.com", password: "x".repeat(200) }).success).toBe(true);
    expect(errors(LoginSchema.safeParse({ email: "a@example.com", password: "" }))).toEqual({
      password: "Password is required",
    });
  });

  it("a reset token too long to be one is an invalid link", () => {
    const result = ResetPasswordSchema.safeParse({
      token: "t".repeat(201),
      password: "Fresh@2026x",
      confirmPassword: "Fresh@2026x",
    });
    expect(errors(result)).toEqual({ token: RESET_TOKEN_PROBLEMS.invalid });
  });
});

describe("safeRedirect", () => {
  it.each([
    ["/clients?x=1", "/clients?x=1"],
    ["/clients/abc/edit?status=Target#top", "/clients/abc/edit?status=Target#top"],
    ["/clients?search=Jos%C3%A9", "/clients?search=Jos%C3%A9"],
  ])("keeps the path of this site %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/\t\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%0d%0a/evil.example",
    "/clients\r\nSet-Cookie: x=1",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "/.//evil.example",
    "/%2e//evil.example",
    "/a/..//evil.example",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    " /clients",
    "/clients\u0000",
    "/%00",
    "/clients\u0085",
    "/%E0%A4%A",
    "",
    null,
    undefined,
  ])("sends %j to the dashboard instead", (input) => {
    expect(safeRedirect(input)).toBe("/dashboard");
  });

  it("never answers with anything but a path of this site", () => {
    const odd = ["\t", "\n", "\r", "\\", "/", "%", "%2F", "%5C", "%09", "@", ":", ".", "?", "#", "\u0000", "é", " "];
    for (const a of odd)
      for (const b of odd)
        for (const c of odd) {
          const to = safeRedirect(`/${a}${b}${c}evil.example`);
          expect(new URL(to, "http://localhost:3000").origin).toBe("http://localhost:3000");
          expect(to).toMatch(/^\/(?![/\\])[^\t\r\n\\]*$/);
        }
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["0", false],
    ["1", 1],
    ["2", 2],
    ["10.0.0.1, 10.0.0.2", "10.0.0.1, 10.0.0.2"],
    ["loopback", "loopback"],
  ])("%j -> %j", (value, expected) => {
    expect(parseTrustProxy(value)).toBe(expected);
  });

  it("refuses true, which would believe any X-Forwarded-For", () => {
    expect(() => parseTrustProxy("true")).toThrow(/number of proxies/);
  });
});
