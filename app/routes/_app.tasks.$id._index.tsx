import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { CommunicationAnswer } from "~/components/tasks/communication-form";
import { TaskPage } from "~/components/tasks/task-page";
import { taskMatches } from "~/models/matching.server";
import { getTask } from "~/models/tasks/record.server";
import { setTaskCompleted } from "~/models/tasks/writes.server";
import { TASK_NOT_FOUND } from "~/schemas/task.constants";
import { relatedDocuments } from "~/services/resources.server";
import { redirectWithToast, requireSignedIn } from "~/services/session.server";
import { communicationAnswer, toggleItemAnswer } from "~/services/task-actions.server";
import { readFormData } from "~/utils/request.server";
import { requireRouteRecord } from "~/services/record-screen.server";

export const meta: MetaFunction = () => [{ title: "Task Details · Senior Placement" }];

export async function loader(args: LoaderFunctionArgs) {
  const { record: task, db, ctx } = await requireRouteRecord(args, getTask, TASK_NOT_FOUND);
  const [matches, documents] = await Promise.all([
    taskMatches(db, ctx, task.client?.id ?? null),
    relatedDocuments(db, ctx, "Task", task.id),
  ]);
  return json({ task, matches, documents }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * A task's page and the View dialog post here: `toggle-item` ticks a checklist item, `complete`
 * and `reopen` change whether the task is done, `add-communication` adds a communication. A
 * browser without JavaScript is sent back to the page (with a toast for the task's own state and
 * a communication); a fetcher (`via=fetch`) gets JSON.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const id = params.id ?? "";
  const form = await readFormData(request);
  const byFetch = form.get("via") === "fetch";
  const intent = form.get("intent");
  const failed = (message: string, status = 404) => {
    if (byFetch) return json({ ok: false, message }, { status });
    throw new Response(message, { status });
  };
  if (intent === "toggle-item") return toggleItemAnswer(db, ctx, id, form, `/tasks/${id}`);
  if (intent === "add-communication") return communicationAnswer(db, ctx, id, form, `/tasks/${id}`);
  if (intent === "complete" || intent === "reopen") {
    if (!(await setTaskCompleted(db, ctx, id, intent === "complete"))) return failed(TASK_NOT_FOUND);
    if (byFetch) return json({ ok: true });
    return redirectWithToast(`/tasks/${id}`, {
      type: "success",
      title: intent === "complete" ? "Task marked as complete" : "Task reopened",
    });
  }
  return failed("Unknown action", 400);
}

export default function TaskDetailPage() {
  const answer = useActionData<typeof action>();
  const communication = answer && "content" in answer ? (answer as CommunicationAnswer) : null;
  return <TaskPage {...useLoaderData<typeof loader>()} answer={communication} />;
}
