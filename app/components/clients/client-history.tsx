import { Link } from "@remix-run/react";
import type { ClientHistoryData } from "~/services/audit-page.server";
import { EntryWho } from "../settings/audit-log-page";
import { useCan } from "../layout/use-can";
import { TitledCard } from "../ui/card";
import { CardList } from "../ui/card-list";

/**
 * The client's own history (coordinators and admins; an agent's page loads none): its latest
 * entries, who did what and when, the fields an update changed; the whole of it in the audit log
 * for an admin.
 */
/** What the card shows of the history. */
export interface ClientHistoryView extends Pick<ClientHistoryData, "more"> {
  entries: Pick<ClientHistoryData["entries"][number], "at" | "when" | "who" | "emailTried" | "action" | "fields">[];
}

export function ClientHistoryCard({ clientId, history }: { clientId: string; history: ClientHistoryView }) {
  const admin = useCan("audit.view");
  const shown = history.entries.length;
  return (
    <TitledCard
      id="history"
      title="History"
      description={history.more ? `The latest ${shown} entries` : `${shown} ${shown === 1 ? "entry" : "entries"}`}
      action={
        admin ? (
          <Link
            to={`/settings/audit?entity=client&entityId=${clientId}`}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            View all<span className="sr-only"> of the client&rsquo;s history</span>
          </Link>
        ) : null
      }
    >
      <CardList items={history.entries} label="Latest entries" empty="Nothing recorded yet.">
        {(entry, i) => (
          <li key={i} className="flex flex-col gap-1 px-5 py-3 text-sm sm:flex-row sm:justify-between sm:gap-4">
            <p className="min-w-0">
              <EntryWho entry={entry} /> <span className="text-slate-700">· {entry.action}</span>
              {entry.fields.length > 0 ? (
                <span className="block text-slate-500 wrap-anywhere">Fields: {entry.fields.join(", ")}</span>
              ) : null}
            </p>
            <time dateTime={entry.at} className="shrink-0 text-slate-500">
              {entry.when}
            </time>
          </li>
        )}
      </CardList>
    </TitledCard>
  );
}
