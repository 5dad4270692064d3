import crypto from "node:crypto";

/** A URL-safe random secret of `bytes` random bytes (default 32 = 256 bits). */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak sessions. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}
