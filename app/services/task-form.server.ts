import { json } from "@remix-run/node";
import { taskFormOptions } from "~/models/tasks/form.server";
import { createTask, updateTask } from "~/models/tasks/writes.server";
import { PICKER_SEARCH_FIELDS } from "~/schemas/common";
import { TASK_FORM_EXTRAS, TASK_NOT_FOUND, TaskSchema } from "~/schemas/task";
import { isUuid } from "~/utils/uuid";
import { isPickerSearchStep, landOn, refusedSave, submitForm, textIn } from "./form.server";
import { redirectWithToast, requireSignedIn } from "./session.server";

/**
 * The action of the task form, for a new task or (with `id`) an edited one: saved, to the new
 * task's page (an edited one: /tasks) with its toast; refused by what only the database knows (a client or an assignee of another
 * agency, a placement of another client), back to the form with those messages on their fields;
 * refused because someone saved the task since the form was opened (409, `staleForm`), back as
 * typed.
 *
 * Without JavaScript the checklist changes through the form itself: lines typed in its "add
 * items" box are added as items (by its "Add to checklist" button, a step that saves nothing, or
 * with the save), and each item's Remove button is a step that sends the form back without it.
 * The client picker has the placement form's search step.
 */
export async function saveTaskForm(request: Request, id?: string) {
  const { ctx, db } = await requireSignedIn({ request });
  const options = async (form: FormData, chosen = chosenClient(form)) => ({
    options: await taskFormOptions(
      db,
      ctx,
      chosen,
      textIn(form, PICKER_SEARCH_FIELDS.client.term),
      textIn(form, "assignedTo") || null,
    ),
  });
  const texts = {
    failure: "Failed to save task",
    success: { to: "/tasks", title: id === undefined ? "Task created successfully" : "Task updated successfully" },
  };
  return submitForm(
    request,
    TaskSchema,
    {
      ...texts,
      ignore: TASK_FORM_EXTRAS,
      rewrite: rewriteChecklist,
      step: (form) => isPickerSearchStep(form) || isChecklistStep(form),
      echo: options,
    },
    async (typed, reply, form) => {
      // The form always has both: one left empty is none (Conform reads an empty field as absent).
      const task = { ...typed, clientId: typed.clientId ?? null, placementId: typed.placementId ?? null };
      const result = id === undefined ? await createTask(db, ctx, task) : await updateTask(db, ctx, id, task);
      const back = returnPath(form);
      if (result.ok && back) return redirectWithToast(back, { type: "success", title: texts.success.title });
      // A new task opens on its page (the list may not show it on page 1); an edited one, the list.
      if (result.ok) return id === undefined ? landOn(texts, `/tasks/${result.id}`) : undefined;
      if (result.reason === "not-found" || result.reason === "stale") {
        const record = { noun: "task", href: `/tasks/${id}`, notFound: TASK_NOT_FOUND };
        return refusedSave(db, ctx, reply, result, record, () => options(form, task.clientId));
      }
      // A role's refusal (an agent assigning someone else) is said next to its field, as a 403.
      const errors = result.reason === "forbidden" ? [{ path: result.path, msg: result.message }] : result.errors;
      const fieldErrors: Record<string, string[]> = {};
      for (const { path, msg } of errors) (fieldErrors[path] ??= []).push(msg);
      const status = result.reason === "forbidden" ? 403 : 400;
      return json({ result: reply({ fieldErrors }), ...(await options(form, task.clientId)) }, { status });
    },
  );
}

/** Where a saved task goes when not to /tasks: the placement's page it was made from (`returnTo`). */
export function returnPath(form: FormData): string | null {
  const match = /^\/placements\/([^/?#]+)$/.exec(textIn(form, "returnTo"));
  return match && isUuid(match[1]) ? match[0] : null;
}

function chosenClient(form: FormData): string | null {
  const id = textIn(form, "clientId");
  return isUuid(id) ? id : null;
}

/** The checklist's own buttons without JavaScript: "Add to checklist" and an item's Remove. */
function isChecklistStep(form: FormData): boolean {
  const intent = String(form.get("intent") ?? "");
  return intent === "add-items" || intent.startsWith("remove-item:");
}

const ITEM_FIELD = /^checklist\[(\d+)\]\.(item|completed)$/;

/**
 * The posted checklist as meant: the lines of `newItems` appended as items (open), and the item
 * whose Remove button was pressed taken out; items renumbered from 0 in their order.
 */
export function rewriteChecklist(form: FormData): FormData {
  const items = new Map<number, { item: string; completed: string | null }>();
  const rest = new FormData();
  for (const [name, value] of form) {
    const match = ITEM_FIELD.exec(name);
    if (!match) {
      if (name !== "newItems") rest.append(name, value);
      continue;
    }
    const index = Number(match[1]);
    const entry = items.get(index) ?? { item: "", completed: null };
    if (match[2] === "item") entry.item = String(value);
    else entry.completed = String(value);
    items.set(index, entry);
  }
  const intent = String(form.get("intent") ?? "");
  const removed = intent.startsWith("remove-item:") ? Number(intent.slice("remove-item:".length)) : null;
  const list = [...items.entries()]
    .sort(([a], [b]) => a - b)
    .filter(([index]) => index !== removed)
    .map(([, entry]) => entry);
  for (const value of form.getAll("newItems")) {
    for (const line of String(value).split(/\r?\n/)) {
      if (line.trim()) list.push({ item: line.trim(), completed: null });
    }
  }
  list.forEach((entry, index) => {
    rest.append(`checklist[${index}].item`, entry.item);
    if (entry.completed) rest.append(`checklist[${index}].completed`, entry.completed);
  });
  return rest;
}
