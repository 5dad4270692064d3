import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TaskPanel } from "~/components/swim-lanes/task-panel";
import { PANEL_TABS, type PanelTab } from "~/components/tasks/task-detail";
import { taskMatches } from "~/models/matching.server";
import { getTask } from "~/models/tasks/record.server";
import { addCommunication } from "~/models/tasks/writes.server";
import { COMMUNICATION_MESSAGES } from "~/schemas/swim-lanes.constants";
import { TASK_NOT_FOUND } from "~/schemas/task.constants";
import { CommunicationSchema } from "~/services/page-schemas.server";
import { redirectWithToast, requireRecord, requireSignedIn } from "~/services/session.server";
import { readFormData } from "~/utils/request.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.task.title ?? "Task"} · Swim Lane Tracker · Senior Placement` },
];

/** The matched facilities the panel's Facility Matching tab lists. */
const PANEL_MATCHES = 5;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { record: task, db, ctx } = await requireRecord({ request, context }, params.taskId, getTask, TASK_NOT_FOUND);
  const requested = new URL(request.url).searchParams.get("tab");
  const tab: PanelTab = (PANEL_TABS as readonly string[]).includes(requested ?? "")
    ? (requested as PanelTab)
    : "overview";
  // The matches are worked out only for their tab.
  const matches = tab === "matching" ? await taskMatches(db, ctx, task.client?.id ?? null, PANEL_MATCHES) : null;
  return json({ task, tab, matches }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * Adds a communication. A fetcher (`via=fetch`) gets JSON (the form then resets and the board
 * reloads); without JavaScript the browser comes back to the Communications tab with a toast, or
 * to the form with its message.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const form = await readFormData(request);
  const byFetch = form.get("via") === "fetch";
  const parsed = CommunicationSchema.safeParse({
    type: form.get("type") ?? undefined,
    content: form.get("content") ?? undefined,
  });
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    return json(
      {
        ok: false as const,
        message: COMMUNICATION_MESSAGES.failure,
        errors,
        content: String(form.get("content") ?? ""),
      },
      { status: 400 },
    );
  }
  const added = await addCommunication(db, ctx, params.taskId ?? "", parsed.data);
  if (!added) {
    return json(
      { ok: false as const, message: COMMUNICATION_MESSAGES.failure, errors: {}, content: parsed.data.content },
      { status: 404 },
    );
  }
  if (byFetch) return json({ ok: true as const, message: COMMUNICATION_MESSAGES.success, errors: {}, content: "" });
  const url = new URL(request.url);
  url.searchParams.set("tab", "communications");
  return redirectWithToast(`${url.pathname}${url.search}`, {
    type: "success",
    title: COMMUNICATION_MESSAGES.success,
  });
}

export default function TaskPanelRoute() {
  const { task, tab, matches } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <TaskPanel task={task} tab={tab} matches={matches} answer={answer ?? null} />;
}
