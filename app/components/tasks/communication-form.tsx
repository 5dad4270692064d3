import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { COMMUNICATION_MESSAGES } from "~/schemas/swim-lanes.constants";
import { capitalize } from "~/utils/format";
import type { Toast } from "~/utils/toast";
import { useHydrated } from "~/utils/use-hydrated";
import { COMMUNICATION_TYPES } from "~/utils/vocabulary";
import { Toaster } from "../layout/toaster";
import { Button } from "../ui/button";
import { FieldError, Label, Select, Textarea } from "../ui/field";

/** What the board's task panel answers a new communication (its route's action). */
export type CommunicationAnswer = {
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  content: string;
} | null;

/**
 * "Add Communication" (the board's task panel and a task's page): without JavaScript it posts to the page's route
 * and comes back with a toast or its messages; with it a fetcher posts, the form resets and the
 * toast shows here.
 */
export function CommunicationForm({ answer }: { answer: CommunicationAnswer }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<NonNullable<CommunicationAnswer>>();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const [content, setContent] = useState(answer?.content ?? "");
  const [toast, setToast] = useState<Toast | null>(null);
  const result = fetcher.data ?? answer;
  const pending = fetcher.state !== "idle" || navigation.state === "submitting";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setToast({
      id: crypto.randomUUID(),
      type: fetcher.data.ok ? "success" : "error",
      title: fetcher.data.ok ? COMMUNICATION_MESSAGES.success : COMMUNICATION_MESSAGES.failure,
      description: fetcher.data.ok ? undefined : Object.values(fetcher.data.errors)[0],
    });
    if (fetcher.data.ok) {
      form.current?.reset();
      setContent("");
    }
  }, [fetcher.state, fetcher.data]);

  const FormTag = hydrated ? fetcher.Form : Form;
  const errors = result && !result.ok ? result.errors : {};
  return (
    <>
      <FormTag ref={form} method="post" className="space-y-3 rounded-lg border border-slate-200 p-4">
        {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
        <input type="hidden" name="intent" value="add-communication" />
        {result && !result.ok && !hydrated ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {COMMUNICATION_MESSAGES.failure}
          </p>
        ) : null}
        <div>
          <Label htmlFor="communication-type">Type</Label>
          <Select id="communication-type" name="type" defaultValue="note">
            {COMMUNICATION_TYPES.map((t) => (
              <option key={t} value={t}>
                {capitalize(t)}
              </option>
            ))}
          </Select>
          <FieldError errors={errors.type} />
        </div>
        <div>
          <Label htmlFor="communication-content">Content</Label>
          <Textarea
            id="communication-content"
            name="content"
            rows={3}
            required
            maxLength={10_000}
            defaultValue={answer?.ok === false ? answer.content : undefined}
            onChange={(event) => setContent(event.target.value)}
            invalid={Boolean(errors.content)}
            aria-describedby={errors.content ? "communication-content-error" : undefined}
          />
          <FieldError id="communication-content-error" errors={errors.content} />
        </div>
        <Button type="submit" loading={pending} disabled={hydrated && content.trim() === ""}>
          Add Communication
        </Button>
      </FormTag>
      <Toaster toasts={[toast]} key={toast?.id} />
    </>
  );
}
