import { Form, Link, Outlet, useFetcher, useLocation, useRevalidator } from "@remix-run/react";
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import sortable, { type SortableEvent } from "react-sortablejs";
import type { BoardCard } from "~/models/swim-lanes.server";
import type { BoardData } from "~/routes/_app.swim-lanes";
import { BOARD_REFRESH_MS, LANE_CARDS, STAGE_SLUGS } from "~/schemas/swim-lanes";
import { cn } from "~/utils/cn";
import { capitalize, formatDate } from "~/utils/format";
import { withParams } from "~/utils/list-query";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";
import {
  CARE_LEVEL_LABELS,
  type ClientStatus,
  PRIORITIES,
  PROGRESS_BAND_LABELS,
  PROGRESS_BANDS,
  TASK_STAGES,
} from "~/utils/vocabulary";
import { Toaster } from "../layout/toaster";
import { TaskProgress } from "../tasks/task-parts";
import { Badge, clientStatusTone, priorityTone } from "../ui/badge";
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

type Card = BoardCard;
type Lanes = Record<ClientStatus, Card[]>;

const lanesOf = (data: BoardData): Lanes =>
  Object.fromEntries(data.lanes.map((lane) => [lane.stage, lane.tasks as Card[]])) as Lanes;

/** The lane's colour strip, as the stage badges colour it. */
const LANE_TOPS: Record<ClientStatus, string> = {
  "New Client": "border-t-blue-500",
  "Active Client": "border-t-emerald-500",
  Target: "border-t-amber-500",
  Placed: "border-t-violet-500",
  "Follow-up": "border-t-slate-500",
};

interface Picked {
  card: Card;
  from: ClientStatus;
  over: ClientStatus;
}

