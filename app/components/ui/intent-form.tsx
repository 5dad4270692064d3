import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { Alert } from "./alert";
import { Button } from "./button";

// A page of several small forms that post to the page itself (the profile, a staff member): each
// sends a hidden `intent`, and the answer goes back to the form that was sent.

/** What such a page's action answers: the reply of the form that was sent. */
export interface IntentFormsData {
  result?: SubmissionResult<string[]>;
}

/** The reply meant for the form of `intent`, if the last answer was its. */
export function resultFor(intent: string, data: IntentFormsData | undefined) {
  return data?.result?.initialValue?.intent === intent ? data.result : undefined;
}

/**
 * The submit button of one of the page's forms, busy while that form is being sent (without an
 * `intent`: the page's only form).
 */
export function IntentSubmitButton({
  intent,
  label,
  pendingLabel,
  variant,
}: {
  intent?: string;
  label: string;
  pendingLabel: string;
  variant?: "primary" | "danger" | "outline";
}) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && (intent === undefined || navigation.formData?.get("intent") === intent);
  return (
    <div className="flex justify-end sm:col-span-2">
      <Button type="submit" variant={variant} loading={pending} className="w-full sm:w-auto">
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}

/** A form's own errors (not a field's), over its fields. */
export function FormErrors({ errors }: { errors?: string[] }) {
  return errors ? (
    <div className="sm:col-span-2">
      <Alert tone="error">{errors.join(", ")}</Alert>
    </div>
  ) : null;
}
