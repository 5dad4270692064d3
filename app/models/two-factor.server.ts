import crypto from "node:crypto";
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { sql } from "kysely";
import { decryptSecret, encryptSecret, hashToken } from "~/utils/crypto.server";
import type { DB } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { audit, type AuditFrom } from "./audit.server";
import { type Ctx, ownRow } from "./context";

// Two-factor sign-in (TOTP, docs/security.md "Two-factor sign-in"). A user's row in
// user_two_factor is pending until confirmed with a code; the secret is stored encrypted, and the
// time step of the last accepted code is kept so that no code is accepted twice.

/** 30-second steps, 6 digits, SHA-1: what every authenticator app reads from the QR code. */
const PERIOD = 30;
const ALGORITHM = "SHA-1";
const DIGITS = 6;
const ISSUER = "Senior Placement";
const PURPOSE = "totp-secret";
export const RECOVERY_CODE_COUNT = 10;

const seal = (secret: string) => encryptSecret(secret, env().sessionSecret, PURPOSE);
const unseal = (sealed: string) => decryptSecret(sealed, env().sessionSecret, PURPOSE);

export type TwoFactorState = "off" | "pending" | "on";

/** Whether the user has two-factor sign-in on, has begun setting it up, or neither. */
export async function twoFactorState(db: DB, userId: string): Promise<TwoFactorState> {
  const row = await db
    .selectFrom("user_two_factor")
    .select("enabled_at")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return "off";
  return row.enabled_at ? "on" : "pending";
}

/**
 * What a sign-in asks after the right password: the code of the app (two-factor is on), its set-up
 * (the agency requires it and the user has not turned it on), or nothing more (null).
 */
export type SecondStep = "code" | "setup" | null;

export async function secondStepOf(db: DB, user: { id: string; agencyId: string }): Promise<SecondStep> {
  const row = await db
    .selectFrom("agencies")
    .leftJoin("user_two_factor", (join) => join.on("user_two_factor.user_id", "=", user.id))
    .select(["agencies.require_two_factor as required", "user_two_factor.enabled_at as enabledAt"])
    .where("agencies.id", "=", user.agencyId)
    .executeTakeFirst();
  if (row?.enabledAt) return "code";
  return row?.required ? "setup" : null;
}

/** Whether the agency requires two-factor sign-in of everyone. */
export async function agencyRequiresTwoFactor(db: DB, agencyId: string): Promise<boolean> {
  const row = await db
    .selectFrom("agencies")
    .select("require_two_factor")
    .where("id", "=", agencyId)
    .executeTakeFirst();
  return row?.require_two_factor ?? false;
}

export interface TwoFactorSetup {
  /** Base32, for typing into an app by hand. */
  secret: string;
  /** The otpauth:// URI the QR code holds. */
  uri: string;
}

/**
 * Begins turning two-factor sign-in on: a new secret, pending until a code confirms it. Nothing
 * changes for a user who has it on already (null).
 */
export async function startTwoFactorSetup(db: DB, ctx: Ctx): Promise<TwoFactorSetup | null> {
  const { secret } = await generateTOTP({ period: PERIOD, algorithm: ALGORITHM, digits: DIGITS });
  const saved = await db
    .insertInto("user_two_factor")
    .values({ user_id: ctx.userId, secret_encrypted: seal(secret) })
    .onConflict((oc) =>
      oc
        .column("user_id")
        .doUpdateSet({ secret_encrypted: seal(secret), last_step: null })
        .where("user_two_factor.enabled_at", "is", null),
    )
    .returning("user_id")
    .executeTakeFirst();
  if (!saved) return null;
  return pendingSetup(db, ctx);
}

