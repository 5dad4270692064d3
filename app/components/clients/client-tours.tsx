import { type FormMetadata, getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation, useSearchParams } from "@remix-run/react";
import { DisclosureSchema, TourOutcomeSchema, TourSchema } from "~/schemas/tour";
import type { ClientToursData, FacilityOption, TourOnClientPage, TourPickerEcho } from "~/services/tours.server";
import { formatDate, formatDateTime } from "~/utils/format";
import type { StaleSave } from "~/utils/stale-save";
import { DISCLOSURE_METHODS, TOUR_OUTCOMES } from "~/utils/vocabulary";
import { useTimeZone } from "../layout/use-can";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { OUTCOME_TONES, staffNames } from "./tour-display";
import { Button } from "../ui/button";
import { TitledCard } from "../ui/card";
import { Checkbox, ChoiceGroup } from "../ui/choice";
import { InputField, RecordVersion, SelectField, TextareaField } from "../ui/form";
import { PickerField } from "../ui/picker-field";
import { useSchemaForm } from "../ui/use-schema-form";
import { CardList } from "../ui/card-list";

// The client page's Tours card (schedule a tour, record its outcome) and Disclosure card (the
// family received the agency's written disclosure), and the notice shown until it is recorded.
// Plain forms: they all work without JavaScript (issue 36).

/** What the page's action answered, for the form it names. */
export interface ToursAnswer extends Partial<TourPickerEcho> {
  form?: "tour" | "tour-outcome" | "disclosure";
  tourId?: string;
  result?: SubmissionResult<string[]>;
  /** A recorded outcome (or disclosure) refused because someone changed it after the page was opened. */
  conflict?: StaleSave;
}

export function ToursCard({
  clientId,
  data,
  answer,
}: {
  clientId: string;
  data: ClientToursData;
  answer: ToursAnswer | undefined;
}) {
  return (
    <TitledCard id="tours" title="Tours" description="Facility visits arranged for this client">
      <CardList items={data.tours} label="Tours of this client" empty="No tours yet.">
        {(tour) => (
          <TourItem
            key={tour.id}
            tour={tour}
            answer={answer?.form === "tour-outcome" && answer.tourId === tour.id ? answer : undefined}
          />
        )}
      </CardList>
      <MoreTours clientId={clientId} data={data} />
      <ScheduleForm data={data} answer={answer?.form === "tour" ? answer : undefined} />
    </TitledCard>
  );
}

/** The latest tours are shown; a link shows them all (`?tours=all`, a plain link), and back. */
function MoreTours({ clientId, data }: { clientId: string; data: ClientToursData }) {
  if (!data.moreTours && !data.allTours) return null;
  return (
    <p className="border-t border-slate-100 px-5 py-3 text-sm">
      {data.allTours ? (
        <Link
          to={`/clients/${clientId}#tours`}
          preventScrollReset
          className="font-medium text-brand-700 hover:underline"
        >
          Show the latest tours only
        </Link>
      ) : (
        <>
          <span className="text-slate-500">Showing the latest {data.tours.length} tours. </span>
          <Link
            to={`/clients/${clientId}?tours=all#tours`}
            preventScrollReset
            className="font-medium text-brand-700 hover:underline"
          >
            Show all tours
          </Link>
        </>
      )}
    </p>
  );
}

/**
 * A tour, and the form that records its outcome while it awaits one. A recorded outcome is changed
 * through "Change outcome" (`?outcome=<tour>`, a plain link), which shows the form for that tour.
 */
function TourItem({ tour, answer }: { tour: TourOnClientPage; answer: ToursAnswer | undefined }) {
  const timeZone = useTimeZone();
  const [search] = useSearchParams();
  const editing = tour.outcome === "Scheduled" || answer !== undefined || search.get("outcome") === tour.id;
  const changeHref = `?${new URLSearchParams([...(search.get("tours") ? [["tours", "all"]] : []), ["outcome", tour.id]])}#tour-${tour.id}`;
  return (
    <li id={`tour-${tour.id}`} className="scroll-mt-40 space-y-2 px-5 py-4 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link
          to={`/facilities/${tour.facility.id}`}
          className="font-medium wrap-anywhere text-slate-900 hover:text-brand-700"
        >
          {tour.facility.name}
        </Link>
        <Badge tone={OUTCOME_TONES[tour.outcome]}>{tour.outcome}</Badge>
      </div>
      <p className="text-slate-700">
        <time dateTime={tour.scheduledAt}>{formatDateTime(tour.scheduledAt, timeZone)}</time>
        {tour.staff.length > 0 ? ` · with ${staffNames(tour.staff)}` : null}
      </p>
      {tour.familyAttendees ? <p className="text-slate-700 wrap-anywhere">Family: {tour.familyAttendees}</p> : null}
      {tour.notes ? <p className="whitespace-pre-line text-slate-600 wrap-anywhere">{tour.notes}</p> : null}
      {tour.outcomeNotes ? (
        <p className="whitespace-pre-line text-slate-600 wrap-anywhere">Outcome: {tour.outcomeNotes}</p>
      ) : null}
      {editing ? (
        <OutcomeForm tour={tour} lastResult={answer?.result} conflict={answer?.conflict} />
      ) : (
        <Link to={changeHref} preventScrollReset className="inline-block font-medium text-brand-700 hover:underline">
          Change outcome<span className="sr-only"> of the tour of {tour.facility.name}</span>
        </Link>
      )}
    </li>
  );
}

