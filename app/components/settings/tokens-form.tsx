import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { CreateTokenSchema, TOKEN_EXPIRY_DAYS, TOKEN_SCOPES } from "~/schemas/token";
import type { TokenScope } from "~/utils/db-types";
import { formatDate } from "~/utils/format";
import { useHydrated } from "~/utils/use-hydrated";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { ChoiceGroup, Radio } from "../ui/choice";
import { InputField, SelectField } from "../ui/form";
import { IntentFormCard, IntentSubmitButton } from "../ui/intent-form";
import { requiredFields, useSchemaForm } from "../ui/use-schema-form";
import { SCOPE_LABELS, TOKENS_PATH } from "./tokens-list";

// The form that makes a personal API token, and the new token's secret, shown once: the action
// answers it (with or without JavaScript), and nothing stores it.

/** A token just made: its secret is in this answer and nowhere else. */
export interface CreatedToken {
  id: string;
  name: string;
  token: string;
  scope: TokenScope;
  /** The day it expires (YYYY-MM-DD, the agency's zone). */
  expiresOn: string;
}

/** What the page's action answers the form with. */
export interface TokenFormAnswer {
  result?: SubmissionResult<string[]>;
  created?: CreatedToken;
}

const EXPIRY_OPTIONS = TOKEN_EXPIRY_DAYS.map((days) => [days, `${days} days`] as const);

const SCOPE_HINTS: Record<TokenScope, string> = {
  read: "It can read what you can (GET), and is refused anything else.",
  write: "It can also add, change and delete, as you can.",
};

/** Name, expiry and scope. After a token is made the form starts again, empty. */
export function CreateTokenForm({ answer }: { answer: TokenFormAnswer | undefined }) {
  const lastResult = answer?.result?.initialValue?.intent === "create" && !answer.created ? answer.result : undefined;
  const [form, fields] = useSchemaForm(CreateTokenSchema, {
    id: `create-token-${answer?.created?.id ?? "new"}`,
    lastResult,
    defaultValue: { intent: "create", expiresIn: "90", scope: "read" },
    constraint: requiredFields("name", "expiresIn", "scope"),
  });
  const scope = fields.scope;
  return (
    <IntentFormCard
      form={form}
      intent="create"
      action={TOKENS_PATH}
      label="New API token"
      title="New Token"
      description="A program sends it as “Authorization: Bearer <token>” to the API (/api), and acts as you: it sees what you see."
    >
      <InputField
        field={fields.name}
        label="Name"
        required
        maxLength={100}
        hint="What it is for, e.g. “Monthly report script”."
        autoComplete="off"
      />
      <SelectField field={fields.expiresIn} label="Expires in" required options={EXPIRY_OPTIONS} />
      <ChoiceGroup legend="Scope" error={scope.errors?.join(", ")} className="sm:col-span-2">
        {TOKEN_SCOPES.map(([value]) => (
          <Radio
            key={`${scope.key ?? ""}-${value}`}
            id={`${scope.id}-${value}`}
            name={scope.name}
            value={value}
            defaultChecked={scope.initialValue === value}
            label={SCOPE_LABELS[value]}
            description={SCOPE_HINTS[value]}
            invalid={Boolean(scope.errors)}
          />
        ))}
      </ChoiceGroup>
      <IntentSubmitButton intent="create" label="Create Token" pendingLabel="Creating..." />
    </IntentFormCard>
  );
}

/** The new token's secret, once: copy it now (a button with JavaScript; select and copy without). */
export function NewTokenSecret({ created }: { created: CreatedToken }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const inputId = `token-${created.id}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <section aria-labelledby={`${inputId}-title`} data-testid="new-token">
      <Alert tone="success" title={<span id={`${inputId}-title`}>Token “{created.name}” created</span>}>
        <p>
          {SCOPE_LABELS[created.scope]}, until {formatDate(created.expiresOn)}.{" "}
          <strong>Copy it now: it will not be shown again.</strong> Keep it somewhere safe, such as a password manager;
          anyone who has it can use the API as you.
        </p>
        <label htmlFor={inputId} className="mt-3 block font-medium text-emerald-900">
          Your new token
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            readOnly
            value={created.token}
            onFocus={(event) => event.currentTarget.select()}
            spellCheck={false}
            autoComplete="off"
            className="min-w-0 flex-1 rounded-md border border-emerald-300 bg-white px-3 py-2 font-mono text-sm text-slate-900"
          />
          {hydrated ? (
            <Button variant="outline" onClick={copy}>
              {copied ? "Copied" : "Copy"}
            </Button>
          ) : null}
        </div>
        {hydrated ? null : <p className="mt-1 text-emerald-800">Select it and copy it (Ctrl+C, or ⌘C on a Mac).</p>}
      </Alert>
    </section>
  );
}
