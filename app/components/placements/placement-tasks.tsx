import { Form, Link } from "@remix-run/react";
import type { PlacementRecord } from "~/models/placements.server";
import type { TaskOfClient } from "~/models/tasks/list.server";
import type { PlacementTasksData, StepTaskAnswer } from "~/services/placement-page.server";
import { STEP_TASK_MESSAGES, STEP_TASKS } from "~/schemas/placement-task.constants";
import { cn } from "~/utils/cn";
import { formatDate } from "~/utils/format";
import { type ChecklistField, PLACEMENT_CHECKLIST } from "~/utils/vocabulary";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { CardLink, TitledCard } from "../ui/card";
import { FieldError, Input, Label, Select } from "../ui/field";
import { CheckIcon, PlusIcon } from "../ui/icons";
import { CardList } from "../ui/card-list";

// A placement's tasks (issue 35): the Tasks card (its tasks, New Task, and "Make a task" of each
// checklist step not done and without a task yet), and the checklist's tick. Plain forms posting
// to the placement's page: they work alike with and without JavaScript.

const STEP_LABELS = Object.fromEntries(PLACEMENT_CHECKLIST.map((s) => [s.field, s.label])) as Record<
  ChecklistField,
  string
>;

/** A checklist step's box: a button that ticks or unticks it (and completes or reopens its task). */
export function StepTick({ field, label, done }: { field: ChecklistField; label: string; done: boolean }) {
  return (
    <Form method="post" preventScrollReset className="mb-2">
      <input type="hidden" name="intent" value="tick-step" />
      <input type="hidden" name="step" value={field} />
      <input type="hidden" name="done" value={done ? "false" : "true"} />
      <button
        type="submit"
        role="checkbox"
        aria-checked={done}
        aria-label={label}
        className={cn(
          "flex h-6 w-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-500",
          done ? "bg-emerald-600 text-white" : "border border-slate-300 text-transparent hover:border-brand-500",
        )}
      >
        <CheckIcon className="h-4 w-4" />
      </button>
    </Form>
  );
}

/** The placement's tasks, New Task, and a "Make a task" form per step that could become one. */
export function PlacementTasksCard({
  placement: p,
  data,
  stepTask,
}: {
  placement: PlacementRecord;
  data: PlacementTasksData;
  stepTask: StepTaskAnswer | null;
}) {
  const linked = new Set(data.tasks.map((t) => t.placementStep).filter(Boolean));
  const open = PLACEMENT_CHECKLIST.filter((s) => !p.checklist[s.field].done && !linked.has(s.field));
  const newTask = `/tasks/new?clientId=${p.client.id}&placementId=${p.id}`;
  return (
    <TitledCard
      title="Tasks"
      id="tasks"
      action={
        <CardLink to={newTask}>
          <span className="inline-flex items-center gap-1.5">
            <PlusIcon className="h-4 w-4" /> New Task
          </span>
        </CardLink>
      }
    >
      <CardList items={data.tasks} label="Tasks of this placement" empty={STEP_TASK_MESSAGES.noTasks}>
        {(t) => <TaskRow key={t.id} task={t} />}
      </CardList>
      {open.length > 0 ? (
        <section className="border-t border-slate-100 px-5 py-4" aria-labelledby="step-tasks">
          <h3 id="step-tasks" className="text-sm font-semibold text-slate-900">
            Make a task of a checklist step
          </h3>
          <p className="text-sm text-slate-500">
            Done together: completing the task ticks the step, and the other way.
          </p>
          <div className="mt-3 space-y-4">
            {open.map((s) => (
              <StepTaskForm
                key={s.field}
                field={s.field}
                data={data}
                answer={stepTask?.step === s.field ? stepTask : null}
              />
            ))}
          </div>
        </section>
      ) : null}
    </TitledCard>
  );
}

function TaskRow({ task: t }: { task: TaskOfClient }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
      <div className="min-w-0 wrap-anywhere">
        <Link
          to={`/tasks/${t.id}`}
          className={t.isCompleted ? "text-slate-500 line-through" : "font-medium text-slate-900 hover:text-brand-700"}
        >
          {t.title}
        </Link>
        <p className="text-sm text-slate-500">
          {t.stage} · due {formatDate(t.dueDate)} · {t.assignee.firstName} {t.assignee.lastName}
        </p>
        {t.placementStep ? <p className="text-xs text-slate-500">Checklist: {STEP_LABELS[t.placementStep]}</p> : null}
      </div>
      {t.isCompleted ? <Badge tone="green">Completed</Badge> : <Badge>Open</Badge>}
    </li>
  );
}

/** "Make a task" of one step: who does it and by when (the signed-in user and today to start with). */
function StepTaskForm({
  field,
  data,
  answer,
}: {
  field: ChecklistField;
  data: PlacementTasksData;
  answer: StepTaskAnswer | null;
}) {
  const { title } = STEP_TASKS[field];
  const id = `step-task-${field}`;
  const errors = answer?.errors ?? {};
  return (
    <Form
      method="post"
      preventScrollReset
      aria-label={`Make a task: ${title}`}
      className="grid grid-cols-1 items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_auto_auto]"
    >
      <input type="hidden" name="intent" value="make-task" />
      <input type="hidden" name="step" value={field} />
      <div className="min-w-0 sm:col-span-3">
        <p className="text-sm font-medium text-slate-900">{title}</p>
        <p className="text-xs text-slate-500">{STEP_LABELS[field]}</p>
        <FieldError errors={errors.step} />
      </div>
      <div className="min-w-0">
        <Label htmlFor={`${id}-assignee`}>Assignee</Label>
        <Select
          id={`${id}-assignee`}
          name="assignedTo"
          defaultValue={answer?.values.assignedTo ?? data.me}
          invalid={Boolean(errors.assignedTo)}
        >
          {data.assignees.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </Select>
        <FieldError errors={errors.assignedTo} />
      </div>
      <div className="min-w-0">
        <Label htmlFor={`${id}-due`}>Due date</Label>
        <Input
          id={`${id}-due`}
          name="dueDate"
          type="date"
          required
          defaultValue={answer?.values.dueDate ?? data.today}
          invalid={Boolean(errors.dueDate)}
        />
        <FieldError errors={errors.dueDate} />
      </div>
      <div className="sm:self-end">
        <Button type="submit" variant="outline">
          Make a task
        </Button>
      </div>
    </Form>
  );
}