const OUTCOME_OPTIONS = TOUR_OUTCOMES.map((o) => [o, o] as const);

function OutcomeForm({
  tour,
  lastResult,
  conflict,
}: {
  tour: TourOnClientPage;
  lastResult: SubmissionResult<string[]> | undefined;
  conflict: StaleSave | undefined;
}) {
  const navigation = useNavigation();
  const timeZone = useTimeZone();
  const [form, fields] = useSchemaForm(TourOutcomeSchema, {
    id: `tour-outcome-${tour.id}`,
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: { outcome: tour.outcome, outcomeNotes: tour.outcomeNotes ?? "", version: String(tour.version) },
    ignore: ["section", "tourId"],
  });
  const sending = navigation.state === "submitting" && navigation.formData?.get("tourId") === tour.id;
  const shownConflict = navigation.state === "idle" ? conflict : undefined;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={`Outcome of the tour of ${tour.facility.name}, ${formatDateTime(tour.scheduledAt, timeZone)}`}
      className="grid grid-cols-1 gap-3 rounded-lg bg-slate-50 p-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
    >
      <input type="hidden" name="section" value="tour-outcome" />
      <input type="hidden" name="tourId" value={tour.id} />
      <div className={shownConflict ? "sm:col-span-3" : "hidden"}>
        <RecordVersion field={fields.version} conflict={shownConflict} />
      </div>
      <FormLevelError errors={form.errors} className="sm:col-span-3" />
      <SelectField field={fields.outcome} label="Outcome" options={OUTCOME_OPTIONS} />
      <InputField field={fields.outcomeNotes} label="Outcome notes" placeholder="How it went, next steps…" />
      <Button type="submit" size="sm" variant="outline" loading={sending}>
        Record outcome
      </Button>
    </Form>
  );
}

function ScheduleForm({ data, answer }: { data: ClientToursData; answer: ToursAnswer | undefined }) {
  const navigation = useNavigation();
  const timeZone = useTimeZone();
  const [form, fields] = useSchemaForm(TourSchema, {
    id: "tour-schedule",
    lastResult: navigation.state === "idle" ? answer?.result : undefined,
    defaultValue: { facilityId: data.chosenFacility, date: data.today, staffIds: [data.me] },
    constraint: { facilityId: { required: true }, date: { required: true }, time: { required: true } },
    ignore: ["section", "intent", "facilitySearch", "facilitySearched"],
  });
  // After a search step, its matches (and the one chosen); else the client's usual ones too.
  const options: FacilityOption[] = [...(answer?.facilityOptions ?? [])];
  if (!answer?.facilitySearched) {
    for (const o of data.facilities) if (!options.some((x) => x.id === o.id)) options.push(o);
  }
  const ticked = new Set(
    ([] as unknown[]).concat(fields.staffIds.initialValue ?? []).filter((v): v is string => typeof v === "string"),
  );
  return (
    <SectionForm
      form={form}
      section="tour"
      titleId="schedule-tour-title"
      title="Schedule a tour"
      submit="Schedule tour"
    >
      <PickerField
        kind="facility"
        label="Facility"
        required
        field={fields.facilityId}
        options={options}
        searched={answer?.facilitySearched ?? null}
        hint="This client's placements, earlier tours and best matches. Search to find any other."
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <InputField field={fields.date} type="date" label="Date" required />
        <InputField
          field={fields.time}
          type="time"
          label="Time"
          required
          hint={`Agency time (${timeZone.replace(/_/g, " ")}).`}
        />
      </div>
      <ChoiceGroup legend="Staff attending" error={fields.staffIds.errors?.join(", ")} orientation="horizontal">
        {data.staff.map((person) => (
          <Checkbox
            key={person.id}
            name="staffIds"
            value={person.id}
            label={person.name}
            defaultChecked={ticked.has(person.id)}
          />
        ))}
      </ChoiceGroup>
      <InputField field={fields.familyAttendees} label="Family attending" placeholder="Maria (daughter), Tom (son)" />
      <TextareaField field={fields.notes} label="Notes" rows={2} placeholder="Questions to ask, what to look at…" />
    </SectionForm>
  );
}

