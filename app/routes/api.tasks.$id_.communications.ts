import { addCommunication } from "~/models/tasks/writes.server";
import { CommunicationSchema } from "~/schemas/swim-lanes";
import { apiError, apiRoute, apiSuccess, readJsonBody } from "~/services/api.server";
import { isUuid } from "~/utils/uuid";
import { toApiCommunication } from "~/services/api-shapes.server";

/** `POST /api/tasks/{id}/communications` `{ type, content }`: adds a note, call, email or meeting to a task. */
export const { loader, action } = apiRoute({
  POST: async ({ db, ctx, request, params }) => {
    const id = params.id ?? "";
    if (!isUuid(id)) throw apiError(404, "Task not found");
    const input = await readJsonBody(request, CommunicationSchema);
    const communication = await addCommunication(db, ctx, id, input);
    if (!communication) throw apiError(404, "Task not found");
    return apiSuccess(
      { communication: toApiCommunication(communication) },
      { status: 201, message: "Communication added successfully!" },
    );
  },
});
