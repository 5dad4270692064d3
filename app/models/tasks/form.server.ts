import type { DB } from "~/utils/db.server";
import type { Role } from "~/utils/vocabulary";
import { countClientOptions, type ReferenceOption, searchClientOptions } from "../clients.server";
import type { Ctx } from "../context";
import { pickerOptions, type PickerSearch } from "../lists.server";
import { clientPlacementOptions } from "../placements.server";
import { listUsers } from "../user.server";
import { mayAssign } from "./writes.server";

export interface TaskFormOptions {
  clients: ReferenceOption[];
  /** The chosen client's placements, and whose they are. */
  placements: ReferenceOption[];
  placementsOf: string | null;
  assignees: { id: string; name: string; role: Role }[];
  /** The client picker's search without JavaScript (null: not searched). */
  searched: { client: PickerSearch | null };
}

/**
 * What the task form offers: clients (the chosen one among them, or a search's matches) and the
 * agency's active users to assign it to. A role that may not assign others (an agent) is offered
 * themselves, and `assignee`, whom an edited task has now.
 */
export async function taskFormOptions(
  db: DB,
  ctx: Ctx,
  chosenClientId: string | null,
  clientTerm = "",
  assignee: string | null = null,
): Promise<TaskFormOptions> {
  const [client, placements, users] = await Promise.all([
    pickerOptions(
      clientTerm,
      (o) => searchClientOptions(db, ctx, { ...o, include: chosenClientId }),
      (term, cap) => countClientOptions(db, ctx, term, cap),
    ),
    chosenClientId ? clientPlacementOptions(db, ctx, chosenClientId) : [],
    listUsers(db, ctx),
  ]);
  return {
    clients: client.options,
    placements,
    placementsOf: chosenClientId,
    assignees: assigneesOf(ctx, users, assignee),
    searched: { client: client.searched },
  };
}

export type TaskAssignee = TaskFormOptions["assignees"][number];

/** Whom the caller may give a task (themselves only, without tasks.assignOthers): the agency's active users. */
export async function taskAssignees(db: DB, ctx: Ctx): Promise<TaskAssignee[]> {
  return assigneesOf(ctx, await listUsers(db, ctx), null);
}

function assigneesOf(ctx: Ctx, users: Awaited<ReturnType<typeof listUsers>>, assignee: string | null) {
  return users
    .filter((u) => mayAssign(ctx, u.id, assignee))
    .map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`, role: u.role }));
}
