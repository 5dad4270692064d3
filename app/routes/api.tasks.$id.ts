import { taskMatches } from "~/models/matching.server";
import { getTask } from "~/models/tasks/record.server";
import { deleteTask, updateTask } from "~/models/tasks/writes.server";
import { TaskSchema } from "~/schemas/task";
import { apiError, apiRecordRoute } from "~/services/api.server";
import { toApiMatchedFacility, toApiTask } from "~/services/api-shapes.server";

export const { loader, action } = apiRecordRoute({
  name: "task",
  notFound: "Task not found",
  messages: { updated: "Task updated successfully", deleted: "Task deleted successfully" },
  find: getTask,
  version: (task) => task.version,
  toApi: toApiTask,
  // GET adds the client's best facilities (spec 002 §3 matchedFacilities).
  show: async (task, db, ctx) => ({
    ...toApiTask(task),
    matchedFacilities: (await taskMatches(db, ctx, task.client?.id ?? null)).map(toApiMatchedFacility),
  }),
  update: {
    schema: TaskSchema,
    // The client, placement and assignee must be the agency's: a 400 naming each one that is not.
    save: async (db, ctx, id, input) => {
      const result = await updateTask(db, ctx, id, input);
      if (!result.ok && result.reason === "invalid")
        throw apiError(400, "Validation failed", { errors: result.errors });
      if (!result.ok) return result;
      const record = await getTask(db, ctx, id);
      return record ? { ok: true, record } : { ok: false, reason: "not-found" };
    },
  },
  remove: deleteTask,
});
