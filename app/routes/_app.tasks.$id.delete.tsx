import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DeletePage } from "~/components/ui/form";
import { getTask } from "~/models/tasks/record.server";
import { deleteTask } from "~/models/tasks/writes.server";
import { DELETE_TASK_MESSAGE, TASK_NOT_FOUND } from "~/schemas/task.constants";
import { deletedOrNot } from "~/services/form.server";
import { loadDeletePage } from "~/services/record-screen.server";
import { requireSignedIn } from "~/services/session.server";

// Deleting a task: the confirmation page without JavaScript; with it, a dialog posts here. Its
// checklist and communications go with it.

export const meta: MetaFunction = () => [{ title: "Delete Task · Senior Placement" }];

export function loader(args: LoaderFunctionArgs) {
  return loadDeletePage(args, getTask, TASK_NOT_FOUND, null, (task) => ({
    title: `Delete ${task.title}?`,
    message: DELETE_TASK_MESSAGE,
    cancelHref: `/tasks/${task.id}`,
  }));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { ctx, db } = await requireSignedIn({ request, context });
  const { ok } = await deleteTask(db, ctx, params.id ?? "");
  return deletedOrNot(ok, "/tasks", { deleted: "Task deleted successfully", failed: "Failed to delete task" });
}

export default function DeleteTaskPage() {
  return <DeletePage {...useLoaderData<typeof loader>()} />;
}
