import { Link } from "@remix-run/react";
import { formatDate } from "~/utils/format";
import type { PlacementOfClient } from "~/models/placements.server";
import type { TaskOfClient } from "~/models/tasks/list.server";
import { PlacementBadges } from "../placements/placement-badges";
import { Badge, priorityTone } from "../ui/badge";
import { ButtonLink } from "../ui/button";
import { CardLink, TitledCard } from "../ui/card";
import { PlusIcon } from "../ui/icons";
import { CardList } from "../ui/card-list";

// Parts of the client's page (app/routes/_app.clients.$id._index.tsx).

export function ageOn(dateOfBirth: string, today = new Date()): number {
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < born.getUTCMonth() ||
    (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** A new placement with this client chosen: the page's first action (and the Placements card's). */
export function NewPlacementLink({ clientId }: { clientId: string }) {
  return (
    <ButtonLink to={`/placements/new?clientId=${clientId}`}>
      <PlusIcon className="h-4 w-4" /> New Placement
    </ButtonLink>
  );
}

export function ClientPlacementsCard({ clientId, placements }: { clientId: string; placements: PlacementOfClient[] }) {
  return (
    <TitledCard title="Placements" action={<CardLink to={`/placements?clientId=${clientId}`}>View all</CardLink>}>
      <CardList items={placements} label="Placements of this client" empty="No placements for this client yet.">
        {(p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
            <div className="min-w-0 wrap-anywhere">
              <Link to={`/placements/${p.id}`} className="font-medium text-slate-900 hover:text-brand-700">
                {p.facility.name}
              </Link>
              <p className="text-sm text-slate-500">
                {p.facility.city}, {p.facility.state} · started {formatDate(p.startDate)}
              </p>
            </div>
            <div className="flex gap-2">
              <PlacementBadges placement={p} />
            </div>
          </li>
        )}
      </CardList>
      <div className="border-t border-slate-100 px-5 py-3">
        <Link
          to={`/placements/new?clientId=${clientId}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          <PlusIcon className="h-4 w-4" /> New Placement
        </Link>
      </div>
    </TitledCard>
  );
}

/** What the Tasks card shows of a task. */
export type ClientTaskView = Pick<TaskOfClient, "id" | "title" | "stage" | "priority" | "dueDate" | "isCompleted">;

export function ClientTasksCard({
  clientId,
  tasks,
  more,
}: {
  clientId: string;
  tasks: ClientTaskView[];
  more: boolean;
}) {
  return (
    <TitledCard
      id="tasks"
      title="Tasks"
      action={
        <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          <Link to={`/tasks?clientId=${clientId}`} className="text-brand-700 hover:underline">
            All tasks
          </Link>
          <Link to={`/tasks/new?clientId=${clientId}`} className="text-brand-700 hover:underline">
            New Task
          </Link>
        </span>
      }
    >
      <CardList items={tasks} empty="No tasks for this client.">
        {(t) => (
          <li key={t.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
            <div className="min-w-0 wrap-anywhere">
              <Link
                to={`/tasks/${t.id}`}
                className={
                  t.isCompleted ? "text-slate-500 line-through" : "font-medium text-slate-900 hover:text-brand-700"
                }
              >
                {t.title}
              </Link>
              <p className="text-sm text-slate-500">
                {t.stage} · due {formatDate(t.dueDate)}
              </p>
            </div>
            {t.isCompleted ? (
              <Badge tone="green">Completed</Badge>
            ) : (
              <Badge tone={priorityTone(t.priority)}>{t.priority}</Badge>
            )}
          </li>
        )}
      </CardList>
      {more ? (
        <p className="border-t border-slate-100 px-5 py-3 text-sm">
          <span className="text-slate-500">Showing the first {tasks.length} tasks, open ones first. </span>
          <Link to={`/tasks?clientId=${clientId}`} className="font-medium text-brand-700 hover:underline">
            See all of this client&apos;s tasks
          </Link>
        </p>
      ) : null}
    </TitledCard>
  );
}
