import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { TaskFormPage, taskFormDefaults } from "~/components/tasks/task-form";
import { taskFormOptions } from "~/models/tasks/form.server";
import { getTask } from "~/models/tasks/record.server";
import { TASK_NOT_FOUND } from "~/schemas/task";
import { saveTaskForm } from "~/services/task-form.server";
import { requireRouteRecord } from "~/services/record-screen.server";

export const meta: MetaFunction = () => [{ title: "Edit Task · Senior Placement" }];

export async function loader(args: LoaderFunctionArgs) {
  const { record: task, ctx, db } = await requireRouteRecord(args, getTask, TASK_NOT_FOUND);
  const options = await taskFormOptions(db, ctx, task.client?.id ?? null, "", task.assignee.id);
  return json({ options, defaultValue: taskFormDefaults(task) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return saveTaskForm(request, params.id ?? "");
}

export default function EditTaskPage() {
  return <TaskFormPage mode="edit" />;
}
