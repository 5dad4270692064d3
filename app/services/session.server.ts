import { type AppLoadContext, createCookie, createCookieSessionStorage, redirect } from "@remix-run/node";
import { getSessionUser, deleteSession, createSession } from "~/models/session.server";
import { getPreferences, type SessionUser } from "~/models/user.server";
import type { Ctx } from "~/models/context";
import { type DB, getDb, isDatabaseUnavailable, logDatabaseUnavailable } from "~/utils/db.server";
import { appUrl, env } from "~/utils/env.server";
import { boundedToast, type Toast, type ToastType } from "~/utils/toast";
import { callerOf, clientIp } from "~/utils/request.server";
import { oncePerRequest } from "~/utils/request-memo.server";
import { can, type Permission, PERMISSION_MESSAGES } from "~/utils/permissions";
import { invariantResponse } from "~/utils/responses";
import { unavailableWithUnsaved } from "./unsaved.server";

function secureCookies() {
  return env().appUrl.startsWith("https://");
}

function limits() {
  const e = env();
  return { idleMinutes: e.sessionIdleMinutes, absoluteHours: e.sessionAbsoluteHours };
}

let cookies:
  | {
      session: ReturnType<typeof createCookie>;
      toast: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: Toast }>>;
      sidebar: ReturnType<typeof createCookie>;
      pending: ReturnType<typeof createCookie>;
    }
  | undefined;

function getCookies() {
  cookies ??= {
    session: createCookie("__session", {
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      path: "/",
      secrets: [env().sessionSecret],
    }),
    toast: createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
      cookie: {
        name: "__toast",
        httpOnly: true,
        sameSite: "lax",
        secure: secureCookies(),
        path: "/",
        secrets: [env().sessionSecret],
      },
    }),
    sidebar: createCookie("sidebar", {
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      path: "/",
      maxAge: 365 * 24 * 3600,
    }),
    // A sign-in whose password was right and whose second factor is still to come.
    pending: createCookie("__two_factor", {
      httpOnly: true,
      sameSite: "lax",
      secure: secureCookies(),
      path: "/login",
      maxAge: PENDING_SIGN_IN_MINUTES * 60,
      secrets: [env().sessionSecret],
    }),
  };
  return cookies;
}

export type AuthUser = SessionUser & { sessionId: string; agencyTimeZone: string | null };

