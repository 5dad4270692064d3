import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { CommunicationAnswer } from "~/components/tasks/communication-form";
import { CompleteButton, TaskBadges, TaskDetail } from "~/components/tasks/task-detail";
import { Card } from "~/components/ui/card";
import { RecordActions, RecordPage } from "~/components/ui/detail";
import { taskMatches } from "~/models/matching.server";
import { getTask } from "~/models/tasks/record.server";
import { setTaskCompleted } from "~/models/tasks/writes.server";
import { DELETE_TASK_MESSAGE, TASK_NOT_FOUND } from "~/schemas/task.constants";
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
  const { task, matches, documents } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const communication = answer && "content" in answer ? (answer as CommunicationAnswer) : null;
  return (
    <RecordPage
      area="tasks"
      actions={
        <RecordActions
          path={`/tasks/${task.id}`}
          confirmTitle={`Delete ${task.title}?`}
          confirmMessage={DELETE_TASK_MESSAGE}
        >
          <CompleteButton task={task} />
        </RecordActions>
      }
    >
      <Card className="p-5 sm:p-6">
        <p className="text-sm font-medium text-slate-500">Task Details</p>
        <h2 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{task.title}</h2>
        <div className="mt-3">
          <TaskBadges task={task} />
        </div>
      </Card>

      <TaskDetail frame="page" task={task} matches={matches} documents={documents} answer={communication} />
    </RecordPage>
  );
}
