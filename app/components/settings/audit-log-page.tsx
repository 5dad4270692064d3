import { Link, useLocation } from "@remix-run/react";
import type { AuditEntryView } from "~/services/audit-page.server";
import { cn } from "~/utils/cn";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS } from "~/utils/vocabulary";
import { FilterForm } from "../ui/filter-form";
import { SearchIcon } from "../ui/icons";
import { DateFilter, ExportLink, FilterChips, filterLabels, SelectFilters, type SelectSpec } from "../ui/list-controls";
import { ListPage, type ListPageData } from "../ui/list-page";
import { StackedTable } from "../ui/stacked-table";

/** What the audit log shows (/settings/audit): a page of entries, the filters as read, the staff to filter by. */
export interface AuditLogPageData extends ListPageData {
  entries: AuditEntryView[];
  limit: number;
  /** [id, name] of each staff member, deactivated ones too (their history stays). */
  people: ReadonlyArray<readonly [string, string]>;
  filters: { actorId: string; action: string; entity: string; entityId: string; from: string; to: string };
  /** The record the log is narrowed to (a "History" link), shown as a chip. */
  record: { id: string; name: string } | null;
}

const ACTIONS = Object.entries(AUDIT_ACTION_LABELS);
const ENTITIES = Object.entries(AUDIT_ENTITY_LABELS);

const SELECTS: SelectSpec[] = [
  { id: "audit-action", name: "action", label: "Action", anyLabel: "All actions", options: ACTIONS },
  { id: "audit-entity", name: "entity", label: "Record type", anyLabel: "All records", options: ENTITIES },
];

/** What the log calls each URL parameter, as its controls and chip do. */
export const AUDIT_FILTER_LABELS = filterLabels(SELECTS, {
  actorId: "Person",
  entityId: "Record",
  from: "From",
  to: "To",
});

/** Settings → Audit log: the filters, then the entries newest first, 50 a page, or why there are none. */
export function AuditLogPage({ entries, limit, people, filters, record, ...list }: AuditLogPageData) {
  const { search } = useLocation();
  const active = [filters.actorId, filters.action, filters.entity, filters.from, filters.to].filter(Boolean).length;
  const filtering = active > 0 || Boolean(record);
  return (
    <ListPage
      area="audit"
      actions={<ExportLink to="/settings/audit/export" label="Export CSV" />}
      controls={
        <>
          <AuditFilters people={people} filters={filters} record={record} active={active} />
          <FilterChips search={search} chips={[record && { kind: "Record", name: record.name, param: "entityId" }]} />
        </>
      }
      list={list}
      filtering={filtering}
      noMatches={{
        title: "No audit entries match these filters.",
        message: "Try other filters or a wider range of dates.",
        clearLabel: "Clear filters",
      }}
      empty={{ icon: <SearchIcon className="h-6 w-6" />, title: "Nothing has been recorded yet." }}
      pages={{ limit, noun: "entries" }}
    >
      <AuditTable entries={entries} />
    </ListPage>
  );
}

function AuditFilters({
  people,
  filters,
  record,
  active,
}: Pick<AuditLogPageData, "people" | "filters" | "record"> & { active: number }) {
  return (
    <FilterForm label="Audit log filters" active={active} values={filters}>
      {record ? <input type="hidden" name="entityId" value={record.id} /> : null}
      <SelectFilters
        selects={[
          { id: "audit-person", name: "actorId", label: "Person", anyLabel: "Everyone", options: people },
          ...SELECTS,
        ]}
        values={filters}
      />
      <DateFilter id="audit-from" name="from" label="From" value={filters.from} />
      <DateFilter id="audit-to" name="to" label="To" value={filters.to} />
    </FilterForm>
  );
}

function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  return (
    <StackedTable
      className="audit-table"
      columns={["When", "Who", "What", "Record", "Fields changed", "Address", "Browser"]}
      actions="said"
    >
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td data-label="When">
            <time dateTime={entry.at}>{entry.when}</time>
          </td>
          <td data-label="Who">
            <EntryWho entry={entry} />
          </td>
          <td data-label="What">{entry.action}</td>
          <td data-label="Record" className="col-span-2">
            <EntryRecord record={entry.record} />
          </td>
          {/* On a phone an entry that changed no fields leaves the cell out. */}
          <td data-label="Fields changed" className={cn("col-span-2", entry.fields.length === 0 && "max-md:hidden")}>
            {entry.fields.join(", ")}
          </td>
          <td data-label="Address">{entry.ip}</td>
          <td data-label="Browser" title={entry.userAgent ?? undefined}>
            {entry.browser}
          </td>
          <td>
            {entry.record?.historyHref ? (
              <Link
                to={entry.record.historyHref}
                className="font-medium whitespace-nowrap text-brand-700 hover:underline"
              >
                History<span className="sr-only"> of {entry.record.name ?? entry.record.kind}</span>
              </Link>
            ) : null}
          </td>
        </tr>
      ))}
    </StackedTable>
  );
}

/** The person, or for a failed sign-in "—" and the e-mail it tried. */
export function EntryWho({ entry }: { entry: Pick<AuditEntryView, "who" | "emailTried"> }) {
  if (entry.who) return <span className="font-medium text-slate-900">{entry.who}</span>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">Nobody signed in</span>
      {entry.emailTried ? <span className="block text-slate-500 wrap-anywhere">{entry.emailTried}</span> : null}
    </>
  );
}

/** The kind of record and its name, linked to its page while it exists; "(deleted)" once it is gone. */
function EntryRecord({ record }: { record: AuditEntryView["record"] }) {
  if (!record) return <span className="text-slate-400">—</span>;
  const name = record.deleted ? "(deleted)" : record.name;
  return (
    <>
      <span className="text-slate-500">{record.kind}</span>
      {name ? " " : null}
      {record.href && name ? (
        <Link to={record.href} className="font-medium text-brand-700 hover:underline">
          {name}
        </Link>
      ) : (
        name
      )}
    </>
  );
}