async function readSessionToken(request: Request): Promise<string | null> {
  const value = await getCookies().session.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/**
 * What a guard is given: a loader's or action's arguments. With `context` (the load context),
 * the layout's and the page's loaders of one request share one lookup of the signed-in user.
 */
export interface GuardArgs {
  request: Request;
  context?: AppLoadContext;
}

const SIGNED_IN_USER = Symbol("signed-in user");

export function getOptionalUser(args: GuardArgs): Promise<AuthUser | null> {
  const { request, context } = args;
  return oncePerRequest(context, SIGNED_IN_USER, () =>
    readSessionToken(request).then((token) => (token ? getSessionUser(getDb(), token, "browser", limits()) : null)),
  ).catch(async (error: unknown) => {
    // The database is away: the page says so (503, "Please try again"), not "Server Error", and
    // a form sent with this request comes back with it, to be saved again.
    if (isDatabaseUnavailable(error)) {
      logDatabaseUnavailable(error);
      throw await unavailableWithUnsaved(args);
    }
    throw error;
  });
}

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(args: GuardArgs): Promise<AuthUser> {
  const { request } = args;
  const user = await getOptionalUser(args);
  if (user) return user;
  const url = new URL(request.url);
  const here = url.pathname + url.search;
  const search = here === "/" || here === "/dashboard" ? "" : `?${new URLSearchParams({ redirectTo: here })}`;
  const headers = new Headers();
  if (await readSessionToken(request)) {
    headers.append("Set-Cookie", await getCookies().session.serialize("", { maxAge: 0 }));
  }
  throw redirect(`/login${search}`, { headers });
}

/** The scope of a signed-in user's request: their agency, and their address for the audit trail. */
export function contextOf(user: Pick<AuthUser, "id" | "agencyId" | "role" | "agencyTimeZone">, request: Request): Ctx {
  return {
    userId: user.id,
    agencyId: user.agencyId,
    role: user.role,
    agencyTimeZone: user.agencyTimeZone,
    ...callerOf(request),
  };
}

export interface SignedIn {
  user: AuthUser;
  /** The agency scope every model call takes. */
  ctx: Ctx;
  db: DB;
}

/**
 * The screen guard: the signed-in user, their agency context and the database, or a redirect to
 * /login that comes back here afterwards. The screen twin of the API's `withApiUser`.
 */
export async function requireSignedIn(args: GuardArgs): Promise<SignedIn> {
  const user = await requireUser(args);
  return { user, ctx: contextOf(user, args.request), db: getDb() };
}

/**
 * The guard and one record of the caller's agency, by the route's `id`: `find` is the model's
 * getter (`getClient`); a missing record (or another agency's) is a 404 saying `notFound`.
 */
export async function requireRecord<T>(
  args: GuardArgs,
  id: string | undefined,
  find: (db: DB, ctx: Ctx, id: string) => Promise<T | null>,
  notFound: string,
): Promise<SignedIn & { record: T }> {
  const signedIn = await requireSignedIn(args);
  const record = await find(signedIn.db, signedIn.ctx, id ?? "");
  invariantResponse(record, notFound);
  return { ...signedIn, record };
}

/**
 * A screen's refusal of what the caller's role may not do (DESIGN.md §12): a 403 whose text the
 * error page shows. The API's twin is `apiRecordRoute`'s `removeNeeds` (services/api.server.ts).
 */
export function requirePermission(ctx: Ctx, permission: Permission): void {
  invariantResponse(can(ctx.role, permission), PERMISSION_MESSAGES[permission], { status: 403 });
}

/**
 * The loader of a screen that loads nothing but must be signed in to (an empty form):
 * `export const loader = signedInOnly;`. Checked on arrival, so an expired session goes to
 * /login before anything is typed, not after.
 */
export async function signedInOnly(args: GuardArgs): Promise<null> {
  await requireSignedIn(args);
  return null;
}

/** Visitors only: a signed-in user is sent to the dashboard. */
export async function requireAnonymous(args: GuardArgs): Promise<void> {
  if (await getOptionalUser(args)) throw redirect("/dashboard");
}

/** The loader of a sign-in screen that loads nothing: `export const loader = anonymousOnly;`. */
export async function anonymousOnly(args: GuardArgs): Promise<null> {
  await requireAnonymous(args);
  return null;
}

/** How long the second step of a sign-in (/login/two-factor) may take after the password. */
export const PENDING_SIGN_IN_MINUTES = 5;

/** A sign-in waiting for its second factor: who, and what the sign-in form asked for. */
export interface PendingSignIn {
  userId: string;
  /** The agency requires two-factor sign-in and the user has not set it up: that comes first. */
  setup?: boolean;
  remember: boolean;
  redirectTo?: string;
}

/**
 * The password was right and the account has two-factor sign-in on: no session yet, but a
 * signed, short-lived cookie that names the user, and the way to the second step.
 */
export async function redirectToSecondStep(pending: PendingSignIn): Promise<Response> {
  const expiresAt = Date.now() + PENDING_SIGN_IN_MINUTES * 60_000;
  return redirect(pending.setup ? "/login/two-factor/setup" : "/login/two-factor", {
    headers: { "Set-Cookie": await getCookies().pending.serialize({ ...pending, expiresAt }) },
  });
}

/**
 * The sign-in waiting for its second factor, or null. The expiry inside the signed value counts,
 * not the cookie's own Max-Age, which a client could keep past its end.
 */
export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const value = (await getCookies().pending.parse(request.headers.get("Cookie"))) as unknown;
  if (!value || typeof value !== "object") return null;
  const { userId, setup, remember, redirectTo, expiresAt } = value as Record<string, unknown>;
  if (typeof userId !== "string" || typeof expiresAt !== "number" || expiresAt <= Date.now()) return null;
  return {
    userId,
    setup: setup === true,
    remember: remember === true,
    redirectTo: typeof redirectTo === "string" ? redirectTo : undefined,
  };
}

/**
 * Starts a browser session: the Set-Cookie headers of its cookie (and of `toast`), and the end of
 * a second step's cookie where there was one.
 */
export async function startSession(
  request: Request,
  user: Pick<SessionUser, "id" | "agencyId">,
  options: { remember: boolean; toast?: Omit<Toast, "id"> },
): Promise<Headers> {
  const { token } = await createSession(getDb(), {
    user,
    kind: "browser",
    remember: options.remember,
    limits: limits(),
    userAgent: request.headers.get("User-Agent"),
    ip: clientIp(request),
  });
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await getCookies().session.serialize(token, {
      // "Remember me" keeps the cookie across browser restarts, within the absolute limit.
      maxAge: options.remember ? limits().absoluteHours * 3600 : undefined,
    }),
  );
  if (options.toast) headers.append("Set-Cookie", await toastCookie(options.toast));
  // A second step just completed: its cookie has done its work.
  if (request.headers.get("Cookie")?.includes("__two_factor=")) {
    headers.append("Set-Cookie", await getCookies().pending.serialize("", { maxAge: 0 }));
  }
  return headers;
}

