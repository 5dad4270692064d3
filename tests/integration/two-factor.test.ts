// Two-factor sign-in (TOTP), the model: set-up pending until a code confirms it, one step of
// clock skew either way, no code accepted twice, recovery codes single use, turning it off and an
// admin's reset, each audited.
import { generateTOTP } from "@epic-web/totp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Ctx } from "~/models/context";
import {
  confirmTwoFactor,
  pendingSetup,
  resetTwoFactor,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorState,
  unusedRecoveryCodes,
  redeemRecoveryCode,
  verifyTwoFactorCode,
} from "~/models/two-factor.server";
import { resetDb, testDb } from "../support/db";
import { createAgency, createUser } from "../support/factories";

const db = testDb();
const START = new Date("2026-12-07T10:00:05Z");
const STEP_MS = 30_000;

let ctx: Ctx;
let admin: Ctx;

beforeEach(async () => {
  await resetDb(db);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(START);
  const agency = await createAgency(db);
  const user = await createUser(db, { agencyId: agency.id, role: "agent" });
  const boss = await createUser(db, { agencyId: agency.id, role: "admin" });
  ctx = { userId: user.id, agencyId: agency.id, ip: "203.0.113.9" };
  admin = { userId: boss.id, agencyId: agency.id, role: "admin" };
});

afterEach(() => {
  vi.useRealTimers();
});

/** The code an authenticator app shows for `secret` at `at`. */
async function codeAt(secret: string, at: Date): Promise<string> {
  const now = Date.now();
  vi.setSystemTime(at);
  const { otp } = await generateTOTP({ secret, period: 30, digits: 6, algorithm: "SHA-1" });
  vi.setSystemTime(now);
  return otp;
}

const later = (steps: number) => new Date(START.getTime() + steps * STEP_MS);

async function turnOn(): Promise<{ secret: string; codes: string[] }> {
  const setup = await startTwoFactorSetup(db, ctx);
  const codes = await confirmTwoFactor(db, ctx, await codeAt(setup!.secret, START));
  expect(codes).toHaveLength(10);
  return { secret: setup!.secret, codes: codes! };
}

const auditActions = async (action: string) =>
  db
    .selectFrom("audit_events")
    .selectAll()
    .where("action", "=", action as never)
    .execute();

describe("set-up", () => {
  it("is pending until a code from the app confirms it, and the secret is stored encrypted", async () => {
    const setup = await startTwoFactorSetup(db, ctx);
    expect(setup!.secret).toMatch(/^[A-Z2-7]+$/);
    expect(setup!.uri).toMatch(/^otpauth:\/\/totp\/Senior%20Placement:.*secret=/);
    expect(await twoFactorState(db, ctx.userId)).toBe("pending");
    expect((await pendingSetup(db, ctx))!.secret).toBe(setup!.secret);
    const row = await db.selectFrom("user_two_factor").selectAll().executeTakeFirstOrThrow();
    expect(row.secret_encrypted).not.toContain(setup!.secret);

    expect(await confirmTwoFactor(db, ctx, "000000")).toBeNull();
    expect(await twoFactorState(db, ctx.userId)).toBe("pending");
    const codes = await confirmTwoFactor(db, ctx, await codeAt(setup!.secret, START));
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes!) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(await twoFactorState(db, ctx.userId)).toBe("on");
    expect(await pendingSetup(db, ctx)).toBeNull();
    const stored = await db.selectFrom("two_factor_recovery_codes").select("code_hash").execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(codes![0]);
    const [entry] = await auditActions("two_factor_on");
    expect(entry).toMatchObject({ actor_id: ctx.userId, entity_type: "user", entity_id: ctx.userId });
  });

  it("cannot be started again over a second factor that is on", async () => {
    const { secret } = await turnOn();
    expect(await startTwoFactorSetup(db, ctx)).toBeNull();
    vi.setSystemTime(later(2));
    expect(await verifyTwoFactorCode(db, ctx.userId, await codeAt(secret, later(2)))).toBe(true);
  });
});

