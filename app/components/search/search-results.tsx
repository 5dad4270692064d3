import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SearchGroup, SearchHits } from "~/models/search.server";
import {
  SEARCH_KIND_NAMES,
  SEARCH_KINDS,
  SEARCH_MIN_LENGTH,
  type SearchKind,
  seeAllHref,
} from "~/schemas/search.constants";
import { formatDate } from "~/utils/format";
import { formatPhone } from "~/utils/phone";
import { CARE_LEVEL_LABELS } from "~/utils/vocabulary";
import { Alert } from "../ui/alert";
import { TaskStatusBadge } from "../tasks/task-parts";
import { Badge, clientStatusTone, placementStatusTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { EmptyState } from "../ui/empty-state";
import { Label, SearchInput } from "../ui/field";
import { ArrowRightIcon, SearchIcon } from "../ui/icons";

/** "Clients by name, email or phone; facilities by …": what each kind is searched by. */
const SEARCHED_BY = SEARCH_KIND_NAMES.map((kind, i) => {
  const { title, searchedBy } = SEARCH_KINDS[kind];
  return `${i === 0 ? title : title.toLowerCase()} by ${searchedBy}`;
}).join("; ");

/** The page's own search box (the header's is hidden on narrow screens). */
export function SearchForm({ q, autoFocus }: { q: string; autoFocus: boolean }) {
  return (
    <Form method="get" action="/search" role="search" aria-label="Search" className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <Label htmlFor="search-q">Search clients, facilities, placements, tasks and documents</Label>
        <SearchInput
          key={q}
          id="search-q"
          name="q"
          defaultValue={q}
          placeholder="A name, email, phone, city, task or document"
          autoFocus={autoFocus}
        />
      </div>
      <Button type="submit">Search</Button>
    </Form>
  );
}

/** Before anything is searched: what the search looks through. */
export function SearchHint() {
  return (
    <EmptyState
      icon={<SearchIcon className="h-6 w-6" />}
      title="Search everything at once"
      message={
        <>
          Type at least {SEARCH_MIN_LENGTH} characters and press Enter. {SEARCHED_BY}.
        </>
      }
    />
  );
}

/** A search that cannot run (too short, too long): what to do instead. */
export function SearchProblem({ message }: { message: string }) {
  return <Alert tone="warning">{message}</Alert>;
}

/** The results, grouped by kind; or, when no kind has any, why there may be none. */
export function SearchResults({ term, groups }: { term: string; groups: SearchGroup[] }) {
  if (groups.every((group) => group.total === 0)) {
    return (
      <EmptyState
        icon={<SearchIcon className="h-6 w-6" />}
        title={
          <>
            No results for <span className="[overflow-wrap:anywhere]">“{term}”</span>
          </>
        }
        message={`Check the spelling, or search for part of a word. ${SEARCHED_BY}.`}
      />
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Results for <span className="font-medium [overflow-wrap:anywhere] text-slate-900">“{term}”</span>
      </p>
      {groups.map((group) => (
        <ResultGroup key={group.kind} term={term} group={group} />
      ))}
    </div>
  );
}

/** "1 client", "12 clients", "500+ clients", "No clients". */
export function matchCount(group: Pick<SearchGroup, "kind" | "total" | "capped">): string {
  const [one, many] = SEARCH_KINDS[group.kind].nouns;
  if (group.total === 0) return `No ${many}`;
  const word = group.total === 1 && !group.capped ? one : many;
  return `${group.total.toLocaleString("en-US")}${group.capped ? "+" : ""} ${word}`;
}

function ResultGroup({ term, group }: { term: string; group: SearchGroup }) {
  const { title, nouns } = SEARCH_KINDS[group.kind];
  const headingId = `results-${group.kind}`;
  return (
    <Card className="overflow-hidden" data-testid={`results-${group.kind}`}>
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b border-slate-100 px-5 py-3">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title} <span className="text-sm font-normal text-slate-500">· {matchCount(group)}</span>
          </h2>
          {group.total > 0 ? (
            <Link
              to={seeAllHref(group.kind, term)}
              className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
            >
              See all {nouns[1]} <ArrowRightIcon className="h-4 w-4" />
            </Link>
          ) : null}
        </div>
        {group.total === 0 ? (
          <p className="px-5 py-4 text-sm text-slate-500">
            No {nouns[1]} match <span className="[overflow-wrap:anywhere]">“{term}”</span>.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {group.hits.map((hit) => (
              <li key={hit.id} className="px-5 py-3">
                <HitLine group={group} hit={hit} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/** One result: its name linking to the record, a badge, and the facts that tell it apart. */
const HIT_LINES: { [K in SearchKind]: (hit: SearchHits[K]) => ReactNode } = {
  clients: (c) => (
    <Hit
      to={`/clients/${c.id}`}
      name={c.name}
      badge={<Badge tone={clientStatusTone(c.status)}>{c.status}</Badge>}
      facts={[CARE_LEVEL_LABELS[c.careLevel], formatPhone(c.phone), c.email]}
    />
  ),
  facilities: (f) => (
    <Hit
      to={`/facilities/${f.id}`}
      name={f.name}
      badge={f.isActive ? null : <Badge>Inactive</Badge>}
      facts={[f.type, `${f.city}, ${f.state}`]}
    />
  ),
  placements: (p) => (
    <Hit
      to={`/placements/${p.id}`}
      name={`${p.client} → ${p.facility}`}
      badge={<Badge tone={placementStatusTone(p.status)}>{p.status}</Badge>}
      facts={[`Starts ${formatDate(p.startDate)}`]}
    />
  ),
  tasks: (t) => (
    <Hit
      to={`/tasks/${t.id}`}
      name={t.title}
      badge={<TaskStatusBadge status={t.status} />}
      facts={[`Due ${formatDate(t.dueDate)}${t.isOverdue ? " (overdue)" : ""}`, t.client ?? ""]}
    />
  ),
  documents: (d) => (
    <Hit
      to={`/resources/${d.id}`}
      name={d.name}
      badge={null}
      facts={[d.category, d.related ? `${d.related.type}: ${d.related.label}` : ""]}
    />
  ),
};

function HitLine<K extends SearchKind>({ group, hit }: { group: SearchGroup<K>; hit: SearchHits[K] }) {
  return HIT_LINES[group.kind](hit);
}

function Hit({ to, name, badge, facts }: { to: string; name: string; badge: ReactNode; facts: string[] }) {
  const line = facts.filter(Boolean).join(" · ");
  return (
    <div className="flex min-w-0 flex-col gap-1.5 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
      <div className="min-w-0">
        <Link
          to={to}
          className="font-medium [overflow-wrap:anywhere] text-slate-900 hover:text-brand-700 hover:underline"
        >
          {name}
        </Link>
        <p className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-500">{line}</p>
      </div>
      {badge ? <div className="shrink-0">{badge}</div> : null}
    </div>
  );
}
