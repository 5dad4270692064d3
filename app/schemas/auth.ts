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
