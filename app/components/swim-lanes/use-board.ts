import { useFetcher, useRevalidator } from "@remix-run/react";
import { type KeyboardEvent, type MutableRefObject, useCallback, useEffect, useRef, useState } from "react";
import type { SortableEvent } from "react-sortablejs";
import { BOARD_REFRESH_MS } from "~/schemas/swim-lanes.constants";
import type { BoardData, LaneCard } from "~/services/swim-lanes-page.server";
import type { Toast } from "~/utils/toast";
import { type ClientStatus, TASK_STAGES } from "~/utils/vocabulary";

// The board's behaviour with JavaScript (docs/swim-lanes.md), one hook a concern: the lanes as
// shown and the moves posted from them, the drag and drop (sortablejs), the keyboard moves, and
// the refresh while the board is in sight. Without JavaScript none of it runs: each card's
// "Move to" form posts.

export type Lanes = Record<ClientStatus, LaneCard[]>;

const lanesOf = (data: BoardData): Lanes =>
  Object.fromEntries(data.lanes.map((lane) => [lane.stage, lane.tasks])) as Lanes;

export type Move = (card: LaneCard, from: ClientStatus, to: ClientStatus) => void;

/**
 * The lanes as shown, and `move`: the card moves at once and the move is posted (a fetcher); the
 * answer comes as a toast and, for screen readers, an announcement (`announce` is the keyboard's
 * too). A refused move is rolled back to the board as the server last said.
 */
export function useBoardMoves(data: BoardData, search: string) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [lanes, setLanes] = useState<Lanes>(() => lanesOf(data));
  const [toast, setToast] = useState<Toast | null>(null);
  const [announcement, announce] = useState("");

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
    announce(message);
    if (!ok) setLanes(lanesOf(data));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when an answer arrives
  }, [fetcher.state, fetcher.data]);

  const move: Move = useCallback(
    (card, from, to) => {
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

  return { lanes, setLanes, move, toast, announcement, announce, moving: fetcher.state };
}

/** Fresh while in sight: reload every 30 seconds when the tab is visible and nothing is moving. */
export function useBoardRefresh(dragging: MutableRefObject<boolean>, moving: string) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== "visible" || dragging.current || revalidator.state !== "idle") return;
      if (moving !== "idle") return;
      revalidator.revalidate();
    }, BOARD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator, moving, dragging]);
}

/**
 * Drag and drop between lanes (sortablejs through react-sortablejs, in its pointer mode: a drag
 * starts after 8 px; dropping on a card means its lane; links and controls stay clickable).
 * `laneProps(stage)` is what a lane's `ReactSortable` takes.
 */
export function useLaneDragAndDrop(lanes: Lanes, setLanes: (update: (current: Lanes) => Lanes) => void, move: Move) {
  const dragging = useRef(false);
  const laneProps = (stage: ClientStatus) => ({
    list: lanes[stage] ?? [],
    setList: (list: LaneCard[]) => setLanes((current) => ({ ...current, [stage]: list })),
    group: "swim-lanes",
    sort: false,
    forceFallback: true,
    fallbackTolerance: 8,
    animation: 150,
    filter: "a, button, summary, select, input, label",
    preventOnFilter: false,
    onStart: () => {
      dragging.current = true;
    },
    onEnd: () => {
      dragging.current = false;
    },
    onAdd: (event: SortableEvent) => {
      // The lane the card came from: its list sits in that lane's element.
      const from = (event.from as HTMLElement).closest<HTMLElement>("[data-stage]")?.dataset.stage as ClientStatus;
      const id = (event.item as HTMLElement).dataset.taskId;
      const card = (lanes[from] ?? []).find((c) => c.id === id);
      if (card) move(card, from, stage);
    },
  });
  return { dragging, laneProps };
}

export interface Picked {
  card: LaneCard;
  from: ClientStatus;
  over: ClientStatus;
}

/**
 * Moving with the keyboard: a card's Move button picks it up (Enter or Space), the arrows choose
 * a lane, Enter or Space drops it there, Escape (or Tab) cancels; each step is announced, and the
 * focus stays on the moved card's Move button.
 */
export function useKeyboardMove(lanes: Lanes, move: Move, announce: (text: string) => void) {
  const [picked, setPicked] = useState<Picked | null>(null);
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    focusAfterMove.current = null;
    document.querySelector<HTMLButtonElement>(`[data-task-id="${id}"] [data-move-handle]`)?.focus();
  }, [lanes]);

  const onHandleKey = (event: KeyboardEvent<HTMLButtonElement>, card: LaneCard, stage: ClientStatus) => {
    const key = event.key;
    if (!picked) {
      if (key === " " || key === "Enter") {
        event.preventDefault();
        setPicked({ card, from: stage, over: stage });
        announce(
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
      announce(`${card.title}: over ${over}${over === picked.from ? " (where it is)" : ""}.`);
    } else if (key === " " || key === "Enter") {
      event.preventDefault();
      setPicked(null);
      if (picked.over === picked.from) {
        announce(`${card.title} dropped where it was, in ${picked.from}.`);
        return;
      }
      announce(`${card.title} dropped in ${picked.over}. Moving…`);
      focusAfterMove.current = card.id;
      move(card, picked.from, picked.over);
    } else if (key === "Escape" || key === "Tab") {
      if (key === "Escape") event.preventDefault();
      setPicked(null);
      announce(`Move cancelled. ${card.title} stays in ${picked.from}.`);
    }
  };

  return { picked, onHandleKey };
}
