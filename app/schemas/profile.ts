import * as z from "zod";
import { NewPasswordSchema, PASSWORD_MISMATCH_MESSAGE, PASSWORD_TOO_LONG_MESSAGE } from "./auth";
import { EmailSchema, requiredText } from "./common";

// The profile page (/profile): the signed-in user's own name and e-mail, and their password.
// Both forms post to the page; `intent` says which (ProfileFormsSchema).

export const CURRENT_PASSWORD_REQUIRED = "Current password is required";
export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";
export const EMAIL_CHANGE_NEEDS_PASSWORD = "Enter your current password to change your email";
export const EMAIL_TAKEN = "Another account in your agency already uses this email";
export const SAME_PASSWORD = "Choose a new password, not your current one";
export const CONFIRM_NEW_PASSWORD = "Please confirm your new password";

const currentPassword = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(200, PASSWORD_TOO_LONG_MESSAGE);

/**
 * Name and e-mail. The current password is asked for only when the e-mail changes (checked on
 * the server, which knows the stored e-mail): see docs/security.md, "Your own account".
 */
export const ProfileSchema = z.strictObject({
  intent: z.literal("profile"),
  firstName: requiredText("First name is required", 100),
  lastName: requiredText("Last name is required", 100),
  email: EmailSchema,
  currentPassword: z.string().max(200, PASSWORD_TOO_LONG_MESSAGE).optional(),
});

export type ProfileInput = z.output<typeof ProfileSchema>;

/** Whether a posted object holds some text in `field`. */
const typed = (value: unknown, field: string) => typeof (value as Record<string, unknown> | null)?.[field] === "string";

/** A new password: the current one, then the new one twice, with the five rules. */
export const ChangePasswordSchema = z
  .strictObject({
    intent: z.literal("password"),
    currentPassword,
    password: NewPasswordSchema,
    confirmPassword: z.string({ error: CONFIRM_NEW_PASSWORD }).max(200, PASSWORD_TOO_LONG_MESSAGE),
  })
  // Checked even when another field is wrong, so that every message shows at once.
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: PASSWORD_MISMATCH_MESSAGE,
    when: ({ value }) => typed(value, "password") && typed(value, "confirmPassword"),
  })
  .refine((value) => value.password !== value.currentPassword, {
    path: ["password"],
    message: SAME_PASSWORD,
    when: ({ value }) => typed(value, "password") && typed(value, "currentPassword"),
  });

export type ChangePasswordInput = z.output<typeof ChangePasswordSchema>;

// Two-factor sign-in (docs/security.md, "Two-factor sign-in"): turn on (a new secret, pending),
// confirm it with a code from the app, turn off with the current password.

export const ENTER_TWO_FACTOR_CODE = "Enter the code your app shows";
/** Turning it off where the agency requires it. */
export const TWO_FACTOR_REQUIRED = "Your agency requires two-factor sign-in, so it cannot be turned off.";
export const WRONG_TWO_FACTOR_CODE = "That code is not right. Check the time on your phone and try the new code.";

export const TwoFactorStartSchema = z.strictObject({ intent: z.literal("two-factor-start") });

const twoFactorCode = z
  .string({ error: ENTER_TWO_FACTOR_CODE })
  .trim()
  .min(1, ENTER_TWO_FACTOR_CODE)
  .max(20, WRONG_TWO_FACTOR_CODE);

export const TwoFactorConfirmSchema = z.strictObject({ intent: z.literal("two-factor-confirm"), code: twoFactorCode });

/** The code that confirms a set-up asked for at sign-in (/login/two-factor/setup). */
export const TwoFactorSetupSchema = z.strictObject({ code: twoFactorCode });

export const TwoFactorOffSchema = z.strictObject({ intent: z.literal("two-factor-off"), currentPassword });

export const TWO_FACTOR_INTENTS = ["two-factor-start", "two-factor-confirm", "two-factor-off"] as const;

export type TwoFactorInput =
  z.output<typeof TwoFactorStartSchema> | z.output<typeof TwoFactorConfirmSchema> | z.output<typeof TwoFactorOffSchema>;

/** What the profile page's action reads: one of its forms. */
export const ProfileFormsSchema = z.discriminatedUnion("intent", [
  ProfileSchema,
  ChangePasswordSchema,
  TwoFactorStartSchema,
  TwoFactorConfirmSchema,
  TwoFactorOffSchema,
]);

/** The fields never sent back to the browser after a submit (passwords, a two-factor code). */
export const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword", "code"] as const;
