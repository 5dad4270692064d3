import * as z from "zod";
import { EmailSchema, type LinkProblem } from "./common";

/** No password is longer (NewPasswordSchema): a longer one is refused before any check. */
const MAX_PASSWORD_LENGTH = 200;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;

// Shared by the sign-in screen (Conform) and POST /api/auth/login.

export const LoginSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
});

export const LoginFormSchema = LoginSchema.extend({
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
});

export const LOGIN_FAILED_FALLBACK = "Login failed. Please try again.";
export const INVALID_CREDENTIALS = "Invalid email or password";

/** The second step of a sign-in with two-factor on (/login/two-factor). */
export const TwoFactorFormSchema = z.object({
  method: z.enum(["app", "recovery"]).default("app"),
  code: z.string({ error: "Enter the code" }).trim().min(1, "Enter the code").max(40, "That is not a code"),
});
export const INVALID_TWO_FACTOR_CODE = "Invalid authentication code";
export const INVALID_RECOVERY_CODE = "Invalid or already used recovery code";
export const TWO_FACTOR_API_REFUSED =
  "This account uses two-factor sign-in: the API's password sign-in is not available. Use a personal API token instead (/settings/tokens).";
/** The second step of a sign-in came after its five minutes. */
export const SIGN_IN_TIMED_OUT = "Your sign-in took too long. Please sign in again.";
export const TWO_FACTOR_SETUP_API_REFUSED =
  "Your agency requires two-factor sign-in: sign in on the web to set it up, then use a personal API token (/settings/tokens).";

/** The five password rules, with their exact checklist texts (docs/security.md, "Passwords"). */
export const PASSWORD_RULES = [
  { id: "length", text: "At least 8 characters long", test: (v: string) => v.length >= 8 },
  { id: "upper", text: "Contains uppercase letter (A-Z)", test: (v: string) => /[A-Z]/.test(v) },
  { id: "lower", text: "Contains lowercase letter (a-z)", test: (v: string) => /[a-z]/.test(v) },
  { id: "digit", text: "Contains number (0-9)", test: (v: string) => /[0-9]/.test(v) },
  { id: "special", text: "Contains special character (@$!%*?&)", test: (v: string) => /[@$!%*?&]/.test(v) },
] as const;

export const INVALID_PASSWORD_MESSAGE = "Please ensure your password meets all requirements.";

export function passwordMeetsRules(value: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(value));
}

export const NewPasswordSchema = z
  .string({ error: "Password is required" })
  .max(MAX_PASSWORD_LENGTH, INVALID_PASSWORD_MESSAGE)
  .refine(passwordMeetsRules, INVALID_PASSWORD_MESSAGE);

/** The forgot-password form and POST /api/auth/forgot-password. */
export const ForgotPasswordSchema = z.strictObject({ email: EmailSchema });

/** Why a reset link does not work: a clear message for each case, with a way to ask again. */
export const RESET_TOKEN_PROBLEMS: Record<LinkProblem, string> = {
  invalid: "This password reset link is not valid. Please request a new one.",
  expired: "This password reset link has expired. Please request a new one.",
  used: "This password reset link has already been used. Please request a new one.",
};

export const PASSWORD_MISMATCH_MESSAGE = "Passwords do not match.";

/**
 * A form that sets a new password: its own `fields`, then the new password under the five rules,
 * and the same again to confirm it.
 */
export function withNewPassword<T extends z.ZodRawShape>(fields: T) {
  return z
    .strictObject({
      ...fields,
      password: NewPasswordSchema,
      confirmPassword: z
        .string({ error: "Please confirm your password" })
        .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
    })
    .refine(
      (value) => {
        const { password, confirmPassword } = value as { password: string; confirmPassword: string };
        return password === confirmPassword;
      },
      { path: ["confirmPassword"], message: PASSWORD_MISMATCH_MESSAGE },
    );
}

/** The reset-password form and POST /api/auth/reset-password. */
export const ResetPasswordSchema = withNewPassword({
  token: z
    .string({ error: "The reset token is missing" })
    .trim()
    .min(1, "The reset token is missing")
    .max(200, RESET_TOKEN_PROBLEMS.invalid),
});

/** Shown for every forgot-password request, whether or not the account exists. */
export const FORGOT_PASSWORD_MESSAGE =
  "If an account exists for that email address, we have sent instructions to reset the password. The link works for 30 minutes.";
export const PASSWORD_RESET_MESSAGE = "Your password has been reset. You can now log in with your new password.";

/**
 * What a new-password form's checklist shows after a submit without JavaScript (the passwords
 * themselves are never sent back): each rule met or not, and whether the two match.
 */
export function passwordChecks(password: string, confirmation: string) {
  return { met: PASSWORD_RULES.map((rule) => rule.test(password)), match: password === confirmation };
}
