import { Form, Link, useNavigate } from "@remix-run/react";
import { type KeyboardEvent, type MouseEvent, useMemo, useRef } from "react";
import { laneCardId } from "~/schemas/swim-lanes.constants";
import type { LaneCard as Card } from "~/services/swim-lanes-page.server";
import { cn } from "~/utils/cn";
import { capitalize, formatDate } from "~/utils/format";
import { type ClientStatus, progressBand, TASK_STAGES } from "~/utils/vocabulary";
import { Badge, priorityTone } from "../ui/badge";
import { AlertCircleIcon, CheckCircleIcon } from "../ui/icons";

// A task's card in a lane (docs/swim-lanes.md, "What a lane shows"): its badges, its title (a
// link to the task panel), its progress and facts, and the ways to move it. With JavaScript a
// click anywhere else on the card opens the panel too (the title stays the way in for the
// keyboard and without JavaScript).

export function LaneCard({
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
  const panel = `/swim-lanes/${card.id}${search}`;
  const navigate = useNavigate();
  const pressedAt = useRef<{ x: number; y: number } | null>(null);
  return (
    <li
      id={laneCardId(card.id)}
      data-task-id={card.id}
      className={cn("lane-card", picked && "ring-2 ring-brand-500")}
      onPointerDown={(event) => {
        pressedAt.current = { x: event.clientX, y: event.clientY };
      }}
      onClick={(event) => {
        if (opensPanel(event, pressedAt.current)) navigate(panel, { preventScrollReset: true });
      }}
    >
      <CardHead card={card} />
      <h3 className="lane-card-title">
        <Link to={panel} preventScrollReset>
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
      <CardFacts card={card} today={today} />
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

/** What on a card is its own control (the title link, Move, Move to and its form): a click there is theirs. */
const CONTROLS = "a, button, summary, details, select, input, textarea, label, form";

/**
 * A plain click on the card, away from its controls, that ended where it began (not the end of a
 * drag) and selected no text: it opens the task's panel, as its title does.
 */
function opensPanel(event: MouseEvent<HTMLElement>, pressedAt: { x: number; y: number } | null): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (event.target instanceof Element && event.target.closest(CONTROLS)) return false;
  if (pressedAt && Math.hypot(event.clientX - pressedAt.x, event.clientY - pressedAt.y) > 5) return false;
  return !window.getSelection()?.toString();
}

/** The priority, the best match's percent, and Completed or the overdue icon. */
function CardHead({ card }: { card: Card }) {
  return (
    <div className="lane-card-head">
      <Badge tone={priorityTone(card.priority)}>{card.priority.toLowerCase()}</Badge>
      {card.match ? <span className="lane-card-score">{`${Math.round(card.match.score)}% match`}</span> : null}
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
  );
}

/** The client, the best facility, the dates, the latest communication and the assignee. */
function CardFacts({ card, today }: { card: Card; today: string }) {
  const { match, message } = card;
  return (
    <>
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
    </>
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
    <details ref={details} className="lane-move">
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
