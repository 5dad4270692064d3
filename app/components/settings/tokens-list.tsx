import { useCallback, useState } from "react";
import type { PersonalToken } from "~/models/api-tokens.server";
import { revokeTokenMessage } from "~/schemas/token";
import type { TokenScope } from "~/utils/db-types";
import { dayIn } from "~/utils/days";
import { formatDate } from "~/utils/format";
import { Badge } from "../ui/badge";
import { ConfirmDialog, ConfirmPanel } from "../ui/dialog";
import { EmptyState } from "../ui/empty-state";
import { LockIcon } from "../ui/icons";
import { RowLink, StackedTable } from "../ui/stacked-table";

// The list of the user's personal API tokens (/settings/tokens): name, scope, created, expires,
// last used, and Revoke, which asks first: in a dialog with JavaScript, else on the page itself
// (/settings/tokens?revoke=<id>). Both post the same form (intent=revoke).

export const TOKENS_PATH = "/settings/tokens";

/** What a row shows: the days in the agency's time zone (YYYY-MM-DD), never the secret. */
export interface TokenRow {
  id: string;
  name: string;
  scope: TokenScope;
  createdOn: string;
  expiresOn: string;
  /** Null: never used. */
  lastUsedOn: string | null;
}

export function toTokenRow(token: PersonalToken, timeZone: string): TokenRow {
  return {
    id: token.id,
    name: token.name,
    scope: token.scope,
    createdOn: dayIn(timeZone, new Date(token.createdAt)),
    expiresOn: dayIn(timeZone, new Date(token.expiresAt)),
    lastUsedOn: token.lastUsedAt ? dayIn(timeZone, new Date(token.lastUsedAt)) : null,
  };
}

export const SCOPE_LABELS: Record<TokenScope, string> = { read: "Read-only", write: "Read and write" };

export function ScopeBadge({ scope }: { scope: TokenScope }) {
  return <Badge tone={scope === "read" ? "gray" : "orange"}>{SCOPE_LABELS[scope]}</Badge>;
}

const COLUMNS = ["Name", "Scope", "Created", "Expires", "Last used"] as const;

const Day = ({ day }: { day: string }) => <time dateTime={day}>{formatDate(day)}</time>;

/** The user's tokens (StackedTable), and the dialog their Revoke links open. */
export function TokenTable({ tokens }: { tokens: TokenRow[] }) {
  const [revoking, setRevoking] = useState<TokenRow | null>(null);
  const close = useCallback(() => setRevoking(null), []);
  if (tokens.length === 0) {
    return (
      <EmptyState
        icon={<LockIcon className="h-6 w-6" />}
        title="No API tokens yet"
        message="Create one above to let a program of yours use the API as you."
      />
    );
  }
  return (
    <>
      <StackedTable className="token-table" columns={COLUMNS} actions="said">
        {tokens.map((token) => (
          <tr key={token.id} data-testid="token-row">
            <td className="col-span-2">
              <span className="row-title">{token.name}</span>
            </td>
            <td data-label="Scope">
              <ScopeBadge scope={token.scope} />
            </td>
            <td data-label="Created">
              <Day day={token.createdOn} />
            </td>
            <td data-label="Expires">
              <Day day={token.expiresOn} />
            </td>
            <td data-label="Last used">{token.lastUsedOn ? <Day day={token.lastUsedOn} /> : "Never"}</td>
            <td className="col-span-2 md:text-right">
              <span className="row-actions">
                <RowLink
                  to={`${TOKENS_PATH}?revoke=${token.id}`}
                  className="danger"
                  row={token.name}
                  onPlainClick={() => setRevoking(token)}
                >
                  Revoke
                </RowLink>
              </span>
            </td>
          </tr>
        ))}
      </StackedTable>
      {revoking ? (
        <ConfirmDialog
          open
          onClose={close}
          title="Revoke this token?"
          message={revokeTokenMessage(revoking.name)}
          confirmLabel="Revoke"
          action={TOKENS_PATH}
        >
          <RevokeFields id={revoking.id} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function RevokeFields({ id }: { id: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="revoke" />
      <input type="hidden" name="id" value={id} />
    </>
  );
}

/** The same question on the page, where a Revoke link leads without JavaScript. */
export function RevokePanel({ token }: { token: TokenRow }) {
  return (
    <ConfirmPanel
      title="Revoke this token?"
      message={revokeTokenMessage(token.name)}
      confirmLabel="Revoke"
      cancelHref={TOKENS_PATH}
      action={TOKENS_PATH}
    >
      <RevokeFields id={token.id} />
    </ConfirmPanel>
  );
}
