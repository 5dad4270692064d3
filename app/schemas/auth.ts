import * as z from "zod";

// Shared by the sign-in screen (Conform) and POST /api/auth/login.

export const LoginSchema = z.strictObject({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200),
});

export const LoginFormSchema = LoginSchema.extend({
  remember: z.boolean().optional(),
  redirectTo: z.string().optional(),
});

export const LOGIN_FAILED_FALLBACK = "Login failed. Please try again.";
export const INVALID_CREDENTIALS = "Invalid email or password";

/** The five password rules of spec 000 §5, with their exact checklist texts. */
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
  .max(200, INVALID_PASSWORD_MESSAGE)
  .refine(passwordMeetsRules, INVALID_PASSWORD_MESSAGE);
