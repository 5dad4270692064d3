import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { toTaskRow } from "~/components/tasks/task-list";
import { TASK_FILTER_LABELS, TasksPage } from "~/components/tasks/tasks-page";
import { agencyDay } from "~/models/agency.server";
import { getClient } from "~/models/clients.server";
import { SEARCH_COUNT_CAP } from "~/models/lists.server";
import { listTasks } from "~/models/tasks/list.server";
import { listUsers } from "~/models/user.server";
import { sortText, TASK_PAGE_SIZE } from "~/schemas/task.constants";
import { TaskListQuerySchema } from "~/services/page-schemas.server";
import { filterValues, loadListPage, narrowedTo, workScope } from "~/services/list-page.server";
import { myWork } from "~/utils/list-query";

export const meta: MetaFunction = () => [{ title: "Tasks · Senior Placement" }];

const SCREEN = {
  schema: TaskListQuerySchema,
  pageSize: TASK_PAGE_SIZE,
  labels: TASK_FILTER_LABELS,
  own: ["view"],
  defaults: myWork("assignedTo"),
};

export async function loader(args: LoaderFunctionArgs) {
  const { url, query, problems, result } = await loadListPage(args, SCREEN, async (signedIn, query) => {
    const { db, ctx } = signedIn;
    const { today } = await agencyDay(db, ctx);
    const [page, users, client, scope] = await Promise.all([
      listTasks(db, ctx, query, today, { countCap: SEARCH_COUNT_CAP }),
      listUsers(db, ctx),
      query.clientId ? getClient(db, ctx, query.clientId) : null,
      workScope(signedIn, new URL(args.request.url), query.assignedTo),
    ]);
    return { ...page, users, client, scope };
  });
  // `view` is the screen's own (list or grid); the rest are GET /api/tasks's parameters.
  const view: "list" | "grid" = url.searchParams.get("view") === "grid" ? "grid" : "list";
  const { users, client, ...page } = result;
  return json({
    ...page,
    tasks: page.tasks.map(toTaskRow),
    view,
    assignees: users.map((u) => [u.id, `${u.firstName} ${u.lastName}`] as const),
    filters: {
      ...filterValues(query, ["search", "status", "priority", "type", "assignedTo"]),
      // Due date first is the usual order: the sort select's "any" choice.
      sort: sortText(query.sort) === "dueDate" ? "" : sortText(query.sort),
    },
    // From a client's page: its tasks only, until the chip is removed.
    client: narrowedTo(query.clientId, client, "Unknown client"),
    problems,
  });
}

export default function TasksRoute() {
  return <TasksPage {...useLoaderData<typeof loader>()} />;
}
