import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TaskPanel } from "~/components/swim-lanes/task-panel";
import type { CommunicationAnswer } from "~/components/tasks/communication-form";
import { PANEL_TABS, type PanelTab } from "~/components/tasks/task-detail";
import { taskMatches } from "~/models/matching.server";
import { getTask } from "~/models/tasks/record.server";
import { TASK_NOT_FOUND } from "~/schemas/task.constants";
import { requireRecord, requireSignedIn } from "~/services/session.server";
import { communicationAnswer, toggleItemAnswer } from "~/services/task-actions.server";
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
 * The panel's forms: a checklist item ticked (`intent=toggle-item`, back to the same tab), else a
 * communication added (back to the Communications tab with a toast, or to the form with its
 * message). A fetcher (`via=fetch`) gets JSON, and the board reloads.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const form = await readFormData(request);
  const url = new URL(request.url);
  const taskId = params.taskId ?? "";
  if (form.get("intent") === "toggle-item")
    return toggleItemAnswer(db, ctx, taskId, form, `${url.pathname}${url.search}`);
  url.searchParams.set("tab", "communications");
  return communicationAnswer(db, ctx, taskId, form, `${url.pathname}${url.search}`);
}

export default function TaskPanelRoute() {
  const { task, tab, matches } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const communication = answer && "content" in answer ? (answer as CommunicationAnswer) : null;
  return <TaskPanel task={task} tab={tab} matches={matches} answer={communication} />;
}
