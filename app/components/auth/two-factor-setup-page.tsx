import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { TwoFactorSetupSchema } from "~/schemas/profile";
import { RecoveryCodes, SetupSteps } from "../profile/two-factor-card";
import { Button, ButtonLink } from "../ui/button";
import { Card } from "../ui/card";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";

interface Data {
  result: SubmissionResult<string[]>;
  done: { recoveryCodes: string[]; continueTo: string } | null;
}

/**
 * /login/two-factor/setup: the agency requires two-factor sign-in and this user has not set it
 * up. The QR code and a code to confirm it; then the recovery codes, and on into the app.
 */
export function TwoFactorSetupPage({
  setup,
  data,
}: {
  setup: { qrCode: string; secret: string } | null;
  data: Data | undefined;
}) {
  return (
    <Card className="p-6 sm:p-8">
      <h1 className="mb-2 text-xl font-semibold text-slate-900">Set up two-factor sign-in</h1>
      {data?.done ? (
        <Done {...data.done} />
      ) : setup ? (
        <SetupForm setup={setup} result={data?.result} />
      ) : (
        <p className="text-sm text-slate-600">
          Two-factor sign-in is already on for this account.{" "}
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Sign in
          </Link>{" "}
          with your password and a code from your app.
        </p>
      )}
    </Card>
  );
}

function SetupForm({
  setup,
  result,
}: {
  setup: { qrCode: string; secret: string };
  result: SubmissionResult<string[]> | undefined;
}) {
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm(TwoFactorSetupSchema, {
    id: "two-factor-setup",
    lastResult: result,
    constraint: requiredFields("code"),
  });
  return (
    <>
      <p className="mb-5 text-sm text-slate-600">
        Your agency requires a code from an authentication app on your phone after your password (Google Authenticator,
        Microsoft Authenticator, 1Password or another). Set it up now to continue.
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <SetupSteps setup={setup} code={fields.code} />
        <Button type="submit" className="w-full" size="lg" loading={submitting}>
          {submitting ? "Checking..." : "Confirm and continue"}
        </Button>
      </Form>
      <div className="mt-6 text-sm">
        <Link to="/login" className="text-slate-600 hover:underline">
          Back to sign in
        </Link>
      </div>
    </>
  );
}

function Done({ recoveryCodes, continueTo }: { recoveryCodes: string[]; continueTo: string }) {
  return (
    <div className="space-y-5">
      <RecoveryCodes codes={recoveryCodes} />
      {/* A whole page load: the app's layout reads the session this answer started. */}
      <ButtonLink to={continueTo} reloadDocument size="lg" className="w-full">
        I have saved my codes, continue
      </ButtonLink>
    </div>
  );
}
