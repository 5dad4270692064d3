import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

export interface AppOptions {
  /** The Remix build, or a function that loads the current one (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  appUrl: string;
  trustProxy?: boolean;
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
  if (req.path.startsWith("/api/")) return false; // bearer tokens, no ambient credentials
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
  const app = express();
  app.disable("x-powered-by");
  if (options.trustProxy) app.set("trust proxy", true);
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
    createRequestHandler({
      build: options.build,
      mode: options.mode,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );
  return app;
}
