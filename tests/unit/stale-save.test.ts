import { describe, expect, it } from "vitest";
import * as z from "zod";
import { recordVersion } from "~/schemas/common";
import { changedMeanwhile, whenSaid } from "~/utils/stale-save";

// What a refused stale save says (docs/architecture.md, "A stale save is refused"), and the
// version field every edit form and PUT body shares.

describe("who changed the record and when", () => {
  const now = new Date("2026-11-24T20:50:00Z"); // 3:50 PM in New York

  it("says the time in the agency's zone: today, another day this year, another year", () => {
    expect(whenSaid(new Date("2026-11-24T20:42:00Z"), "America/New_York", now)).toBe("at 3:42 PM");
    expect(whenSaid(new Date("2026-11-24T20:42:00Z"), "America/Los_Angeles", now)).toBe("at 12:42 PM");
    // 11:30 pm in New York on the 23rd is already the 24th in UTC.
    expect(whenSaid(new Date("2026-11-24T04:30:00Z"), "America/New_York", now)).toBe("on Nov 23 at 11:30 PM");
    expect(whenSaid(new Date("2026-11-24T04:30:00Z"), "UTC", now)).toBe("at 4:30 AM");
    expect(whenSaid(new Date("2025-12-31T15:05:00Z"), "America/New_York", now)).toBe("on Dec 31, 2025 at 10:05 AM");
  });

  it("names the person, the caller, or someone", () => {
    const at = new Date("2026-11-24T20:42:00Z");
    expect(changedMeanwhile("client", { name: "Dana Ruiz", isYou: false }, at, "America/New_York", now)).toBe(
      "Dana Ruiz changed this client at 3:42 PM, after you opened it.",
    );
    expect(changedMeanwhile("task", { name: "Sam Lee", isYou: true }, at, "America/New_York", now)).toBe(
      "You changed this task at 3:42 PM in another tab or window, after you opened this form.",
    );
    expect(changedMeanwhile("document", null, at, "America/New_York", now)).toBe(
      "Someone else changed this document at 3:42 PM, after you opened it.",
    );
  });
});

describe("the version field", () => {
  const schema = z.strictObject({ version: recordVersion() });

  it("takes a whole number of 1 or more, from a form's text or JSON; empty or absent is none", () => {
    expect(schema.parse({ version: "3" })).toEqual({ version: 3 });
    expect(schema.parse({ version: 3 })).toEqual({ version: 3 });
    expect(schema.parse({ version: " 12 " })).toEqual({ version: 12 });
    expect(schema.parse({ version: "" })).toEqual({ version: undefined });
    expect(schema.parse({})).toEqual({});
  });

  it("refuses anything else with one message naming the field", () => {
    for (const version of [0, -1, 1.5, "1.5", "two", true, null, "99999999999"]) {
      const result = z.strictObject({ revision: recordVersion("revision") }).safeParse({ revision: version });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toEqual(["revision must be a whole number of 1 or more"]);
    }
  });

  it("with orNone, also takes 0: none was recorded when it was read (a client's disclosure)", () => {
    const disclosure = z.strictObject({ version: recordVersion("version", { orNone: true }) });
    expect(disclosure.parse({ version: "0" })).toEqual({ version: 0 });
    expect(disclosure.parse({ version: 2 })).toEqual({ version: 2 });
    const result = disclosure.safeParse({ version: -1 });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["version must be a whole number of 0 or more"]);
  });
});