export function Board({ data }: { data: BoardData }) {
  const { search, pathname } = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const revalidator = useRevalidator();
  const [lanes, setLanes] = useState<Lanes>(() => lanesOf(data));
  const [toast, setToast] = useState<Toast | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [picked, setPicked] = useState<Picked | null>(null);
  const dragging = useRef(false);
  const focusAfterMove = useRef<string | null>(null);
  const back = `${pathname}${search}`;

  // The server's board replaces the local one whenever it loads (after a move, a refresh).
  useEffect(() => setLanes(lanesOf(data)), [data]);

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
        { via: "fetch", taskId: card.id, status: to, fromStatus: from, back },
        { method: "post", action: `/swim-lanes${search}` },
      );
    },
    [fetcher, back, search],
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
                  <span
                    className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums ring-1 ring-slate-200"
                    data-testid="lane-count"
                    aria-label={`${lane.count} tasks`}
                  >
                    {lane.count.toLocaleString("en-US")}
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
                  data-stage={lane.stage}
                  className="flex flex-1 flex-col gap-2 px-2 pb-2"
                  onStart={() => {
                    dragging.current = true;
                  }}
                  onEnd={() => {
                    dragging.current = false;
                  }}
                  onAdd={(event: SortableEvent) => {
                    const from = (event.from as HTMLElement).dataset.stage as ClientStatus;
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
                      back={back}
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
  back,
  hydrated,
  picked,
  onMove,
  onHandleKey,
}: {
  card: Card;
  stage: ClientStatus;
  today: string;
  search: string;
  back: string;
  hydrated: boolean;
  picked: boolean;
  onMove: (to: ClientStatus) => void;
  onHandleKey: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  const match = card.bestMatch;
  const priority = card.priority.toLowerCase();
  const panel = `/swim-lanes/${card.id}${withParams(search, { tab: undefined })}`;
  return (
    <li
      data-task-id={card.id}
      className={cn(
        "cursor-grab rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-sm active:cursor-grabbing",
        picked && "ring-2 ring-brand-500",
        card.isCompleted && "opacity-80",
      )}
    >
      <div className="flex items-center gap-1.5">
        <Badge tone={priorityTone(card.priority)}>{priority}</Badge>
        {match ? (
          <span className="text-xs font-medium text-emerald-700" title="Best match">
            {Math.round(match.compatibilityScore)}% match
          </span>
        ) : null}
        {card.isOverdue ? (
          <span className="ml-auto text-red-600" title="Overdue">
            <AlertCircleIcon className="h-4 w-4" aria-hidden />
            <span className="sr-only">Overdue</span>
          </span>
        ) : null}
        {card.isCompleted ? (
          <span className="ml-auto inline-flex items-center gap-1 text-xs font-medium text-emerald-700">
            <CheckCircleIcon className="h-4 w-4" aria-hidden /> Completed
          </span>
        ) : null}
      </div>
      <h3 className="mt-1.5 font-medium text-slate-900">
        <Link to={panel} preventScrollReset className="hover:text-brand-700 hover:underline">
          {card.title}
        </Link>
      </h3>
      <div className="mt-2">
        <TaskProgress progress={card.progress} done={0} total={0} />
      </div>
      {card.client ? (
        <p className="mt-1.5 text-slate-700">
          {card.client.firstName} {card.client.lastName}
          {card.client.careLevel ? (
            <span className="block text-xs text-slate-500">{CARE_LEVEL_LABELS[card.client.careLevel]}</span>
          ) : null}
        </p>
      ) : null}
      {match ? (
        <p className="mt-1.5 rounded-md bg-emerald-50 px-2 py-1 text-xs text-emerald-900">
          <span className="font-medium">{match.facilityName}</span>
          {match.reasons.length ? <span className="block">{match.reasons.slice(0, 2).join(" · ")}</span> : null}
        </p>
      ) : null}
      <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-500">
        <dt>Due</dt>
        <dd className={cn(card.isOverdue ? "font-medium text-red-700" : "text-slate-700")}>
          {formatDate(card.dueDate)}
          {card.isOverdue ? " (overdue)" : card.dueDate === today ? " (today)" : ""}
        </dd>
        {card.estimatedPlacementDate ? (
          <>
            <dt>Placement</dt>
            <dd className="text-slate-700">{formatDate(card.estimatedPlacementDate)}</dd>
          </>
        ) : null}
      </dl>
      {card.lastCommunication ? (
        <p className="mt-1.5 line-clamp-2 text-xs text-slate-600">
          <span className="font-medium">{capitalize(card.lastCommunication.type)}:</span>{" "}
          {card.lastCommunication.content}
        </p>
      ) : null}
      <p className="mt-2 truncate border-t border-slate-100 pt-2 text-xs text-slate-600">
        {card.assignee.firstName} {card.assignee.lastName}
        <span className="text-slate-400"> · {capitalize(card.assignee.role)}</span>
      </p>
      <div className="mt-1.5 flex items-center justify-end gap-1">
        {hydrated ? (
          <button
            type="button"
            data-move-handle
            aria-describedby="move-instructions"
            aria-pressed={picked}
            onKeyDown={onHandleKey}
            className="rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            Move<span className="sr-only"> {card.title}</span>
          </button>
        ) : null}
        <MoveTo card={card} stage={stage} back={back} search={search} hydrated={hydrated} onMove={onMove} />
      </div>
    </li>
  );
}

/** "Move to": a menu of the other stages, a plain form (and so the way to move without JavaScript). */
function MoveTo({
  card,
  stage,
  back,
  search,
  hydrated,
  onMove,
}: {
  card: Card;
  stage: ClientStatus;
  back: string;
  search: string;
  hydrated: boolean;
  onMove: (to: ClientStatus) => void;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const others = useMemo(() => TASK_STAGES.filter((s) => s !== stage), [stage]);
  return (
    <details ref={details} className="relative">
      <summary className="cursor-pointer list-none rounded px-1.5 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-slate-200 hover:bg-slate-50">
        Move to<span className="sr-only"> another stage: {card.title}</span>
      </summary>
      <Form
        method="post"
        action={`/swim-lanes${search}`}
        reloadDocument
        className="absolute right-0 z-10 mt-1 w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          const to = submitter?.value as ClientStatus | undefined;
          details.current?.removeAttribute("open");
          if (to) onMove(to);
        }}
      >
        <input type="hidden" name="taskId" value={card.id} />
        <input type="hidden" name="fromStatus" value={stage} />
        <input type="hidden" name="back" value={back} />
        {others.map((to) => (
          <button
            key={to}
            type="submit"
            name="status"
            value={to}
            className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-xs text-slate-700 hover:bg-slate-100"
          >
            <Badge tone={clientStatusTone(to)}>{to}</Badge>
          </button>
        ))}
      </Form>
    </details>
  );
}