describe("sign-in codes", () => {
  it("accepts the code of one step before or after now, not two", async () => {
    const { secret } = await turnOn();
    vi.setSystemTime(later(10));
    expect(await verifyTwoFactorCode(db, ctx.userId, await codeAt(secret, later(8)))).toBe(false);
    expect(await verifyTwoFactorCode(db, ctx.userId, await codeAt(secret, later(12)))).toBe(false);
    expect(await verifyTwoFactorCode(db, ctx.userId, await codeAt(secret, later(9)))).toBe(true);
    vi.setSystemTime(later(20));
    expect(await verifyTwoFactorCode(db, ctx.userId, await codeAt(secret, later(21)))).toBe(true);
  });

  it("refuses a code used once already, and any earlier one", async () => {
    const { secret } = await turnOn();
    vi.setSystemTime(later(5));
    const code = await codeAt(secret, later(5));
    expect(await verifyTwoFactorCode(db, ctx.userId, code)).toBe(true);
    expect(await verifyTwoFactorCode(db, ctx.userId, code)).toBe(false);
    expect(await verifyTwoFactorCode(db, ctx.userId, await codeAt(secret, later(4)))).toBe(false);
    // The confirming code's step is used up too.
    vi.setSystemTime(START);
    expect(await verifyTwoFactorCode(db, ctx.userId, await codeAt(secret, START))).toBe(false);
  });

  it("accepts the same code only once when sent twice at the same moment", async () => {
    const { secret } = await turnOn();
    vi.setSystemTime(later(3));
    const code = await codeAt(secret, later(3));
    const answers = await Promise.all([1, 2, 3].map(() => verifyTwoFactorCode(db, ctx.userId, code)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it("refuses codes of a set-up not confirmed, and text that is not a code", async () => {
    const setup = await startTwoFactorSetup(db, ctx);
    expect(await verifyTwoFactorCode(db, ctx.userId, await codeAt(setup!.secret, START))).toBe(false);
    await confirmTwoFactor(db, ctx, await codeAt(setup!.secret, START));
    vi.setSystemTime(later(2));
    expect(await verifyTwoFactorCode(db, ctx.userId, "abcdef")).toBe(false);
    expect(await verifyTwoFactorCode(db, ctx.userId, "")).toBe(false);
  });
});

describe("recovery codes", () => {
  it("each works once, typed in any case and with or without its dash", async () => {
    const { codes } = await turnOn();
    expect(await redeemRecoveryCode(db, ctx.userId, codes[0].toLowerCase().replace("-", " "))).toBe(true);
    expect(await redeemRecoveryCode(db, ctx.userId, codes[0])).toBe(false);
    expect(await redeemRecoveryCode(db, ctx.userId, codes[1])).toBe(true);
    expect(await redeemRecoveryCode(db, ctx.userId, "AAAAA-AAAAA")).toBe(false);
    expect(await unusedRecoveryCodes(db, ctx.userId)).toBe(8);
  });

  it("are another user's no use, and go with the second factor", async () => {
    const { codes } = await turnOn();
    expect(await redeemRecoveryCode(db, admin.userId, codes[0])).toBe(false);
    await turnOffTwoFactor(db, ctx);
    expect(await redeemRecoveryCode(db, ctx.userId, codes[0])).toBe(false);
  });
});

describe("turning it off", () => {
  it("removes the secret and the recovery codes, audited as the user's", async () => {
    await turnOn();
    expect(await turnOffTwoFactor(db, ctx)).toBe(true);
    expect(await twoFactorState(db, ctx.userId)).toBe("off");
    expect(await db.selectFrom("two_factor_recovery_codes").selectAll().execute()).toEqual([]);
    expect(await auditActions("two_factor_off")).toMatchObject([{ actor_id: ctx.userId, entity_id: ctx.userId }]);
    expect(await turnOffTwoFactor(db, ctx)).toBe(false);
    expect(await auditActions("two_factor_off")).toHaveLength(1);
  });

  it("an admin's reset turns it off for a user of their agency, audited with the admin as actor", async () => {
    await turnOn();
    expect(await resetTwoFactor(db, admin, ctx.userId)).toBe(true);
    expect(await twoFactorState(db, ctx.userId)).toBe("off");
    expect(await auditActions("two_factor_reset")).toMatchObject([
      { actor_id: admin.userId, entity_type: "user", entity_id: ctx.userId, agency_id: ctx.agencyId },
    ]);
  });

  it("an admin of another agency cannot reset it", async () => {
    await turnOn();
    const other = await createAgency(db);
    const stranger = await createUser(db, { agencyId: other.id, role: "admin" });
    expect(await resetTwoFactor(db, { userId: stranger.id, agencyId: other.id }, ctx.userId)).toBe(false);
    expect(await twoFactorState(db, ctx.userId)).toBe("on");
  });
});
