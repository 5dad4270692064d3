import { describe, expect, it } from "vitest";
import { INVALID_PASSWORD_MESSAGE, NewPasswordSchema, PASSWORD_RULES, passwordMeetsRules } from "~/schemas/auth";

describe("password rules", () => {
  it("has the spec's five checklist texts in order", () => {
    expect(PASSWORD_RULES.map((r) => r.text)).toEqual([
      "At least 8 characters long",
      "Contains uppercase letter (A-Z)",
      "Contains lowercase letter (a-z)",
      "Contains number (0-9)",
      "Contains special character (@$!%*?&)",
    ]);
  });

  it.each([
    ["Ab1@xyz", "length"],
    ["ab1@xyzw", "upper"],
    ["AB1@XYZW", "lower"],
    ["Abc@xyzw", "digit"],
    ["Abc1xyzw", "special"],
    ["Abc1#xyzw", "special"], // only @$!%*?& count
  ])("%s fails the %s rule only", (value, failing) => {
    const failed = PASSWORD_RULES.filter((r) => !r.test(value)).map((r) => r.id);
    expect(failed).toEqual([failing]);
    expect(passwordMeetsRules(value)).toBe(false);
    const result = NewPasswordSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(INVALID_PASSWORD_MESSAGE);
  });

  it("accepts a password meeting all five", () => {
    expect(NewPasswordSchema.safeParse("Demo@1234").success).toBe(true);
  });
});
