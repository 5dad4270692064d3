import { json, redirect } from "@remix-run/node";
import type { Ctx } from "~/models/context";
import { addCommunication, setChecklistItem } from "~/models/tasks/writes.server";
import { COMMUNICATION_MESSAGES } from "~/schemas/swim-lanes.constants";
import type { DB } from "~/utils/db.server";
import { ChecklistToggleSchema, CommunicationSchema } from "./page-schemas.server";
import { redirectWithToast } from "./session.server";

// The forms a task's page and the board's task panel share (a checklist item ticked, a
// communication added): the same action, each answering its own page. A fetcher (`via=fetch`)
// gets JSON; a browser without JavaScript is sent back to `back`.

/** Ticks or unticks a checklist item of the task: JSON for a fetcher, else back to `back`. */
export async function toggleItemAnswer(db: DB, ctx: Ctx, taskId: string, form: FormData, back: string) {
  const parsed = ChecklistToggleSchema.safeParse({ itemId: form.get("itemId"), completed: form.get("completed") });
  const done = parsed.success && (await setChecklistItem(db, ctx, taskId, parsed.data.itemId, parsed.data.completed));
  const byFetch = form.get("via") === "fetch";
  if (!done) {
    if (byFetch) return json({ ok: false, message: "Checklist item not found" }, { status: 404 });
    throw new Response("Checklist item not found", { status: 404 });
  }
  return byFetch ? json({ ok: true }) : redirect(back);
}

/**
 * Adds a communication to the task. A fetcher gets JSON (the form then resets); without
 * JavaScript the browser goes back to `back` with a toast, or to the form with its message.
 */
export async function communicationAnswer(db: DB, ctx: Ctx, taskId: string, form: FormData, back: string) {
  const parsed = CommunicationSchema.safeParse({
    type: form.get("type") ?? undefined,
    content: form.get("content") ?? undefined,
  });
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    const content = String(form.get("content") ?? "");
    return json({ ok: false as const, message: COMMUNICATION_MESSAGES.failure, errors, content }, { status: 400 });
  }
  const added = await addCommunication(db, ctx, taskId, parsed.data);
  if (!added) {
    return json(
      { ok: false as const, message: COMMUNICATION_MESSAGES.failure, errors: {}, content: parsed.data.content },
      { status: 404 },
    );
  }
  if (form.get("via") === "fetch") {
    return json({ ok: true as const, message: COMMUNICATION_MESSAGES.success, errors: {}, content: "" });
  }
  return redirectWithToast(back, { type: "success", title: COMMUNICATION_MESSAGES.success });
}
