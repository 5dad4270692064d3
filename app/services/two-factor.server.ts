import { json, redirect } from "@remix-run/node";
import QRCode from "qrcode";
import type { Ctx } from "~/models/context";
import { getUserById } from "~/models/user.server";
import {
  agencyRequiresTwoFactor,
  confirmTwoFactor,
  pendingSetup,
  startTwoFactorSetup,
  turnOffTwoFactor,
  twoFactorState,
  type TwoFactorSetup,
  type TwoFactorState,
  unusedRecoveryCodes,
} from "~/models/two-factor.server";
import { SIGN_IN_TIMED_OUT } from "~/schemas/auth";
import { TWO_FACTOR_REQUIRED, type TwoFactorInput, WRONG_TWO_FACTOR_CODE } from "~/schemas/profile";
import type { DB } from "~/utils/db.server";
import { type AccountChange, type AccountHolder, confirmCurrentPassword } from "./profile.server";
import {
  type GuardArgs,
  type PendingSignIn,
  readPendingSignIn,
  redirectWithToast,
  requireAnonymous,
} from "./session.server";

// The profile page's "Two-factor sign-in" card (docs/security.md, "Two-factor sign-in").

export interface TwoFactorView {
  state: TwoFactorState;
  /** While pending: the QR code (an SVG data URI, drawn on the server: no script needed) and the secret as text. */
  setup: { qrCode: string; secret: string } | null;
  /** While on: how many recovery codes are left. */
  unusedCodes: number;
  /** The agency requires it: it cannot be turned off. */
  required: boolean;
}

export async function twoFactorView(db: DB, ctx: Ctx): Promise<TwoFactorView> {
  const [state, required] = await Promise.all([
    twoFactorState(db, ctx.userId),
    agencyRequiresTwoFactor(db, ctx.agencyId),
  ]);
  const pending = state === "pending" ? await pendingSetup(db, ctx) : null;
  const setup = pending ? await setupShown(pending) : null;
  return {
    state,
    setup,
    unusedCodes: state === "on" ? await unusedRecoveryCodes(db, ctx.userId) : 0,
    required,
  };
}

/** A set-up as the screen shows it: the QR code (an SVG data URI) and the secret as text. */
async function setupShown(setup: TwoFactorSetup): Promise<{ qrCode: string; secret: string }> {
  const svg = await QRCode.toString(setup.uri, { type: "svg", margin: 1 });
  return { qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, secret: setup.secret };
}

/**
 * The set-up a sign-in asks for where the agency requires two-factor sign-in
 * (/login/two-factor/setup): begun on arrival, the same secret on every visit until it is
 * confirmed; null once it is on, or when the user is not an active one.
 */
export async function signInSetupView(
  db: DB,
  userId: string,
  caller: Pick<Ctx, "ip" | "userAgent">,
): Promise<{ qrCode: string; secret: string } | null> {
  const user = await getUserById(db, userId);
  if (!user) return null;
  const ctx: Ctx = { userId: user.id, agencyId: user.agencyId, role: user.role, ...caller };
  const state = await twoFactorState(db, user.id);
  if (state === "on") return null;
  const setup = state === "pending" ? await pendingSetup(db, ctx) : await startTwoFactorSetup(db, ctx);
  return setup ? setupShown(setup) : null;
}

type Reply = (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => unknown;

/**
 * One of the card's forms: "Turn on" (a new secret, pending), the code that confirms it (then
 * the recovery codes, shown this once), "Turn off" (the current password first: a wrong one is
 * the refusal the page shows as for its other forms).
 */
export async function changeTwoFactor(
  db: DB,
  user: AccountHolder,
  ctx: Ctx,
  value: TwoFactorInput,
  deps: { ip: string; reply: Reply },
): Promise<Response | AccountChange> {
  if (value.intent === "two-factor-start") {
    await startTwoFactorSetup(db, ctx);
    return redirect("/profile#two-factor");
  }
  if (value.intent === "two-factor-confirm") {
    const recoveryCodes = await confirmTwoFactor(db, ctx, value.code);
    if (!recoveryCodes) {
      return json(
        { result: deps.reply({ fieldErrors: { code: [WRONG_TWO_FACTOR_CODE] } }), checks: null },
        { status: 400 },
      );
    }
    return json({ result: deps.reply(), checks: null, recoveryCodes });
  }
  if (await agencyRequiresTwoFactor(db, ctx.agencyId)) {
    return json({ result: deps.reply({ formErrors: [TWO_FACTOR_REQUIRED] }), checks: null }, { status: 400 });
  }
  const refused = await confirmCurrentPassword(db, user, value.currentPassword, deps.ip);
  if (refused) return refused;
  await turnOffTwoFactor(db, ctx);
  return redirectWithToast("/profile", {
    type: "success",
    title: "Two-factor sign-in turned off",
    description: "Your password alone now signs you in.",
  });
}

/**
 * The guard of a sign-in's second step (`step`: the code, or setting two-factor up first): signed
 * out, with the cookie of a sign-in whose password was right. Without one, back to /login (a post,
 * which came too late, says so in a toast); on the other step's page, on to that one.
 */
export async function requirePendingSignIn(args: GuardArgs, step: "code" | "setup"): Promise<PendingSignIn> {
  await requireAnonymous(args);
  const pending = await readPendingSignIn(args.request);
  if (!pending) {
    if (args.request.method === "GET" || args.request.method === "HEAD") throw redirect("/login");
    throw await redirectWithToast("/login", { type: "error", title: "Login Failed", description: SIGN_IN_TIMED_OUT });
  }
  if (pending.setup && step !== "setup") throw redirect("/login/two-factor/setup");
  if (!pending.setup && step === "setup") throw redirect("/login/two-factor");
  return pending;
}
