import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { isTimeZone } from "./days";

/**
 * Configuration read once from the environment. See .env.example for the list.
 */
export interface Env {
  nodeEnv: string;
  port: number;
  databaseUrl: string | undefined;
  dataDir: string;
  appUrl: string;
  sessionSecret: string;
  resendApiKey: string | undefined;
  resendBaseUrl: string | undefined;
  emailFrom: string;
  uploadDir: string;
  /** Uploaded documents go to this S3-compatible bucket (S3_*); null: to the local disk, uploadDir. */
  s3: S3Settings | null;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  seedDemo: boolean;
  trustProxy: TrustProxy;
  /** The time zone of an agency that has not set its own (TIME_ZONE, an IANA name). */
  timeZone: string;
  /** How long the server waits at start for a database that does not answer yet (DATABASE_WAIT_SECONDS). */
  databaseWaitSeconds: number;
  /** A request body (an upload) that stops arriving for this long is cut (BODY_IDLE_SECONDS). */
  bodyIdleSeconds: number;
}

/** Where documents are kept when S3_BUCKET is set (AWS S3, MinIO, Cloudflare R2…; docs/documents.md). */
export interface S3Settings {
  bucket: string;
  /** The bucket's region ("auto" for R2; any name MinIO accepts, usually us-east-1). */
  region: string;
  /** The service's address for an S3-compatible one (MinIO, R2); unset for AWS. Path-style when set. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * The S3_* variables: null when S3_BUCKET is not set (documents stay on the local disk).
 * With S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required, and an
 * S3_ENDPOINT must be an http(s) URL; anything else stops the server at startup.
 */
export function parseS3Settings(vars: Record<string, string | undefined>): S3Settings | null {
  const value = (name: string) => vars[name]?.trim() || undefined;
  const bucket = value("S3_BUCKET");
  if (!bucket) return null;
  if (/[\s/]/.test(bucket)) throw new Error(`S3_BUCKET=${bucket} is not a bucket name (no slashes or spaces)`);
  const missing = ["S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"].filter((name) => !value(name));
  if (missing.length > 0) {
    throw new Error(
      `S3_BUCKET is set, so uploaded documents go to S3, but ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not set. ` +
        "Set S3_REGION (auto for Cloudflare R2, us-east-1 for MinIO), S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, " +
        "or unset S3_BUCKET to keep documents in UPLOAD_DIR.",
    );
  }
  const endpoint = value("S3_ENDPOINT");
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) {
      throw new Error(`S3_ENDPOINT=${endpoint} is not an http(s) URL (such as https://minio.example.com:9000)`);
    }
  }
  return {
    bucket,
    region: value("S3_REGION")!,
    endpoint: endpoint?.replace(/\/+$/, ""),
    accessKeyId: value("S3_ACCESS_KEY_ID")!,
    secretAccessKey: value("S3_SECRET_ACCESS_KEY")!,
  };
}

/**
 * How far X-Forwarded-For is believed (Express's "trust proxy"): not at all (false), the last N
 * hops (the number of proxies in front of the app), or the hops added by the listed addresses.
 */
export type TrustProxy = false | number | string;

/** TRUST_PROXY: empty or 0 = no proxy; 1 = one proxy hop; a number of hops; or proxy addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text === "0" || /^(false|no|off)$/i.test(text)) return false;
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10);
  if (/^(true|yes|on)$/i.test(text)) {
    throw new Error(
      `TRUST_PROXY=${text} would believe any X-Forwarded-For a client writes: set the number of proxies in front of the app (usually 1) or their addresses`,
    );
  }
  return text;
}

function intFrom(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

let dotEnvLoaded = false;

/** Reads ./.env once, if there is one; variables already set in the environment win. */
export function loadDotEnv(): void {
  if (dotEnvLoaded) return;
  dotEnvLoaded = true;
  if (process.env.NODE_ENV !== "test" && fs.existsSync(".env")) process.loadEnvFile(".env");
}

/** TIME_ZONE: an IANA zone name; unset, America/New_York. */
export function parseTimeZone(value: string | undefined): string {
  const zone = (value ?? "").trim() || "America/New_York";
  if (!isTimeZone(zone)) throw new Error(`TIME_ZONE=${zone} is not a time zone name (such as America/Chicago)`);
  return zone;
}

function appUrlFrom(port: number): string {
  return (process.env.APP_URL || `http://localhost:${port}`).replace(/\/+$/, "");
}

function loadEnv(): Env {
  loadDotEnv();
  const nodeEnv = process.env.NODE_ENV ?? "development";
  const port = intFrom(process.env.PORT, 3000);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? "data");
  let sessionSecret = process.env.SESSION_SECRET;
  if (!sessionSecret) {
    if (nodeEnv === "production" && databaseUrl) {
      throw new Error("SESSION_SECRET must be set when NODE_ENV=production and DATABASE_URL is set.");
    }
    sessionSecret = readOrCreateSecret(dataDir);
  }
  return {
    nodeEnv,
    port,
    databaseUrl,
    dataDir,
    appUrl: appUrlFrom(port),
    sessionSecret,
    resendApiKey: process.env.RESEND_API_KEY || undefined,
    resendBaseUrl: process.env.RESEND_BASE_URL || undefined,
    emailFrom: process.env.EMAIL_FROM || "Placement <no-reply@placement.local>",
    uploadDir: path.resolve(process.env.UPLOAD_DIR ?? path.join(dataDir, "uploads")),
    s3: parseS3Settings(process.env),
    sessionIdleMinutes: intFrom(process.env.SESSION_IDLE_MINUTES, 30),
    sessionAbsoluteHours: intFrom(process.env.SESSION_ABSOLUTE_HOURS, 12),
    seedDemo: process.env.SEED_DEMO === "1",
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    timeZone: parseTimeZone(process.env.TIME_ZONE),
    databaseWaitSeconds: intFrom(process.env.DATABASE_WAIT_SECONDS, 60),
    bodyIdleSeconds: intFrom(process.env.BODY_IDLE_SECONDS, 60),
  };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

/** For tests: read the environment again at the next env() (after changing process.env). */
export function resetEnv(): void {
  cached = undefined;
}

/** APP_URL alone, without the rest of the configuration (no session secret is read or made). */
export function appUrl(): string {
  if (cached) return cached.appUrl;
  loadDotEnv();
  return appUrlFrom(intFrom(process.env.PORT, 3000));
}
