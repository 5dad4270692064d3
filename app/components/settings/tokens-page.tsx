import { MAX_ACTIVE_TOKENS } from "~/schemas/token";
import { CreateTokenForm, NewTokenSecret, type TokenFormAnswer } from "./tokens-form";
import { RevokePanel, type TokenRow, TokenTable } from "./tokens-list";

// /settings/tokens: the signed-in user's personal API tokens (docs/api.md, "Personal API tokens").
// The question before a revoke (without JavaScript), the secret of a token just made, the form
// for a new one, then the user's tokens.

/** What the page's loader gives. */
export interface TokensPageData {
  tokens: TokenRow[];
  /** The token whose Revoke link was followed without JavaScript (`?revoke=<id>`), if it is theirs. */
  revoking: TokenRow | null;
}

export function TokensPage({ tokens, revoking, answer }: TokensPageData & { answer: TokenFormAnswer | undefined }) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {revoking ? <RevokePanel token={revoking} /> : null}
      {answer?.created ? <NewTokenSecret created={answer.created} /> : null}
      <CreateTokenForm answer={answer} />
      <section aria-labelledby="your-tokens" className="space-y-4">
        <div>
          <h2 id="your-tokens" className="text-base font-semibold text-slate-900">
            Your Tokens
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            Tokens that still work, newest first (at most {MAX_ACTIVE_TOKENS}). Revoking one ends it at once.
          </p>
        </div>
        <TokenTable tokens={tokens} />
      </section>
    </div>
  );
}
