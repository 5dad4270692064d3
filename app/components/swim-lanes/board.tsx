import { Form, Link, Outlet, useFetcher, useLocation, useRevalidator } from "@remix-run/react";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import sortable, { type SortableEvent } from "react-sortablejs";
import type { BoardData, LaneCard } from "~/services/swim-lanes-page.server";
import { BOARD_REFRESH_MS, LANE_CARDS, STAGE_SLUGS } from "~/schemas/swim-lanes.constants";
import { cn } from "~/utils/cn";
import { capitalize, formatDate } from "~/utils/format";
import { withParams } from "~/utils/list-query";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";
import {
  type ClientStatus,
  PRIORITIES,
  PROGRESS_BAND_LABELS,
  PROGRESS_BANDS,
  progressBand,
  TASK_STAGES,
} from "~/utils/vocabulary";
import { Toaster } from "../layout/toaster";
import { Badge, priorityTone } from "../ui/badge";
import { ButtonLink } from "../ui/button";
import { FilterForm } from "../ui/filter-form";
import { AlertCircleIcon, CheckCircleIcon } from "../ui/icons";
import { IgnoredParams, SearchFilter, SelectFilter } from "../ui/list-controls";
import { AnalyticsView, PipelineOverview, SmartMatchingView } from "./board-views";

// The swim-lane board (docs/swim-lanes.md). Every card can be moved three ways, all posting the
// same form to the board's action: its "Move to" menu (a plain form, without JavaScript too), a
// drag (sortablejs: it starts after 8 px; dropping on a card means its lane), and the keyboard
// (pick up with its Move button, arrows between lanes, Enter to drop, Escape to cancel).

// react-sortablejs is CommonJS: Node's ES modules see its exports only as the default.
const { ReactSortable } = sortable;

type Card = LaneCard;
type Lanes = Record<ClientStatus, Card[]>;

const lanesOf = (data: BoardData): Lanes =>
  Object.fromEntries(data.lanes.map((lane) => [lane.stage, lane.tasks as Card[]])) as Lanes;

/** The lane's colour strip, the stage's colour (docs/screens.md: blue, green, purple, dark green, yellow). */
const LANE_TOPS: Record<ClientStatus, string> = {
  "New Client": "border-t-blue-500",
  "Active Client": "border-t-emerald-500",
  Target: "border-t-violet-500",
  Placed: "border-t-green-700",
  "Follow-up": "border-t-yellow-400",
};

interface Picked {
  card: Card;
  from: ClientStatus;
  over: ClientStatus;
}

