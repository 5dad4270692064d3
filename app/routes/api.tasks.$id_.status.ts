import { moveTask } from "~/models/swim-lanes.server";
import { getTask } from "~/models/tasks/record.server";
import { currentVersion } from "~/models/versions.server";

import { MoveTaskSchema, movedMeanwhile } from "~/schemas/swim-lanes";
import {
  apiError,
  apiRoute,
  apiSuccess,
  etag,
  expectedVersion,
  readJsonBody,
  staleRecordError,
} from "~/services/api.server";
import { toApiTask } from "~/services/api-shapes.server";

/**
 * `PATCH /api/tasks/{id}/status` `{ status, fromStatus?, version? }`: moves a task to another
 * stage. With `fromStatus` (where the caller saw it), a task someone else moved meanwhile is a
 * 409 that says where it is now, and stays there. With `If-Match` (or `version`), a task changed
 * in any way since is a 412 with the task as it is now.
 */
export const { loader, action } = apiRoute({
  PATCH: async ({ db, ctx, request, params }) => {
    const id = params.id ?? "";
    const input = await readJsonBody(request, MoveTaskSchema);
    const found = await currentVersion(db, ctx, "tasks", id);
    if (!found) throw apiError(404, "Task not found");
    const version = expectedVersion(request, found.version, input.version);
    const result = await moveTask(db, ctx, id, input.status, input.fromStatus, version);
    if (!result.ok && result.reason === "not-found") throw apiError(404, "Task not found");
    const task = await getTask(db, ctx, id);
    if (!task) throw apiError(404, "Task not found");
    if (!result.ok && result.reason === "stale") return staleRecordError("task", result, toApiTask(task));
    if (!result.ok) {
      return apiError(409, `The task was not moved: ${movedMeanwhile(result.current)}`, {
        details: { data: { task: toApiTask(task) } },
      });
    }
    return apiSuccess(
      { task: toApiTask(task) },
      { message: "Task moved successfully!", headers: { ETag: etag(task.version) } },
    );
  },
});
