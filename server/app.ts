import crypto from "node:crypto";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { TrustProxy } from "../app/utils/env.server";
import { expressHandler, type HandleRequest, remixHandler } from "./remix";
import {
  BODY_IDLE_MS,
  BODY_LIMITS,
  type BodyLimit,
  isApiPath,
  limitBodies,
  refuseUnnormalisedPaths,
  requireFormBodies,
} from "./request-guards";

export interface AppOptions {
  /** The Remix build, or a function that loads the current one (development). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Answers requests instead of a build (tests of the Express layer). */
  handleRequest?: HandleRequest;
  mode: string;
  appUrl: string;
  /** Which X-Forwarded-For hops to believe: none (false), the last N, or the proxies' addresses. */
  trustProxy?: TrustProxy;
  /** Request body limits by kind (default BODY_LIMITS). */
  bodyLimits?: BodyLimit[];
  /** A body that stops arriving for this long is cut (default BODY_IDLE_MS). */
  bodyIdleMs?: number;
}

function contentSecurityPolicy(nonce: string, mode: string) {
  const dev = mode === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: http://localhost:*" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Form posts from another site are refused (besides SameSite cookies): a browser says where
 * a request comes from in Sec-Fetch-Site, or failing that in Origin.
 */
function isCrossSiteFormPost(req: express.Request, appUrl: string): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return false;
  if (isApiPath(req.path)) return false; // bearer tokens, no ambient credentials
  const site = req.get("sec-fetch-site");
  if (site) return site === "cross-site" || site === "same-site";
  const origin = req.get("origin");
  if (!origin || origin === "null") return Boolean(origin);
  const host = req.get("host");
  try {
    const from = new URL(origin);
    return from.host !== host && from.origin !== new URL(appUrl).origin;
  } catch {
    return true;
  }
}

export function createApp(options: AppOptions) {
  const handleRequest = options.handleRequest ?? (options.build && remixHandler(options.build, options.mode));
  if (!handleRequest) throw new Error("createApp: give a build or a handleRequest");
  const app = express();
  app.disable("x-powered-by");
  setTrustProxy(app, options.trustProxy ?? false);
  app.use(compression());

  app.use((req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    // Loaders read the caller's address from here; never from a header the client sent.
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options.mode));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (options.appUrl.startsWith("https://")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  });

  // Before any other check: they all read the path, and must read the one the app routes.
  app.use(refuseUnnormalisedPaths);
  app.use(requireFormBodies);
  app.use(limitBodies(options.bodyLimits ?? BODY_LIMITS, options.bodyIdleMs ?? BODY_IDLE_MS));
  app.use((req, res, next) => {
    if (!isCrossSiteFormPost(req, options.appUrl)) return next();
    res.status(403).type("text/plain").send("Cross-site form submissions are not allowed.");
  });

  // Fingerprinted build assets are cached for a year; other public files for an hour.
  app.use("/build", express.static(path.resolve("public/build"), { immutable: true, maxAge: "1y" }));
  // Only paths that name a file (favicon.svg…): pages skip the file-system lookup.
  const publicFiles = express.static(path.resolve("public"), { maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  app.all(
    "*",
    expressHandler(handleRequest, (_req, res) => ({ cspNonce: res.locals.cspNonce as string, memo: new Map() })),
  );
  return app;
}

/**
 * Express's "trust proxy": the client address (req.ip) is read from X-Forwarded-For only as far
 * as the proxies in front of the app: `1` believes the one hop the proxy added, never what the
 * client wrote before it. Trusting every hop (true) would let a client choose its own address.
 */
function setTrustProxy(app: express.Express, trust: TrustProxy) {
  if (trust === false || trust === 0) return;
  try {
    app.set("trust proxy", trust);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`);
  }
}
