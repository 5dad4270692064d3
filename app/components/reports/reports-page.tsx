import { useLocation } from "@remix-run/react";
import type { ReportCell, ReportSection } from "~/services/reports.server";
import type { ListProblem } from "~/utils/list-query";
import { withParams } from "~/utils/list-query";
import { Alert } from "../ui/alert";
import { buttonClasses, ButtonLink } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Chart } from "../ui/chart";
import { FilterForm } from "../ui/filter-form";
import { DownloadIcon } from "../ui/icons";
import { DateFilter, IgnoredParams, SelectFilters } from "../ui/list-controls";

/** What /reports shows: each report's section, the people to narrow to, the filters as read. */
export interface ReportsPageData {
  sections: ReportSection[];
  /** [id, name] of each staff member, deactivated ones too (their work stays). */
  people: ReadonlyArray<readonly [string, string]>;
  /** The range as used (the defaults filled in), and the person ("" for everyone). */
  filters: { from: string; to: string; agentId: string };
  rangeText: string;
  /** The range asked for was longer than ten years: its last ten are shown. */
  shortened: boolean;
  problems: ListProblem[];
}

/** What the page calls each URL parameter, as its controls do. */
export const REPORT_FILTER_LABELS = { from: "From", to: "To", agentId: "Person" };

/** /reports: the filters (days and person), then each report: its chart, its table, its CSV. */
export function ReportsPage({ sections, people, filters, rangeText, shortened, problems }: ReportsPageData) {
  const { search } = useLocation();
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <FilterForm label="Report filters" values={filters} active={filters.agentId ? 1 : 0}>
        <DateFilter id="report-from" name="from" label="From" value={filters.from} />
        <DateFilter id="report-to" name="to" label="To" value={filters.to} />
        <SelectFilters
          selects={[{ id: "report-person", name: "agentId", label: "Person", anyLabel: "Everyone", options: people }]}
          values={filters}
        />
        <ButtonLink to="/reports" variant="ghost">
          Reset Filters
        </ButtonLink>
      </FilterForm>
      <IgnoredParams problems={problems} clearTo="/reports" />
      {shortened ? (
        <Alert tone="warning" title="The reports cover at most ten years">
          Showing the last ten years of the range asked for.
        </Alert>
      ) : null}
      <p className="text-sm text-slate-600">
        {rangeText}
        {filters.agentId ? " · placements handled by the person chosen, clients they added" : ""}
      </p>
      <nav aria-label="Reports on this page" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {sections.map((s) => (
          <a key={s.name} href={`#${s.name}`} className="font-medium text-brand-700 hover:underline">
            {s.title}
          </a>
        ))}
      </nav>
      <div className="space-y-6">
        {sections.map((section) => (
          <ReportCard key={section.name} section={section} search={search} />
        ))}
      </div>
    </div>
  );
}

function ReportCard({ section, search }: { section: ReportSection; search: string }) {
  const csv = `/reports/${section.name}.csv${withParams(search, {})}`;
  return (
    <section id={section.name} aria-labelledby={`${section.name}-title`} className="scroll-mt-24">
      <Card className="h-full">
        <CardHeader
          title={<span id={`${section.name}-title`}>{section.title}</span>}
          description={section.about}
          action={
            <a href={csv} className={buttonClasses("outline", "sm")} download>
              <DownloadIcon className="h-4 w-4" /> CSV<span className="sr-only"> of {section.title.toLowerCase()}</span>
            </a>
          }
        />
        <div className="space-y-4 p-4 sm:p-5">
          {section.summary ? <p className="text-sm font-medium text-slate-900">{section.summary}</p> : null}
          {section.chart ? (
            // The chart, and its figures beside it on a wide screen, under it on a narrow one.
            <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <Chart chart={section.chart} className="chart mx-auto" />
              <FiguresTable section={section} />
            </div>
          ) : (
            <p className="text-sm text-slate-500">{section.empty}</p>
          )}
        </div>
      </Card>
    </section>
  );
}

const cellText = (cell: ReportCell) =>
  cell === null ? "—" : typeof cell === "number" ? cell.toLocaleString("en-US") : cell;

/** The chart's figures as a table (the CSV holds the same), scrolling sideways on a phone. */
function FiguresTable({ section }: { section: ReportSection }) {
  const [first, ...rest] = section.table.columns;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${section.title}: figures`}>
      <table className="report-table w-full text-left text-sm">
        <caption className="sr-only">{section.title}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            {rest.map((column) => (
              <th key={column} scope="col" className="text-right">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {section.table.rows.map((row, k) => (
            <tr key={k}>
              <th scope="row">{cellText(row[0])}</th>
              {row.slice(1).map((cell, j) => (
                <td key={j} className="text-right tabular-nums">
                  {cellText(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