/** The pending set-up (secret and URI) of a user who began turning it on; null otherwise. */
export async function pendingSetup(db: DB, ctx: Pick<Ctx, "userId" | "agencyId">): Promise<TwoFactorSetup | null> {
  const row = await db
    .selectFrom("user_two_factor")
    .innerJoin("users", "users.id", "user_two_factor.user_id")
    .select(["user_two_factor.secret_encrypted", "users.email"])
    .where("user_two_factor.user_id", "=", ctx.userId)
    .where("users.agency_id", "=", ctx.agencyId)
    .where("user_two_factor.enabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const secret = unseal(row.secret_encrypted);
  const uri = getTOTPAuthUri({
    secret,
    period: PERIOD,
    digits: DIGITS,
    algorithm: ALGORITHM,
    accountName: row.email,
    issuer: ISSUER,
  });
  return { secret, uri };
}

/** The time step a code of `delta` steps from now belongs to. */
function stepOf(delta: number): number {
  return Math.floor(Date.now() / 1000 / PERIOD) + delta;
}

/**
 * Checks `code` against the user's secret (one step of clock skew either way) and records its
 * step: a code of the last accepted step or an earlier one is refused, so a code seen over a
 * shoulder or in a log cannot be used again. `pending`: the code that confirms a set-up.
 */
async function acceptCode(db: DB, userId: string, code: string, pending: boolean): Promise<boolean> {
  const otp = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(otp)) return false;
  const row = await db
    .selectFrom("user_two_factor")
    .select(["secret_encrypted"])
    .where("user_id", "=", userId)
    .where("enabled_at", pending ? "is" : "is not", null)
    .executeTakeFirst();
  if (!row) return false;
  const match = await verifyTOTP({
    otp,
    secret: unseal(row.secret_encrypted),
    period: PERIOD,
    digits: DIGITS,
    algorithm: ALGORITHM,
    window: 1,
  });
  if (!match) return false;
  const step = stepOf(match.delta);
  // One statement: two requests with the same code cannot both be accepted.
  const updated = await db
    .updateTable("user_two_factor")
    .set({ last_step: step })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Checks a sign-in code of a user who has two-factor sign-in on (skew ±1 step, no replay). */
export function verifyTwoFactorCode(db: DB, userId: string, code: string): Promise<boolean> {
  return acceptCode(db, userId, code, false);
}

/**
 * Turns two-factor sign-in on with a code from the app just set up: makes the ten recovery codes
 * and returns them, the only time they are ever shown. Null when the code is wrong (or there is
 * no pending set-up).
 */
export async function confirmTwoFactor(db: DB, ctx: Ctx, code: string): Promise<string[] | null> {
  if (!(await acceptCode(db, ctx.userId, code, true))) return null;
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("user_two_factor")
      .set({ enabled_at: sql<Date>`now()` })
      .where("user_id", "=", ctx.userId)
      .execute();
    const codes = await replaceRecoveryCodes(trx, ctx.userId);
    await audit(trx, ctx, { action: "two_factor_on", entity: "user", id: ctx.userId });
    return codes;
  });
}

/** Ten new recovery codes ("ABCDE-FGHJK", no look-alike characters); only their hashes are kept. */
async function replaceRecoveryCodes(db: DB, userId: string): Promise<string[]> {
  await db.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
  await db
    .insertInto("two_factor_recovery_codes")
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashToken(normalizeRecoveryCode(code)) })))
    .execute();
  return codes;
}

const RECOVERY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

/** Uses one of the user's recovery codes: true once per code, false after (or for a wrong one). */
export async function redeemRecoveryCode(db: DB, userId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!/^[A-Z0-9]{10}$/.test(normalized)) return false;
  const used = await db
    .updateTable("two_factor_recovery_codes")
    .set({ used_at: sql<Date>`now()` })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hashToken(normalized))
    .where("used_at", "is", null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("user_two_factor")
          .select("user_id")
          .where("user_id", "=", userId)
          .where("enabled_at", "is not", null),
      ),
    )
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** How many of the user's recovery codes are still unused. */
export async function unusedRecoveryCodes(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom("two_factor_recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes a user's second factor (secret and recovery codes); whether there was one that was on. */
async function removeTwoFactor(db: DB, userId: string): Promise<boolean> {
  await db.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
  const removed = await db
    .deleteFrom("user_two_factor")
    .where("user_id", "=", userId)
    .returning("enabled_at")
    .executeTakeFirst();
  return Boolean(removed?.enabled_at);
}

/** The user turns it off themselves (the caller has checked their current password). */
export async function turnOffTwoFactor(db: DB, ctx: Ctx): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const wasOn = await removeTwoFactor(trx, ctx.userId);
    if (wasOn) await audit(trx, ctx, { action: "two_factor_off", entity: "user", id: ctx.userId });
    return wasOn;
  });
}

/**
 * An admin resets a user's second factor (a lost phone): it is off until the user sets it up
 * again. Only a user of the admin's agency; false when there is none or it was not on.
 */
export async function resetTwoFactor(db: DB, ctx: Ctx & AuditFrom, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await ownRow(trx, ctx, "users", userId))) return false;
    const wasOn = await removeTwoFactor(trx, userId);
    if (wasOn) await audit(trx, ctx, { action: "two_factor_reset", entity: "user", id: userId });
    return wasOn;
  });
}
