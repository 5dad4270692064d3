import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConfirmPanel } from "~/components/ui/dialog";
import { getTask } from "~/models/tasks/record.server";
import { deleteTask } from "~/models/tasks/writes.server";
import { DELETE_TASK_MESSAGE, TASK_NOT_FOUND } from "~/schemas/task.constants";
import { redirectWithToast, requireRecord, requireSignedIn } from "~/services/session.server";

// Deleting a task: the confirmation page without JavaScript; with it, a dialog posts here. Its
// checklist and communications go with it.

export const meta: MetaFunction = () => [{ title: "Delete Task · Senior Placement" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { record: task } = await requireRecord({ request, context }, params.id, getTask, TASK_NOT_FOUND);
  return json({ id: task.id, title: task.title });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  if (!(await deleteTask(db, ctx, params.id ?? "")).ok) {
    return redirectWithToast("/tasks", { type: "error", title: "Failed to delete task" });
  }
  return redirectWithToast("/tasks", { type: "success", title: "Task deleted successfully" });
}

export default function DeleteTaskPage() {
  const { id, title } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl py-6">
      <ConfirmPanel title={`Delete ${title}?`} message={DELETE_TASK_MESSAGE} cancelHref={`/tasks/${id}`} />
    </div>
  );
}