/**
 * What a card's form says of the whole save when it failed (the database not answering: "Failed
 * to record the outcome. The database is not answering. Please try again in a moment."), above
 * its fields, which hold what was typed. Field errors stay beside their fields.
 */
function FormLevelError({ errors, className }: { errors: string[] | undefined; className?: string }) {
  if (!errors || errors.length === 0) return null;
  return (
    <Alert tone="error" className={className}>
      {errors.join(", ")}
    </Alert>
  );
}

/** A card's form under what it shows: posts its `section` to the client's page, titled, its button at the end. */
function SectionForm({
  form,
  section,
  titleId,
  title,
  submit,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  section: string;
  titleId: string;
  title: string;
  submit: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("section") === section;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3 border-t border-slate-100 p-5"
      aria-labelledby={titleId}
    >
      <input type="hidden" name="section" value={section} />
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <FormLevelError errors={form.errors} />
      {children}
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={sending}>
          {submit}
        </Button>
      </div>
    </Form>
  );
}

// ─────────────────────────────── the disclosure ───────────────────────────────

const DISCLOSURE_NOTICE =
  "The family has not been given the agency's written disclosure that facilities pay the agency a referral fee.";

/** Until the family has the disclosure: a notice at the top of the client's page. */
export function DisclosureNotice() {
  return (
    <Alert
      tone="warning"
      title="Disclosure not recorded"
      action={
        <Link to="#disclosure" className="text-sm font-medium text-amber-900 underline hover:no-underline">
          Record the disclosure
        </Link>
      }
    >
      {DISCLOSURE_NOTICE}
    </Alert>
  );
}

const METHOD_OPTIONS = DISCLOSURE_METHODS.map((m) => [m, m] as const);

/** The client's disclosure, the newest of its documents to choose from, and the page's answer. */
interface DisclosureProps {
  data: ClientToursData;
  documents: { id: string; originalName: string }[];
  answer: ToursAnswer | undefined;
}

export function DisclosureCard({ data, documents, answer }: DisclosureProps) {
  const d = data.disclosure;
  return (
    <TitledCard
      id="disclosure"
      title="Disclosure"
      description="The family's copy of the agency's written disclosure that facilities pay its fee"
    >
      <div className="p-5 text-sm">
        {d ? (
          <p className="text-slate-700">
            <Badge tone="green">Given</Badge> <span className="ml-1">{formatDate(d.disclosedOn)}</span> · {d.method}
            {d.document ? (
              <>
                {" "}
                ·{" "}
                <Link to={`/resources/${d.document.id}`} className="font-medium text-brand-700 hover:underline">
                  {d.document.name}
                </Link>
              </>
            ) : null}
            {d.recordedBy ? <span className="text-slate-500"> · recorded by {d.recordedBy.name}</span> : null}
          </p>
        ) : (
          <p className="text-slate-700">
            <Badge tone="orange">Not given</Badge>{" "}
            <span className="ml-1">Record it once the family has the written disclosure.</span>
          </p>
        )}
      </div>
      <DisclosureForm data={data} documents={documents} answer={answer} />
    </TitledCard>
  );
}

function DisclosureForm({ data, documents, answer }: DisclosureProps) {
  const d = data.disclosure;
  const navigation = useNavigation();
  const lastResult = answer?.form === "disclosure" ? answer.result : undefined;
  const conflict = answer?.form === "disclosure" && navigation.state === "idle" ? answer.conflict : undefined;
  const [form, fields] = useSchemaForm(DisclosureSchema, {
    id: "disclosure-form",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    defaultValue: d
      ? { disclosedOn: d.disclosedOn, method: d.method, resourceId: d.document?.id ?? "", version: String(d.version) }
      : { disclosedOn: data.today, version: "0" },
    constraint: { disclosedOn: { required: true }, method: { required: true } },
    ignore: ["section"],
  });
  // The client's newest documents, and the one recorded (it may be older).
  const choices = [...documents];
  if (d?.document && !choices.some((c) => c.id === d.document?.id)) {
    choices.unshift({ id: d.document.id, originalName: d.document.name });
  }
  return (
    <SectionForm
      form={form}
      section="disclosure"
      titleId="disclosure-form-title"
      title={d ? "Change the disclosure" : "Record the disclosure"}
      submit={d ? "Save disclosure" : "Record disclosure"}
    >
      <RecordVersion field={fields.version} conflict={conflict} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <InputField field={fields.disclosedOn} type="date" label="Date given" required />
        <SelectField field={fields.method} label="How" required placeholder="Choose how" options={METHOD_OPTIONS} />
      </div>
      <SelectField
        field={fields.resourceId}
        label="Document"
        placeholder="None chosen"
        options={choices.map((c) => [c.id, c.originalName] as const)}
        hint={
          choices.length === 0
            ? "Optional. Upload the signed disclosure to this client's documents to choose it here."
            : "Optional: the signed disclosure among this client's documents."
        }
      />
    </SectionForm>
  );
}
