import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import {
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import { Toaster } from "~/components/layout/toaster";
import { Board } from "~/components/swim-lanes/board";
import { ButtonLink } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";
import { moveTask } from "~/models/swim-lanes.server";
import {
  BOARD_VIEWS,
  type BoardView,
  laneCardId,
  LOAD_FAILURE,
  MOVE_MESSAGES,
  movedMeanwhile,
} from "~/schemas/swim-lanes.constants";
import { MoveTaskSchema, SwimLaneQuerySchema } from "~/services/page-schemas.server";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { workScope } from "~/services/list-page.server";
import { boardPage } from "~/services/swim-lanes-page.server";
import { myWork, readListQuery } from "~/utils/list-query";
import { readFormData } from "~/utils/request.server";
import { TOAST_TEXT_LIMITS, toastText } from "~/utils/toast";

export const meta: MetaFunction = () => [{ title: "Swim Lane Tracker · Senior Placement" }];

export const handle = {
  header: { title: "Advanced Swim Lane Tracker", subtitle: "Visual pipeline for tracking placement progress" },
};

const PARAM_LABELS = { search: "Search", priority: "Priority", progress: "Progress", assignedTo: "Assignee" };

/** The board's own parameters: the view, and the open task's tab (its panel, a child route). */
const SCREEN_PARAMS = ["view", "tab"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const signedIn = await requireSignedIn({ request, context });
  const { ctx, db } = signedIn;
  const url = new URL(request.url);
  const requested = url.searchParams.get("view");
  const view: BoardView = (BOARD_VIEWS as readonly string[]).includes(requested ?? "")
    ? (requested as BoardView)
    : "standard";
  const params = new URL(url);
  for (const name of [...SCREEN_PARAMS, "stage", "offset", "limit"]) params.searchParams.delete(name);
  // An agent's board starts on their own tasks (myWork), one click from the team's.
  for (const [name, value] of Object.entries(myWork("assignedTo")(ctx))) {
    if (!params.searchParams.has(name)) params.searchParams.set(name, value);
  }
  const { query, problems } = readListQuery(params, SwimLaneQuerySchema, { labels: PARAM_LABELS });
  const scope = await workScope(signedIn, url, query.assignedTo);
  return json(await boardPage(db, ctx, query, view, problems, scope), { headers: { "Cache-Control": "no-store" } });
}

/**
 * A move, from a drag, the keyboard or a card's "Move to" form: `taskId`, the new `status` and
 * the stage the mover saw (`fromStatus`). A fetcher (`via=fetch`) gets JSON; a browser without
 * JavaScript goes back to the board it came from, scrolled to the moved card (`#task-{id}`), with
 * a toast. A stage the board never offers (unknown, or text of any length) is a 400 either way,
 * shown over the board: it never goes into the toast's cookie.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const form = await readFormData(request);
  const byFetch = form.get("via") === "fetch";
  // Back to the board as it was (its filters are the action URL's query), at the moved card.
  const taskId = String(form.get("taskId") ?? "");
  const to = `/swim-lanes${new URL(request.url).search}#${encodeURIComponent(laneCardId(taskId))}`;
  const answer = (ok: boolean, message: string, status = ok ? 200 : 400) =>
    byFetch
      ? json({ ok, message }, { status })
      : redirectWithToast(to, ok ? { type: "success", title: message } : { type: "error", title: message });
  const parsed = MoveTaskSchema.safeParse({
    status: form.get("status") ?? undefined,
    fromStatus: form.get("fromStatus") ?? undefined,
  });
  if (!parsed.success) {
    const message = `${MOVE_MESSAGES.failure}${parsed.error.issues[0]?.message ?? MOVE_MESSAGES.fallback}`;
    return json({ ok: false, message: toastText(message, TOAST_TEXT_LIMITS.title) }, { status: 400 });
  }
  const result = await moveTask(db, ctx, taskId, parsed.data.status, parsed.data.fromStatus);
  if (result.ok) return answer(true, MOVE_MESSAGES.success);
  if (result.reason === "conflict")
    return answer(false, `${MOVE_MESSAGES.failure}${movedMeanwhile(result.current)}`, 409);
  return answer(false, `${MOVE_MESSAGES.failure}the task no longer exists.`, 404);
}

/**
 * Opening a task's panel, or switching its tabs, leaves the board as it is: only a change of the
 * board's own filters (or an action, or a refresh) reloads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  const boardParams = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    params.sort();
    return params.toString();
  };
  return boardParams(currentUrl) === boardParams(nextUrl) ? false : defaultShouldRevalidate;
};

export default function SwimLanesPage() {
  const data = useLoaderData<typeof loader>();
  // Without JavaScript, a refused move comes back here (with JavaScript the board's fetcher has it).
  const refused = useActionData<typeof action>();
  return (
    <>
      <Board data={data} />
      {refused && !refused.ok ? (
        <Toaster toasts={[{ id: "move-refused", type: "error", title: refused.message }]} />
      ) : null}
    </>
  );
}

/** 'Failed to load swim lane data. Please try again.' with Retry (the same URL, loaded again). */
export function ErrorBoundary() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  console.error(error);
  return (
    <div className="mx-auto max-w-3xl py-8">
      <ErrorPanel type="custom" message={LOAD_FAILURE}>
        <ButtonLink to={`${pathname}${search}`} reloadDocument>
          Retry
        </ButtonLink>
      </ErrorPanel>
    </div>
  );
}
