import { agencyDay } from "~/models/agency.server";

import { listTasks } from "~/models/tasks/list.server";
import { getTask } from "~/models/tasks/record.server";
import { createTask } from "~/models/tasks/writes.server";
import { TaskListQuerySchema, TaskSchema } from "~/schemas/task";
import { apiError, apiRoute, apiSuccess, readJsonBody, readQuery } from "~/services/api.server";
import { toApiTask, toApiTaskListItem } from "~/services/api-shapes.server";

export const { loader, action } = apiRoute({
  GET: async ({ db, ctx, request }) => {
    const query = readQuery(request, TaskListQuerySchema);
    const { today } = await agencyDay(db, ctx);
    const result = await listTasks(db, ctx, query, today);
    return apiSuccess({
      tasks: result.tasks.map(toApiTaskListItem),
      pagination: { page: result.page, limit: result.limit, totalPages: result.totalPages, total: result.total },
      // Never capped here: the API counts exactly.
      statistics: result.statistics!,
    });
  },
  POST: async ({ db, ctx, request }) => {
    const result = await createTask(db, ctx, await readJsonBody(request, TaskSchema));
    if (!result.ok && result.reason === "forbidden") return apiError(403, result.message);
    if (!result.ok) {
      return apiError(400, "Validation failed", { errors: result.reason === "invalid" ? result.errors : [] });
    }
    const task = await getTask(db, ctx, result.id);
    return apiSuccess({ task: toApiTask(task!) }, { status: 201, message: "Task created successfully" });
  },
});
