import { taskMatches } from "~/models/matching.server";
import { getTask } from "~/models/tasks/record.server";
import { deleteTask, updateTask } from "~/models/tasks/writes.server";
import { TaskSchema } from "~/schemas/task";
import { apiRecordRoute, saveThenFind } from "~/services/api.server";
import { toApiMatchedFacility, toApiTask } from "~/services/api-shapes.server";

export const { loader, action } = apiRecordRoute({
  name: "task",
  notFound: "Task not found",
  messages: { updated: "Task updated successfully", deleted: "Task deleted successfully" },
  find: getTask,
  toApi: toApiTask,
  // GET adds the client's best facilities (spec 002 §3 matchedFacilities).
  show: async (task, db, ctx) => ({
    ...toApiTask(task),
    matchedFacilities: (await taskMatches(db, ctx, task.client?.id ?? null)).map(toApiMatchedFacility),
  }),
  update: {
    schema: TaskSchema,
    // The client, placement and assignee must be the agency's: a 400 naming each one that is not.
    save: saveThenFind(updateTask, getTask),
  },
  remove: deleteTask,
});
