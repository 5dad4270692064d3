import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { PASSWORD_RULES } from "~/schemas/auth";
import { useHydrated } from "~/utils/use-hydrated";
import { PasswordField } from "../ui/form";
import { PasswordChecklist, PasswordMatch } from "./password-checklist";

type Field = Parameters<typeof PasswordField>[0]["field"];

/** The checklist as the server found a new password (without JavaScript, after a submit). */
export type PasswordChecks = { met: boolean[]; match: boolean } | null | undefined;

/**
 * The submit button of a form with NewPasswordFields: whether it is sending, and, with JavaScript,
 * held back until the password meets the rules and is confirmed (`onReady` goes to the fields).
 */
export function useNewPasswordSubmit() {
  const hydrated = useHydrated();
  const [ready, setReady] = useState(false);
  const submitting = useNavigation().state === "submitting";
  return { submitting, disabled: hydrated && !ready, onReady: setReady };
}

/**
 * A new password twice, with the five rules ticked off as it is typed (with JavaScript) or as the
 * server found them (without): the reset-password, invitation and profile pages. `answer` changes
 * with each answer of the server, which empties both fields. `onReady` hears whether the form can go.
 */
export function NewPasswordFields({
  password: passwordField,
  confirmPassword,
  answer,
  checks,
  labels = ["New Password", "Confirm Password"],
  onReady,
  autoFocus,
  required,
}: {
  password: Field;
  confirmPassword: Field;
  answer: string;
  checks: PasswordChecks;
  labels?: [string, string];
  onReady?: (ready: boolean) => void;
  autoFocus?: boolean;
  /** Marks both labels required (the profile's form, where the current password is one too). */
  required?: boolean;
}) {
  const hydrated = useHydrated();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  useEffect(() => {
    // The fields were cleared (remounted) by the answer: so is what the checklist reads.
    setPassword("");
    setConfirmation("");
  }, [answer]);
  const ready = PASSWORD_RULES.every((rule) => rule.test(password)) && password === confirmation;
  useEffect(() => onReady?.(ready), [ready, onReady]);

  // Live with JavaScript; without it, what the server found in the last submit.
  const live = hydrated && (password !== "" || confirmation !== "");
  const met = live ? PASSWORD_RULES.map((rule) => rule.test(password)) : (checks?.met ?? null);
  const match = live ? (confirmation === "" ? null : password === confirmation) : (checks?.match ?? null);
  return (
    <>
      <div className="space-y-3">
        <PasswordField
          key={`password-${answer}`}
          field={passwordField}
          label={labels[0]}
          required={required}
          autoComplete="new-password"
          onChange={(event) => setPassword(event.currentTarget.value)}
          autoFocus={autoFocus}
        />
        <PasswordChecklist met={met} />
      </div>
      <PasswordField
        key={`confirm-${answer}`}
        field={confirmPassword}
        label={labels[1]}
        required={required}
        autoComplete="new-password"
        onChange={(event) => setConfirmation(event.currentTarget.value)}
        below={<PasswordMatch match={match} />}
        // The match indicator already says "Passwords do not match": not twice.
        showErrors={!live && match !== false}
      />
    </>
  );
}
