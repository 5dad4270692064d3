import * as z from "zod";
import { requiredText } from "./common";

// Personal API tokens (/settings/tokens): a named token for a program of one's own, with an
// expiry and a scope. The page's two forms post to it; `intent` says which (TokenFormsSchema).

/** How long a new token lives, in days: the choices of the form. */
export const TOKEN_EXPIRY_DAYS = ["30", "90", "365"] as const;

/** What a token may do, as the page names it: read only (GET), or read and write. */
export const TOKEN_SCOPES = [
  ["read", "Read-only"],
  ["write", "Read and write"],
] as const;

/** The most personal tokens one person may have at once (expired ones do not count). */
export const MAX_ACTIVE_TOKENS = 20;

export const TOKEN_NAME_REQUIRED = "Name is required";
export const TOKEN_EXPIRY_REQUIRED = "Choose when the token expires: in 30, 90 or 365 days";
export const TOKEN_SCOPE_REQUIRED = "Choose what the token may do: read-only, or read and write";
export const TOKEN_LIMIT_REACHED = `You already have ${MAX_ACTIVE_TOKENS} active tokens, the most one person may have. Revoke one you no longer use, then create the new one.`;
export const TOKEN_NOT_FOUND = "This token does not exist or was already revoked.";

/** A new token: its name, how many days it lives and its scope. */
export const CreateTokenSchema = z.strictObject({
  intent: z.literal("create"),
  name: requiredText(TOKEN_NAME_REQUIRED, 100),
  expiresIn: z.enum(TOKEN_EXPIRY_DAYS, { error: TOKEN_EXPIRY_REQUIRED }).transform(Number),
  scope: z.enum(["read", "write"], { error: TOKEN_SCOPE_REQUIRED }),
});

export type CreateTokenInput = z.output<typeof CreateTokenSchema>;

/** One of the user's tokens to revoke, by its id. */
export const RevokeTokenSchema = z.strictObject({
  intent: z.literal("revoke"),
  id: z.string({ error: TOKEN_NOT_FOUND }).max(100, TOKEN_NOT_FOUND),
});

/** What the page's action reads: one of its two forms. */
export const TokenFormsSchema = z.discriminatedUnion("intent", [CreateTokenSchema, RevokeTokenSchema]);

/** The question before a token is revoked, naming it. */
export const revokeTokenMessage = (name: string) =>
  `Revoke "${name}"? A program that uses it is refused at once (401). This cannot be undone.`;
