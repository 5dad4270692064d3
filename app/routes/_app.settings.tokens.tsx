import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { toTokenRow, TOKENS_PATH } from "~/components/settings/tokens-list";
import { TokensPage, type TokensPageData } from "~/components/settings/tokens-page";
import { agencyDay } from "~/models/agency.server";
import { createPersonalToken, listPersonalTokens, revokePersonalToken } from "~/models/api-tokens.server";
import { TOKEN_LIMIT_REACHED, TOKEN_NOT_FOUND, TokenFormsSchema } from "~/schemas/token";
import { submitForm } from "~/services/form.server";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { dayIn } from "~/utils/days";
import { clientIp } from "~/utils/request.server";
import { invariantResponse } from "~/utils/responses";

export const meta: MetaFunction = () => [{ title: "API Tokens · Senior Placement" }];

export const handle = { header: { title: "API Tokens", subtitle: "Personal tokens for your own programs" } };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const [tokens, { timeZone }] = await Promise.all([listPersonalTokens(db, ctx), agencyDay(db, ctx)]);
  const rows = tokens.map((token) => toTokenRow(token, timeZone));
  const revoke = new URL(request.url).searchParams.get("revoke");
  return json({ tokens: rows, revoking: rows.find((row) => row.id === revoke) ?? null } satisfies TokensPageData);
}

/** Either form of the page: a new token (intent "create"), or revoking one (intent "revoke"). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const options = {
    failure: "Failed to save your change to your tokens. Please try again.",
    success: { to: TOKENS_PATH, title: "Token revoked" },
  };
  return submitForm(request, TokenFormsSchema, options, async (value, reply) => {
    if (value.intent === "revoke") {
      const revoked = await revokePersonalToken(db, ctx, value.id);
      invariantResponse(revoked, TOKEN_NOT_FOUND);
      const description = `“${revoked.name}” no longer works.`;
      return redirectWithToast(TOKENS_PATH, { type: "success", title: "Token revoked", description });
    }
    const client = { userAgent: request.headers.get("User-Agent"), ip: clientIp(request) };
    const created = await createPersonalToken(db, ctx, value, client);
    if (!created.ok) return json({ result: reply({ formErrors: [TOKEN_LIMIT_REACHED] }) }, { status: 409 });
    const { timeZone } = await agencyDay(db, ctx);
    // The secret is in this answer only: the page shows it once, and nothing stores it.
    const { id, token, expiresAt } = created;
    const expiresOn = dayIn(timeZone, expiresAt);
    return json({ result: reply(), created: { id, name: value.name, token, scope: value.scope, expiresOn } });
  });
}

export default function TokensRoute() {
  return <TokensPage {...useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary message="Failed to load your API tokens. Please try again." retry />;
}
