import { moveTask } from "~/models/swim-lanes.server";
import { getTask } from "~/models/tasks/record.server";
import { MoveTaskSchema, movedMeanwhile } from "~/schemas/swim-lanes";
import { apiError, apiRoute, patchAtVersion, recordAnswer } from "~/services/api.server";
import { toApiTask } from "~/services/api-shapes.server";

const TASK = { name: "task", notFound: "Task not found", find: getTask, toApi: toApiTask };

/**
 * `PATCH /api/tasks/{id}/status` `{ status, fromStatus?, version? }`: moves a task to another
 * stage. With `fromStatus` (where the caller saw it), a task someone else moved meanwhile is a
 * 409 that says where it is now, and stays there. With `If-Match` (or `version`), a task changed
 * in any way since is a 412 with the task as it is now.
 */
export const { loader, action } = apiRoute({
  PATCH: patchAtVersion(TASK, {
    schema: MoveTaskSchema,
    write: (db, ctx, id, input) => moveTask(db, ctx, id, input.status, input.fromStatus, input.version),
    answer: async (result, { db, ctx, id }) => {
      if (!result.ok && result.reason === "not-found") throw apiError(404, TASK.notFound);
      const task = await getTask(db, ctx, id);
      if (!task) throw apiError(404, TASK.notFound);
      if (!result.ok) {
        return apiError(409, `The task was not moved: ${movedMeanwhile(result.current)}`, {
          details: { data: { task: toApiTask(task) } },
        });
      }
      return recordAnswer(TASK, task, { message: "Task moved successfully!" });
    },
  }),
});
