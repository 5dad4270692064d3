import { getTask, moveTask, toApiTask } from "~/models/tasks.server";
import { MoveTaskSchema, movedMeanwhile } from "~/schemas/swim-lanes";
import { apiError, apiRoute, apiSuccess, readJsonBody } from "~/services/api.server";

/**
 * `PATCH /api/tasks/{id}/status` `{ status, fromStatus? }`: moves a task to another stage. With
 * `fromStatus` (where the caller saw it), a task someone else moved meanwhile is a 409 that says
 * where it is now, and stays there.
 */
export const { loader, action } = apiRoute({
  PATCH: async ({ db, ctx, request, params }) => {
    const id = params.id ?? "";
    const input = await readJsonBody(request, MoveTaskSchema);
    const result = await moveTask(db, ctx, id, input.status, input.fromStatus);
    if (!result.ok && result.reason === "not-found") throw apiError(404, "Task not found");
    if (!result.ok) {
      const task = await getTask(db, ctx, id);
      return apiError(409, `The task was not moved: ${movedMeanwhile(result.current)}`, {
        details: { data: { task: task ? toApiTask(task) : null } },
      });
    }
    const task = await getTask(db, ctx, id);
    return apiSuccess({ task: toApiTask(task!) }, { message: "Task moved successfully!" });
  },
});
