import { createCookie, createCookieSessionStorage, redirect } from "@remix-run/node";
import { getSessionUser, deleteSession, createSession } from "~/models/session.server";
import type { SessionUser } from "~/models/user.server";
import type { Ctx } from "~/models/context";
import { type DB, getDb } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import type { Toast, ToastType } from "~/utils/toast";
import { clientIp } from "~/utils/request.server";

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
  };
  return cookies;
}

export type AuthUser = SessionUser & { sessionId: string };

async function readSessionToken(request: Request): Promise<string | null> {
  const value = await getCookies().session.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

// Layout and page loaders of one request share the lookup.
const userCache = new WeakMap<Request, Promise<AuthUser | null>>();

export function getOptionalUser(request: Request): Promise<AuthUser | null> {
  let pending = userCache.get(request);
  if (!pending) {
    pending = readSessionToken(request).then((token) =>
      token ? getSessionUser(getDb(), token, "browser", limits()) : null,
    );
    userCache.set(request, pending);
  }
  return pending;
}

/** The signed-in user, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request): Promise<AuthUser> {
  const user = await getOptionalUser(request);
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

export function contextOf(user: Pick<AuthUser, "id" | "agencyId">): Ctx {
  return { userId: user.id, agencyId: user.agencyId };
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
export async function requireSignedIn(request: Request): Promise<SignedIn> {
  const user = await requireUser(request);
  return { user, ctx: contextOf(user), db: getDb() };
}

/** Visitors only: a signed-in user is sent to the dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getOptionalUser(request)) throw redirect("/dashboard");
}

/** Starts a browser session and answers with a redirect that sets its cookie. */
export async function signInAndRedirect(
  request: Request,
  user: Pick<SessionUser, "id" | "agencyId">,
  options: { remember: boolean; redirectTo: string; toast?: Omit<Toast, "id"> },
): Promise<Response> {
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
  return redirect(options.redirectTo, { headers });
}

export async function signOutAndRedirect(request: Request, to = "/login"): Promise<Response> {
  const token = await readSessionToken(request);
  if (token) await deleteSession(getDb(), token);
  return redirect(to, {
    headers: { "Set-Cookie": await getCookies().session.serialize("", { maxAge: 0 }) },
  });
}

async function toastCookie(toast: Omit<Toast, "id">): Promise<string> {
  const storage = getCookies().toast;
  const session = await storage.getSession();
  session.flash("toast", { ...toast, id: crypto.randomUUID() } satisfies Toast);
  return storage.commitSession(session);
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

/** Only same-site relative paths: never an open redirect. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  return to;
}