export function Board({ data }: { data: BoardData }) {
  const { search } = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const revalidator = useRevalidator();
  const [lanes, setLanes] = useState<Lanes>(() => lanesOf(data));
  const [toast, setToast] = useState<Toast | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [picked, setPicked] = useState<Picked | null>(null);
  const dragging = useRef(false);
  const focusAfterMove = useRef<string | null>(null);

  // The server's board replaces the local one whenever it loads again (after a move, a refresh);
  // not on the first render, which already shows it (a second render of every card, for nothing).
  const shown = useRef(data);
  useEffect(() => {
    if (shown.current === data) return;
    shown.current = data;
    setLanes(lanesOf(data));
  }, [data]);

  // A failed move is rolled back: the board as the server last said.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const { ok, message } = fetcher.data;
    setToast({ id: crypto.randomUUID(), type: ok ? "success" : "error", title: message });
    setAnnouncement(message);
    if (!ok) setLanes(lanesOf(data));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when an answer arrives
  }, [fetcher.state, fetcher.data]);

  // Fresh while in sight: reload every 30 seconds when the tab is visible and nothing is moving.
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible" || dragging.current || revalidator.state !== "idle") return;
      if (fetcher.state !== "idle") return;
      revalidator.revalidate();
    }, BOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator, fetcher.state]);

  const move = useCallback(
    (card: Card, from: ClientStatus, to: ClientStatus) => {
      if (from === to) return;
      setLanes((current) => ({
        ...current,
        [from]: current[from].filter((c) => c.id !== card.id),
        [to]: [{ ...card, stage: to }, ...current[to].filter((c) => c.id !== card.id)],
      }));
      fetcher.submit(
        { via: "fetch", taskId: card.id, status: to, fromStatus: from },
        { method: "post", action: `/swim-lanes${search}` },
      );
    },
    [fetcher, search],
  );

  // Keyboard moves keep the focus on the moved card's Move button.
  useEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    focusAfterMove.current = null;
    document.querySelector<HTMLButtonElement>(`[data-task-id="${id}"] [data-move-handle]`)?.focus();
  }, [lanes]);

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, card: Card, stage: ClientStatus) => {
    const key = event.key;
    if (!picked) {
      if (key === " " || key === "Enter") {
        event.preventDefault();
        setPicked({ card, from: stage, over: stage });
        setAnnouncement(
          `Picked up ${card.title} in ${stage}. Use the left and right arrow keys to choose a stage, Enter or Space to drop it there, Escape to cancel.`,
        );
      }
      return;
    }
    if (picked.card.id !== card.id) return;
    const index = TASK_STAGES.indexOf(picked.over);
    if (key === "ArrowRight" || key === "ArrowDown" || key === "ArrowLeft" || key === "ArrowUp") {
      event.preventDefault();
      const step = key === "ArrowRight" || key === "ArrowDown" ? 1 : -1;
      const over = TASK_STAGES[Math.min(TASK_STAGES.length - 1, Math.max(0, index + step))];
      setPicked({ ...picked, over });
      setAnnouncement(`${card.title}: over ${over}${over === picked.from ? " (where it is)" : ""}.`);
    } else if (key === " " || key === "Enter") {
      event.preventDefault();
      setPicked(null);
      if (picked.over === picked.from) {
        setAnnouncement(`${card.title} dropped where it was, in ${picked.from}.`);
        return;
      }
      setAnnouncement(`${card.title} dropped in ${picked.over}. Moving…`);
      focusAfterMove.current = card.id;
      move(card, picked.from, picked.over);
    } else if (key === "Escape" || key === "Tab") {
      if (key === "Escape") event.preventDefault();
      setPicked(null);
      setAnnouncement(`Move cancelled. ${card.title} stays in ${picked.from}.`);
    }
  };

  const view = data.view;
  const viewLink = (value: typeof view, label: string) => (
    <Link
      to={withParams(search, { view: value === "standard" ? undefined : value })}
      aria-current={view === value ? "true" : undefined}
      preventScrollReset
      className={cn(
        "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap",
        view === value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
      )}
    >
      {label}
    </Link>
  );
  const active = [data.filters.priority, data.filters.progress, data.filters.assignedTo].filter(Boolean).length;

  return (
    <div className="space-y-5">
      <FilterForm
        label="Board filters"
        debounceMs={300}
        active={active}
        values={data.filters}
        search={
          <>
            {view !== "standard" ? <input type="hidden" name="view" value={view} /> : null}
            <SearchFilter id="board-search" value={data.filters.search} placeholder="Tasks, clients, agents..." />
          </>
        }
        after={
          <nav aria-label="View" className="inline-flex max-w-full overflow-x-auto rounded-lg bg-slate-100 p-1">
            {viewLink("standard", "Standard View")}
            {viewLink("analytics", "Analytics")}
            {viewLink("matching", "Smart Matching")}
          </nav>
        }
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

      <div className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
        <ol className="grid min-w-[62rem] grid-cols-5 gap-3" aria-label="Swim lanes">
          {data.lanes.map((lane) => {
            const cards = lanes[lane.stage] ?? [];
            const target = picked && picked.over === lane.stage && picked.over !== picked.from;
            return (
              <li
                key={lane.stage}
                data-stage={lane.stage}
                aria-labelledby={`lane-${STAGE_SLUGS[lane.stage]}`}
                className={cn(
                  "flex min-h-[600px] flex-col rounded-xl border border-t-4 border-slate-200 bg-slate-50",
                  LANE_TOPS[lane.stage],
                  target && "ring-2 ring-brand-500",
                )}
              >
                <header className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
                  <h2 id={`lane-${STAGE_SLUGS[lane.stage]}`} className="text-sm font-semibold text-slate-900">
                    {lane.stage}
                  </h2>
                  <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums ring-1 ring-slate-200">
                    <span data-testid="lane-count">{lane.count.toLocaleString("en-US")}</span>
                    <span className="sr-only"> tasks</span>
                  </span>
                </header>
                <ReactSortable
                  tag="ul"
                  list={cards}
                  setList={(list) => setLanes((current) => ({ ...current, [lane.stage]: list as Card[] }))}
                  group="swim-lanes"
                  sort={false}
                  forceFallback
                  fallbackTolerance={8}
                  animation={150}
                  filter="a, button, summary, select, input, label"
                  preventOnFilter={false}
                  className="flex flex-1 flex-col gap-2 px-2 pb-2"
                  onStart={() => {
                    dragging.current = true;
                  }}
                  onEnd={() => {
                    dragging.current = false;
                  }}
                  onAdd={(event: SortableEvent) => {
                    // The lane the card came from: its list sits in that lane's element.
                    const from = (event.from as HTMLElement).closest<HTMLElement>("[data-stage]")?.dataset
                      .stage as ClientStatus;
                    const id = (event.item as HTMLElement).dataset.taskId;
                    const card = (lanes[from] ?? []).find((c) => c.id === id);
                    if (card) move(card, from, lane.stage);
                  }}
                >
                  {cards.map((card) => (
                    <TaskCard
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
                {cards.length === 0 ? (
                  <p className="px-3 pb-6 text-center text-sm text-slate-500">No tasks in this stage</p>
                ) : null}
                {lane.count > lane.tasks.length ? (
                  <Link
                    to={withParams(search, {
                      [`shown.${STAGE_SLUGS[lane.stage]}`]: data.shown[lane.stage] + LANE_CARDS,
                    })}
                    preventScrollReset
                    className="mx-2 mb-2 rounded-lg border border-dashed border-slate-300 px-3 py-2 text-center text-sm font-medium text-brand-700 hover:bg-white"
                  >
                    Show more ({(lane.count - lane.tasks.length).toLocaleString("en-US")} more)
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
      <Toaster toasts={[toast]} key={toast?.id} />
      <Outlet />
    </div>
  );
}

function TaskCard({
  card,
  stage,
  today,
  search,
  hydrated,
  picked,
  onMove,
  onHandleKey,
}: {
  card: Card;
  stage: ClientStatus;
  today: string;
  search: string;
  hydrated: boolean;
  picked: boolean;
  onMove: (to: ClientStatus) => void;
  onHandleKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const { match, message } = card;
  return (
    <li data-task-id={card.id} className={cn("lane-card", picked && "ring-2 ring-brand-500")}>
      <div className="lane-card-head">
        <Badge tone={priorityTone(card.priority)}>{card.priority.toLowerCase()}</Badge>
        {match ? <span className="lane-card-score">{`${Math.round(match.score)}% match`}</span> : null}
        {card.isCompleted ? (
          <span className="lane-card-done">
            <CheckCircleIcon className="" aria-hidden /> Completed
          </span>
        ) : card.isOverdue ? (
          <span className="lane-card-late" title="Overdue">
            <AlertCircleIcon className="" aria-hidden />
            <span className="sr-only">Overdue</span>
          </span>
        ) : null}
      </div>
      <h3 className="lane-card-title">
        <Link to={`/swim-lanes/${card.id}${search}`} preventScrollReset>
          {card.title}
        </Link>
      </h3>
      <progress
        className={`bar lane-card-bar bar-${progressBand(card.progress)}`}
        max={100}
        value={card.progress}
        aria-label="Progress"
      />
      <p className="lane-card-row">{`${card.progress}% complete`}</p>
      {card.client ? (
        <p className="lane-card-client">
          {card.client}
          {card.careLevel ? <span>{card.careLevel}</span> : null}
        </p>
      ) : null}
      {match ? (
        <p className="lane-card-match">
          <b>{match.name}</b>
          {match.reasons.length ? <span>{match.reasons.join(" · ")}</span> : null}
        </p>
      ) : null}
      <p className={card.isOverdue ? "lane-card-row late" : "lane-card-row"}>
        {`Due ${formatDate(card.dueDate)}${card.isOverdue ? " (overdue)" : card.dueDate === today ? " (today)" : ""}`}
      </p>
      {card.placementDate ? <p className="lane-card-row">{`Placement ${formatDate(card.placementDate)}`}</p> : null}
      {message ? (
        <p className="lane-card-row line-clamp-2">
          <b>{`${capitalize(message.type)}:`}</b> {message.content}
        </p>
      ) : null}
      <p className="lane-card-who">
        {`${card.assignee} `}
        <span>{`· ${capitalize(card.role)}`}</span>
      </p>
      <div className="lane-card-foot">
        {hydrated ? (
          <button
            type="button"
            data-move-handle
            aria-describedby="move-instructions"
            aria-pressed={picked}
            onKeyDown={onHandleKey}
            className="lane-card-action text-slate-600"
          >
            Move<span className="sr-only">{` ${card.title}`}</span>
          </button>
        ) : null}
        <MoveTo card={card} stage={stage} search={search} hydrated={hydrated} onMove={onMove} />
      </div>
    </li>
  );
}

/**
 * "Move to": the other stages in a small form on every card (and so the way to move without
 * JavaScript: it posts, and the board comes back with a toast).
 */
function MoveTo({
  card,
  stage,
  search,
  hydrated,
  onMove,
}: {
  card: Card;
  stage: ClientStatus;
  search: string;
  hydrated: boolean;
  onMove: (to: ClientStatus) => void;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const others = useMemo(() => TASK_STAGES.filter((s) => s !== stage), [stage]);
  return (
    <details ref={details} className="lane-move relative">
      <summary className="lane-card-action">
        Move to<span className="sr-only">{`: ${card.title}`}</span>
      </summary>
      <Form
        method="post"
        action={`/swim-lanes${search}`}
        reloadDocument
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          const to = new FormData(event.currentTarget).get("status") as ClientStatus;
          details.current?.removeAttribute("open");
          onMove(to);
        }}
      >
        <input type="hidden" name="taskId" value={card.id} />
        <input type="hidden" name="fromStatus" value={stage} />
        <select name="status" aria-label="Stage">
          {others.map((to) => (
            <option key={to}>{to}</option>
          ))}
        </select>
        <button type="submit" className="lane-card-action">
          Move
        </button>
      </Form>
    </details>
  );
}