/** Starts a browser session and answers with a redirect that sets its cookie. */
export async function signInAndRedirect(
  request: Request,
  user: Pick<SessionUser, "id" | "agencyId">,
  options: { remember: boolean; redirectTo: string; toast?: Omit<Toast, "id"> },
): Promise<Response> {
  return redirect(options.redirectTo, { headers: await startSession(request, user, options) });
}

/** Where a completed sign-in goes: where they asked to go, else the screen their preferences name. */
export async function signInDestination(
  user: Pick<SessionUser, "id" | "agencyId">,
  redirectTo: string | undefined,
): Promise<string> {
  const { landingPage } = await getPreferences(getDb(), { userId: user.id, agencyId: user.agencyId });
  return safeRedirect(redirectTo, landingPage);
}

/**
 * Every step of a sign-in done (the password, and the second factor where there is one): the
 * session, and the way to where they asked to go, else the screen their preferences name.
 */
export async function completeSignIn(
  request: Request,
  user: Pick<SessionUser, "id" | "agencyId">,
  options: { remember: boolean; redirectTo?: string },
): Promise<Response> {
  return signInAndRedirect(request, user, {
    remember: options.remember,
    redirectTo: await signInDestination(user, options.redirectTo),
    toast: { type: "success", title: "Welcome back!", description: "You have successfully signed in." },
  });
}

/**
 * Ends the session and goes to `to`. The cookie is cleared even when the row cannot be deleted
 * (the database is down): the browser is signed out, and the row expires on its own.
 */
export async function signOutAndRedirect(request: Request, to = "/login"): Promise<Response> {
  const token = await readSessionToken(request);
  if (token) {
    try {
      await deleteSession(getDb(), token, callerOf(request));
    } catch (error) {
      console.error("[session] could not delete the session row at sign-out", error);
    }
  }
  return redirect(to, {
    headers: { "Set-Cookie": await getCookies().session.serialize("", { maxAge: 0 }) },
  });
}

/**
 * The Set-Cookie of a flash toast, for an answer that is not a redirect (a script navigates after
 * it). Its text is bounded (`boundedToast`), so that a message quoting what a request sent can
 * never make the cookie too large to send; text of unusual characters (up to 4 bytes each, then
 * encoded twice) is cut shorter again until the cookie fits a browser's 4 KB.
 */
export async function toastCookie(toast: Omit<Toast, "id">): Promise<string> {
  const storage = getCookies().toast;
  const id = crypto.randomUUID();
  for (let share = 1; ; share /= 2) {
    const session = await storage.getSession();
    session.flash("toast", { ...boundedToast(toast, share), id } satisfies Toast);
    try {
      return await storage.commitSession(session);
    } catch (error) {
      // Remix refuses a cookie over 4 KB; a toast cut to a few words always fits.
      if (share < 1 / 8) throw error;
    }
  }
}

export async function redirectWithToast(
  to: string,
  toast: { type: ToastType; title: string; description?: string },
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(to, { ...init, headers });
}

/** Reads (and clears) the flash toast; the Set-Cookie must go out with the answer. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const storage = getCookies().toast;
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("__toast=")) return { toast: null, setCookie: null };
  const session = await storage.getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  return { toast, setCookie: await storage.destroySession(session) };
}

export async function isSidebarCollapsed(request: Request): Promise<boolean> {
  return (await getCookies().sidebar.parse(request.headers.get("Cookie"))) === "collapsed";
}

export function sidebarCookie(collapsed: boolean): Promise<string> {
  return getCookies().sidebar.serialize(collapsed ? "collapsed" : "expanded");
}

// Control characters (browsers drop tab, CR and LF from URLs), C1 controls and backslashes
// (read as "/" by browsers): never part of a path this app sends anyone to.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_IN_REDIRECT = /[\u0000-\u001F\u007F-\u009F\\]/;

/**
 * Only a path of this site (APP_URL's origin): anything else, or anything that could turn into
 * another site once a browser or a proxy cleans or decodes it, goes to the fallback.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || UNSAFE_IN_REDIRECT.test(to)) {
    return fallback;
  }
  // The path decoded once must be as harmless (%09, %5C and %2F are what others may decode).
  let decoded: string;
  try {
    decoded = decodeURIComponent(to.split(/[?#]/, 1)[0]);
  } catch {
    return fallback;
  }
  if (decoded.startsWith("//") || UNSAFE_IN_REDIRECT.test(decoded)) return fallback;
  const base = new URL(appUrl());
  const url = new URL(to, base);
  // Re-serialised: what goes into the Location header is plain, encoded ASCII. Resolving can
  // itself make "//" ("/.//evil.example"): the result is checked too.
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== base.origin || path.startsWith("//")) return fallback;
  return path;
}
