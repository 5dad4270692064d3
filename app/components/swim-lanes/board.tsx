import { WorkScope } from "../layout/work-scope";
import { Link, Outlet, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import sortable from "react-sortablejs";
import type { BoardData } from "~/services/swim-lanes-page.server";
import { LANE_CARDS, STAGE_SLUGS } from "~/schemas/swim-lanes.constants";
import { cn } from "~/utils/cn";
import { withParams } from "~/utils/list-query";
import { useHydrated } from "~/utils/use-hydrated";
import { type ClientStatus, PRIORITIES, PROGRESS_BAND_LABELS, PROGRESS_BANDS } from "~/utils/vocabulary";
import { Toaster } from "../layout/toaster";
import { ButtonLink } from "../ui/button";
import { FilterForm } from "../ui/filter-form";
import { IgnoredParams, SearchFilter, SelectFilter, ViewLinks } from "../ui/list-controls";
import { AnalyticsView, PipelineOverview, SmartMatchingView } from "./board-views";
import { LaneCard } from "./lane-card";
import { type Picked, useBoardMoves, useBoardRefresh, useKeyboardMove, useLaneDragAndDrop } from "./use-board";

// The swim-lane board (docs/swim-lanes.md). Every card can be moved three ways, all posting the
// same form to the board's action: its "Move to" menu (a plain form, without JavaScript too), a
// drag (sortablejs: it starts after 8 px; dropping on a card means its lane), and the keyboard
// (pick up with its Move button, arrows between lanes, Enter to drop, Escape to cancel). The
// moves' behaviour is in use-board.ts, a card in lane-card.tsx.

// react-sortablejs is CommonJS: Node's ES modules see its exports only as the default.
const { ReactSortable } = sortable;

/** The lane's colour strip, the stage's colour (docs/screens.md: blue, green, purple, dark green, yellow). */
const LANE_TOPS: Record<ClientStatus, string> = {
  "New Client": "border-t-blue-500",
  "Active Client": "border-t-emerald-500",
  Target: "border-t-violet-500",
  Placed: "border-t-green-700",
  "Follow-up": "border-t-yellow-400",
};

type BoardLane = BoardData["lanes"][number];

export function Board({ data }: { data: BoardData }) {
  const { search } = useLocation();
  const hydrated = useHydrated();
  const { lanes, setLanes, move, toast, announcement, announce, moving } = useBoardMoves(data, search);
  const { dragging, laneProps } = useLaneDragAndDrop(lanes, setLanes, move);
  useBoardRefresh(dragging, moving);
  const { picked, onHandleKey } = useKeyboardMove(lanes, move, announce);
  const view = data.view;

  return (
    <div className="space-y-5">
      <BoardToolbar data={data} />
      <WorkScope scope={data.scope} noun="tasks" />

      <IgnoredParams problems={data.problems} clearTo="/swim-lanes" />

      <PipelineOverview lanes={data.lanes} />
      {view === "analytics" ? <AnalyticsView totals={data.totals} team={data.team ?? []} /> : null}
      {view === "matching" ? <SmartMatchingView suggestions={data.suggestions ?? []} search={search} /> : null}

      <p id="move-instructions" className="sr-only">
        To move a task with the keyboard, press its Move button, choose a stage with the arrow keys, and press Enter to
        drop it there or Escape to cancel.
      </p>
      <div aria-live="assertive" className="sr-only" data-testid="board-announcer">
        {announcement}
      </div>

      {/* Five lanes of at least 10.6rem fit the 960 px a 1280 px screen leaves beside the open
          sidebar; narrower (a phone), the lanes scroll sideways, and a line over the board says so.
          Positioned, so that what is positioned inside it (the sr-only texts) scrolls with it rather
          than widen the page. */}
      <div className="@container">
        <p className="mb-1 hidden text-xs text-slate-500 @max-[56rem]:block" aria-hidden="true">
          Scroll sideways to see all five stages →
        </p>
        <div className="relative -mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0" data-testid="lane-scroller">
          <ol className="grid min-w-[56rem] grid-cols-5 gap-3" aria-label="Swim lanes">
            {data.lanes.map((lane) => {
              const cards = lanes[lane.stage] ?? [];
              return (
                <Lane
                  key={lane.stage}
                  lane={lane}
                  more={data.shown[lane.stage] + LANE_CARDS}
                  search={search}
                  picked={picked}
                >
                  {cards.length === 0 ? (
                    <p className="px-3 pt-2 pb-1 text-center text-sm text-slate-500">No tasks in this stage</p>
                  ) : null}
                  <ReactSortable tag="ul" {...laneProps(lane.stage)} className="flex flex-1 flex-col gap-2 px-2 pb-2">
                    {cards.map((card) => (
                      <LaneCard
                        key={card.id}
                        card={card}
                        stage={lane.stage}
                        today={data.today}
                        search={search}
                        hydrated={hydrated}
                        picked={picked?.card.id === card.id}
                        onMove={(to) => move(card, lane.stage, to)}
                        onHandleKey={(event) => onHandleKey(event, card, lane.stage)}
                      />
                    ))}
                  </ReactSortable>
                </Lane>
              );
            })}
          </ol>
        </div>
      </div>
      <Toaster toasts={[toast]} key={toast?.id} />
      <Outlet />
    </div>
  );
}

/**
 * A lane: its colour, its stage and count, its cards (`children`: the sortable list), and Show
 * more while the lane has more than it shows (`more` cards, a link that keeps the board's URL).
 * Outlined while a card picked up with the keyboard is over it.
 */
function Lane({
  lane,
  more,
  search,
  picked,
  children,
}: {
  lane: BoardLane;
  more: number;
  search: string;
  picked: Picked | null;
  children: ReactNode;
}) {
  const slug = STAGE_SLUGS[lane.stage];
  const target = picked && picked.over === lane.stage && picked.over !== picked.from;
  return (
    <li
      data-stage={lane.stage}
      aria-labelledby={`lane-${slug}`}
      className={cn(
        "flex min-h-[600px] flex-col rounded-xl border border-t-4 border-slate-200 bg-slate-50",
        LANE_TOPS[lane.stage],
        target && "ring-2 ring-brand-500",
      )}
    >
      <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <h2 id={`lane-${slug}`} className="text-sm font-semibold text-slate-900">
          {lane.stage}
        </h2>
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums ring-1 ring-slate-200">
          <span data-testid="lane-count">{lane.count.toLocaleString("en-US")}</span>
          <span className="sr-only"> tasks</span>
        </span>
      </header>
      {children}
      {lane.count > lane.tasks.length ? (
        <Link
          to={withParams(search, { [`shown.${slug}`]: more })}
          preventScrollReset
          className="mx-2 mb-2 rounded-lg border border-dashed border-slate-300 px-3 py-2 text-center text-sm font-medium text-brand-700 hover:bg-white"
        >
          Show more ({(lane.count - lane.tasks.length).toLocaleString("en-US")} more)
        </Link>
      ) : null}
    </li>
  );
}

/** The filters (a GET form: search, priority, progress, assignee) and the view links. */
function BoardToolbar({ data }: { data: BoardData }) {
  const view = data.view;
  const active = [data.filters.priority, data.filters.progress, data.filters.assignedTo].filter(Boolean).length;
  return (
    <FilterForm
      label="Board filters"
      active={active}
      values={data.filters}
      search={
        <>
          {view !== "standard" ? <input type="hidden" name="view" value={view} /> : null}
          <SearchFilter id="board-search" value={data.filters.search} placeholder="Tasks, clients, agents..." />
        </>
      }
      after={<ViewLinks views={VIEWS} view={view} />}
    >
      <SelectFilter
        id="board-priority"
        name="priority"
        label="Priority"
        value={data.filters.priority}
        anyLabel="All"
        options={[...PRIORITIES].reverse().map((p) => [p, p] as const)}
        className="w-full sm:w-36"
      />
      <SelectFilter
        id="board-progress"
        name="progress"
        label="Progress"
        value={data.filters.progress}
        anyLabel="All"
        options={PROGRESS_BANDS.map((b) => [b, PROGRESS_BAND_LABELS[b]] as const)}
        className="w-full sm:w-44"
      />
      <SelectFilter
        id="board-assignee"
        name="assignedTo"
        label="Assignee"
        value={data.filters.assignedTo}
        anyLabel="All Agents"
        options={data.assignees}
      />
      <ButtonLink to={view === "standard" ? "/swim-lanes" : `/swim-lanes?view=${view}`} variant="ghost">
        Reset Filters
      </ButtonLink>
    </FilterForm>
  );
}

const VIEWS: readonly (readonly [BoardData["view"], string, string?])[] = [
  ["standard", "Standard View", "Standard"],
  ["analytics", "Analytics"],
  ["matching", "Smart Matching", "Matching"],
];
