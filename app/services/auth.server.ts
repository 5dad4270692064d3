import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { audit } from "~/models/audit.server";
import {
  confirmTwoFactor,
  redeemRecoveryCode,
  secondStepOf,
  type SecondStep,
  verifyTwoFactorCode,
} from "~/models/two-factor.server";
import {
  findActiveUserByEmail,
  getUserById,
  verifyLogin,
  verifyUserPassword,
  type SessionUser,
} from "~/models/user.server";
import { INVALID_CREDENTIALS, INVALID_TWO_FACTOR_CODE, INVALID_RECOVERY_CODE, LoginFormSchema } from "~/schemas/auth";
import { WRONG_CURRENT_PASSWORD, WRONG_TWO_FACTOR_CODE } from "~/schemas/profile";
import type { DB } from "~/utils/db.server";
import { getDb } from "~/utils/db.server";
import { clearRateLimit, forgiveHits, hitRateLimit } from "~/models/rate-limit.server";
import { RULES } from "~/utils/rate-limit.server";
import { clientIp } from "~/utils/request.server";

export type SignInRefused = { ok: false; status: 401 | 429; message: string; retryAfter?: number };

/**
 * The password was right; `secondStep`: what is still to come, the code of the app ("code"), its
 * set-up where the agency requires it ("setup"), or nothing (null).
 */
export type PasswordSignIn = { ok: true; user: SessionUser; secondStep: SecondStep } | SignInRefused;

/**
 * The one sign-in rule, for the screen and the API: rate limited per account and per
 * address (failures only), and the same answer for an unknown e-mail and a wrong password.
 * Each attempt is counted before the password is checked, so attempts sent at once cannot all
 * slip under the limit; a success then clears the account's count and takes back the address's.
 * With a second step to come, the right password only takes its own count back: the account's
 * count of wrong codes must not start again each time the password is typed.
 */
export async function signInWithPassword(db: DB, input: SignInAttempt): Promise<PasswordSignIn> {
  const [account, address] = passwordLimits(input.email, input.ip);
  const limited = await hitRateLimit(db, [account, address], "Too many failed sign-in attempts");
  if (limited) {
    await auditFailedSignIn(db, input, "too_many_attempts");
    return limited;
  }
  const user = await verifyLogin(db, input.email, input.password);
  if (!user) {
    await auditFailedSignIn(db, input, "invalid_credentials");
    return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  }
  const secondStep = await secondStepOf(db, user);
  if (secondStep) {
    await forgiveHits(db, [account.key, address.key]);
  } else {
    await clearRateLimit(db, account.key);
    await forgiveHits(db, [address.key]);
  }
  return { ok: true, user, secondStep };
}

export interface SecondFactorAttempt {
  userId: string;
  /** A code of the authenticator app, or one of the recovery codes. */
  method: "app" | "recovery";
  code: string;
  ip: string;
  userAgent?: string | null;
}

/**
 * The second step of a sign-in with two-factor on (the password was right): a code of the app
 * (one step of skew, never one used before) or a recovery code (once each). Wrong codes count
 * against the same limits as wrong passwords, per account and per address, and answer the same.
 */
export function signInWithSecondFactor(
  db: DB,
  input: SecondFactorAttempt,
): Promise<{ ok: true; user: SessionUser } | SignInRefused> {
  return checkSecondStep(db, input, async (user) => {
    const ok =
      input.method === "recovery"
        ? await redeemRecoveryCode(db, user.id, input.code)
        : await verifyTwoFactorCode(db, user.id, input.code);
    if (ok) return {};
    return input.method === "recovery" ? INVALID_RECOVERY_CODE : INVALID_TWO_FACTOR_CODE;
  });
}

/**
 * The second step of a sign-in where the agency requires two-factor sign-in and the user had not
 * turned it on: the code of the app just set up turns it on (and makes the recovery codes, returned
 * to be shown this once). Wrong codes count as wrong sign-in codes do.
 */
export function signInWithNewSecondFactor(
  db: DB,
  input: Omit<SecondFactorAttempt, "method">,
): Promise<{ ok: true; user: SessionUser; recoveryCodes: string[] } | SignInRefused> {
  return checkSecondStep(db, input, async (user) => {
    const ctx = { userId: user.id, agencyId: user.agencyId, role: user.role, ip: input.ip, userAgent: input.userAgent };
    const recoveryCodes = await confirmTwoFactor(db, ctx, input.code);
    return recoveryCodes ? { recoveryCodes } : WRONG_TWO_FACTOR_CODE;
  });
}

/**
 * A second step's code, under the sign-in limits: `check` answers what a right code gives, or the
 * message for a wrong one (counted, and audited as `invalid_code`). A right one clears the count.
 */
