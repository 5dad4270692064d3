import { TwoFactorConfirmSchema, TwoFactorOffSchema, TwoFactorStartSchema } from "~/schemas/profile";
import { Alert } from "../ui/alert";
import { FormSection, InputField, PasswordField } from "../ui/form";
import { IntentFormCard, IntentSubmitButton, useIntentForm } from "../ui/intent-form";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";
import type { ProfileFormsData } from "./profile-forms";

// The profile page's "Two-factor sign-in" card (docs/security.md, "Two-factor sign-in"): off,
// pending (the QR code, the secret as text, a code to confirm) or on (turn off with the password).
// The recovery codes show once, in the answer to the code that turned it on.

const TITLE = "Two-factor sign-in";
const DESCRIPTION = "After your password, a code from an authentication app on your phone.";

export interface TwoFactorCardView {
  state: "off" | "pending" | "on";
  setup: { qrCode: string; secret: string } | null;
  unusedCodes: number;
  /** The agency requires it: no "Turn off". */
  required: boolean;
}

type Data = (ProfileFormsData & { recoveryCodes?: string[] }) | undefined;

export function TwoFactorCard({ view, data }: { view: TwoFactorCardView; data: Data }) {
  const recoveryCodes = data && "recoveryCodes" in data ? data.recoveryCodes : undefined;
  return (
    <div id="two-factor" className="space-y-4">
      {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} /> : null}
      {view.state === "on" && view.required ? <RequiredNote unusedCodes={view.unusedCodes} /> : null}
      {view.state === "on" && !view.required ? <TurnOffForm unusedCodes={view.unusedCodes} data={data} /> : null}
      {view.state === "pending" && view.setup ? <ConfirmForm setup={view.setup} data={data} /> : null}
      {view.state === "off" || (view.state === "pending" && !view.setup) ? <TurnOnForm /> : null}
    </div>
  );
}

function TurnOnForm() {
  const [form] = useSchemaForm(TwoFactorStartSchema, { id: "two-factor-start" });
  return (
    <IntentFormCard form={form} intent="two-factor-start" label={TITLE} title={TITLE} description={DESCRIPTION}>
      <p className="text-sm text-slate-700 sm:col-span-2">
        Two-factor sign-in is <strong>off</strong>. Turning it on shows a QR code to scan with an app such as Google
        Authenticator, Microsoft Authenticator or 1Password.
      </p>
      <IntentSubmitButton intent="two-factor-start" label="Turn on" pendingLabel="Starting..." />
    </IntentFormCard>
  );
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * A set-up, here and at sign-in: the QR code to scan and the key to type instead, then the field
 * for the code that confirms it.
 */
export function SetupSteps({
  setup,
  code,
  className,
}: {
  setup: { qrCode: string; secret: string };
  code: Parameters<typeof InputField>[0]["field"];
  className?: string;
}) {
  return (
    <>
      <SetupInstructions setup={setup} className={className} />
      <InputField field={code} label="Authentication code" required autoComplete="one-time-code" inputMode="numeric" />
    </>
  );
}

function SetupInstructions({ setup, className }: { setup: { qrCode: string; secret: string }; className?: string }) {
  return (
    <div className={`space-y-3 text-sm text-slate-700 ${className ?? ""}`}>
      <p>1. Scan this QR code with your authentication app.</p>
      <img src={setup.qrCode} alt="QR code for your authentication app" width={176} height={176} />
      <p>
        Cannot scan it? Enter this key in the app instead:{" "}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">{grouped(setup.secret)}</code>
      </p>
      <p>2. Enter the 6-digit code the app now shows, to turn two-factor sign-in on.</p>
    </div>
  );
}

function ConfirmForm({ setup, data }: { setup: { qrCode: string; secret: string }; data: Data }) {
  const [form, fields] = useIntentForm(TwoFactorConfirmSchema, "two-factor-confirm", data, {
    constraint: requiredFields("code"),
  });
  return (
    <IntentFormCard form={form} intent="two-factor-confirm" label={TITLE} title={TITLE} description={DESCRIPTION}>
      <SetupSteps setup={setup} code={fields.code} className="sm:col-span-2" />
      <IntentSubmitButton intent="two-factor-confirm" label="Confirm and turn on" pendingLabel="Checking..." />
    </IntentFormCard>
  );
}

function TurnOffForm({ unusedCodes, data }: { unusedCodes: number; data: Data }) {
  const [form, fields] = useIntentForm(TwoFactorOffSchema, "two-factor-off", data, {
    constraint: requiredFields("currentPassword"),
  });
  return (
    <IntentFormCard form={form} intent="two-factor-off" label={TITLE} title={TITLE} description={DESCRIPTION}>
      <p className="text-sm text-slate-700 sm:col-span-2">
        Two-factor sign-in is <strong>on</strong>. Recovery codes left: {unusedCodes} of 10.
      </p>
      <PasswordField
        field={fields.currentPassword}
        label="Current password"
        hint="Needed to turn two-factor sign-in off."
        autoComplete="current-password"
        required
      />
      <IntentSubmitButton intent="two-factor-off" label="Turn off" pendingLabel="Turning off..." variant="danger" />
    </IntentFormCard>
  );
}

/** On, and the agency requires it: nothing to turn off. */
function RequiredNote({ unusedCodes }: { unusedCodes: number }) {
  return (
    <FormSection title={TITLE} description={DESCRIPTION}>
      <p className="text-sm text-slate-700 sm:col-span-2">
        Two-factor sign-in is <strong>on</strong>. Recovery codes left: {unusedCodes} of 10. Your agency requires it, so
        it cannot be turned off.
      </p>
    </FormSection>
  );
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert tone="warning" title="Save your recovery codes now">
      <p>
        Two-factor sign-in is on. If you lose your phone, each of these codes signs you in once instead of a code from
        the app. Keep them somewhere safe (print them, or a password manager): they are not shown again.
      </p>
      <ol aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </Alert>
  );
}
