import { json } from "@remix-run/node";
import type { AgreementWriteResult } from "~/models/agreements.server";
import type { Ctx } from "~/models/context";
import { type AgreementInput, AgreementSchema } from "~/schemas/agreement";
import type { DB } from "~/utils/db.server";
import { invariantResponse } from "~/utils/responses";
import { staleForm, submitForm } from "./form.server";

/**
 * The agreement form's action (add and edit): saved, back to the facility's card (`back`) with the
 * toast `saved`; refused, the form again with the model's messages (409 for dates that overlap
 * another agreement, 400 otherwise); changed meanwhile, the stale form; gone, a 404 (`notFound`).
 */
export function submitAgreementForm(
  request: Request,
  db: DB,
  ctx: Ctx,
  options: {
    back: string;
    failure: string;
    saved: string;
    notFound: string;
    save: (input: AgreementInput) => Promise<AgreementWriteResult>;
  },
) {
  const { back, failure, saved: title, notFound, save } = options;
  return submitForm(request, AgreementSchema, { failure, success: { to: back, title } }, async (input, reply) => {
    const saved = await save(input);
    if (saved.ok) return;
    invariantResponse(saved.reason !== "not-found", notFound);
    if (saved.reason === "stale") return staleForm(db, ctx, reply, saved, { noun: "agreement", href: back });
    const fieldErrors = Object.fromEntries(saved.errors.map((e) => [e.path, [e.msg]]));
    return json({ result: reply({ fieldErrors }) }, { status: saved.reason === "conflict" ? 409 : 400 });
  });
}
