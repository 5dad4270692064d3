import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { TaskFormPage } from "~/components/tasks/task-form";
import { agencyDay } from "~/models/agency.server";
import { taskFormOptions } from "~/models/tasks/form.server";
import { saveTaskForm } from "~/services/task-form.server";
import { requireSignedIn } from "~/services/session.server";
import { isUuid } from "~/utils/uuid";

export const meta: MetaFunction = () => [{ title: "Create New Task · Senior Placement" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, ctx, db } = await requireSignedIn({ request, context });
  // From a client's page (`?clientId=`): that client comes chosen, for a first contact. From a
  // placement's page (and `?placementId=`, one of the client's): that placement too, and the
  // saved task goes back to it.
  const params = new URL(request.url).searchParams;
  const clientId = params.get("clientId");
  const chosen = clientId && isUuid(clientId) ? clientId : null;
  const [options, day] = await Promise.all([taskFormOptions(db, ctx, chosen), agencyDay(db, ctx)]);
  const client = options.clients.some((c) => c.id === chosen) ? chosen : null;
  const placement = options.placements.find((p) => p.id === params.get("placementId"))?.id ?? null;
  return json({
    options,
    returnTo: placement ? `/placements/${placement}` : null,
    defaultValue: {
      type: placement ? "Other" : client ? "Initial Contact" : "Other",
      clientId: client ?? "",
      ...(placement ? { placementId: placement } : {}),
      priority: "Medium",
      status: "New Client",
      dueDate: day.today,
      assignedTo: user.id,
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveTaskForm(request);
}

export default function NewTaskPage() {
  return <TaskFormPage mode="create" />;
}