async function checkSecondStep<T extends object>(
  db: DB,
  input: Pick<SecondFactorAttempt, "userId" | "ip" | "userAgent">,
  check: (user: SessionUser) => Promise<T | string>,
): Promise<({ ok: true; user: SessionUser } & T) | SignInRefused> {
  const user = await getUserById(db, input.userId);
  if (!user) return { ok: false, status: 401, message: INVALID_CREDENTIALS };
  const [account, address] = passwordLimits(user.email, input.ip);
  const limited = await hitRateLimit(db, [account, address], "Too many failed sign-in attempts");
  const attempt = { email: user.email, password: "", ip: input.ip, userAgent: input.userAgent };
  if (limited) {
    await auditFailedSignIn(db, attempt, "too_many_attempts");
    return limited;
  }
  const outcome = await check(user);
  if (typeof outcome === "string") {
    await auditFailedSignIn(db, attempt, "invalid_code");
    return { ok: false, status: 401, message: outcome };
  }
  await clearRateLimit(db, account.key);
  await forgiveHits(db, [address.key]);
  return { ok: true, user, ...outcome };
}

export interface SignInAttempt {
  email: string;
  password: string;
  ip: string;
  userAgent?: string | null;
}

/**
 * A failed sign-in's audit entry: the e-mail tried, and the account it would have opened (so its
 * agency's admins see it), or none when no active account has that e-mail.
 */
async function auditFailedSignIn(
  db: DB,
  input: SignInAttempt,
  reason: "too_many_attempts" | "invalid_credentials" | "invalid_code",
) {
  const account = await findActiveUserByEmail(db, input.email);
  const who = { userId: null, agencyId: account?.agencyId ?? null, ip: input.ip, userAgent: input.userAgent };
  await audit(db, who, {
    action: "sign_in_failed",
    entity: account ? "user" : undefined,
    id: account?.id,
    email: input.email.trim(),
    details: { reason },
  });
}

/** The counters of failed password attempts: per account (its e-mail) and per address. */
function passwordLimits(email: string, ip: string) {
  return [
    { key: `login:account:${email.trim().toLowerCase()}`, rule: RULES.loginPerAccount },
    { key: `login:address:${ip}`, rule: RULES.loginPerAddress },
  ] as const;
}

export type PasswordConfirmation =
  { ok: true } | { ok: false; status: 400 | 429; message: string; retryAfter?: number };

/**
 * Checks a signed-in user's current password before a change to their account (a new password
 * or e-mail). A wrong one counts against the same limits as a failed sign-in of that account
 * and address, so the form is no way round them to guess a password.
 */
export async function confirmOwnPassword(
  db: DB,
  user: Pick<SessionUser, "id" | "agencyId" | "email">,
  input: { password: string; ip: string },
): Promise<PasswordConfirmation> {
  const [account, address] = passwordLimits(user.email, input.ip);
  const limited = await hitRateLimit(db, [account, address], "Too many failed password attempts");
  if (limited) return limited;
  const ok = await verifyUserPassword(db, { userId: user.id, agencyId: user.agencyId }, input.password);
  if (!ok) return { ok: false, status: 400, message: WRONG_CURRENT_PASSWORD };
  await clearRateLimit(db, account.key);
  await forgiveHits(db, [address.key]);
  return { ok: true };
}

/** Thrown by the form strategy; the sign-in action turns it into the form's error. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfter?: number,
    readonly submission?: ReturnType<typeof parseLoginForm>,
  ) {
    super(message);
  }
}

export function parseLoginForm(form: FormData) {
  return parseWithZod(form, { schema: LoginFormSchema });
}

export interface LoginResult {
  user: SessionUser;
  /** What is still to come: /login/two-factor ("code") or /login/two-factor/setup ("setup"). */
  secondStep: SecondStep;
  remember: boolean;
  redirectTo: string | undefined;
}

export const authenticator = new Authenticator<LoginResult>();

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const submission = parseLoginForm(form);
    if (submission.status !== "success") {
      throw new SignInError("Please fix the errors below", 400, undefined, submission);
    }
    const result = await signInWithPassword(getDb(), {
      email: submission.value.email,
      password: submission.value.password,
      ip: clientIp(request),
      userAgent: request.headers.get("User-Agent"),
    });
    if (!result.ok) throw new SignInError(result.message, result.status, result.retryAfter, submission);
    return {
      user: result.user,
      secondStep: result.secondStep,
      remember: submission.value.remember ?? false,
      redirectTo: submission.value.redirectTo,
    };
  }),
  "form",
);
