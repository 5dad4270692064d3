import { json } from "@remix-run/node";
import { agencyDay } from "~/models/agency.server";
import { agreementInForce } from "~/models/agreement-terms.server";
import { getAgreement } from "~/models/agreements.server";
import type { Ctx } from "~/models/context";
import { countFacilityOptions, getFacility, searchFacilityOptions } from "~/models/facilities.server";
import { pickerOptions, type PickerSearch } from "~/models/lists.server";
import type { FacilityMatch } from "~/models/matching.server";
import type { PlacementOfClient } from "~/models/placements.server";
import {
  type Disclosure,
  firstTour,
  getDisclosure,
  listClientTours,
  recordDisclosure,
  recordTourOutcome,
  scheduleTour,
  type Tour,
} from "~/models/tours.server";
import { listUsers } from "~/models/user.server";
import { PICKER_SEARCH_FIELDS } from "~/schemas/common";
import { DISCLOSURE_MESSAGES, DisclosureSchema, TOUR_MESSAGES, TourOutcomeSchema, TourSchema } from "~/schemas/tour";
import { dayIn, zonedTime } from "~/utils/days";
import { tourWindowWarning } from "~/utils/referral-fee";
import type { DB } from "~/utils/db.server";
import { readFormData } from "~/utils/request.server";
import { invariantResponse } from "~/utils/responses";
import { isUuid } from "~/utils/uuid";
import { logOnClient } from "./client-timeline.server";
import { isPickerSearchStep, refusedSave, submitForm, textIn } from "./form.server";
import { redirectWithToast, type SignedIn } from "./session.server";

// The client page's Tours and Disclosure cards (issue 36): what they show, and their forms'
// action (beside the timeline's log form, `section` tells them apart).

export interface FacilityOption {
  id: string;
  label: string;
  hint: string;
}

/** How many of a client's tours its page shows, the latest planned first, until "Show all tours" (`?tours=all`). */
export const CLIENT_TOURS_SHOWN = 3;

/** A tour as the client page's Tours card shows it. */
export type TourOnClientPage = Pick<
  Tour,
  "id" | "facility" | "scheduledAt" | "staff" | "familyAttendees" | "notes" | "outcome" | "outcomeNotes" | "version"
>;

export interface ClientToursData {
  tours: TourOnClientPage[];
  /** The client has more tours than those shown (the page shows the latest few unless asked for all). */
  moreTours: boolean;
  /** Every tour is shown (`?tours=all`). */
  allTours: boolean;
  disclosure: Disclosure | null;
  /** Who may go on a tour: the agency's active staff. */
  staff: { id: string; name: string }[];
  /** The facilities the schedule form offers before a search: the client's placements' and matches', the one asked for. */
  facilities: FacilityOption[];
  /** The facility the form starts on (`?tourFacility=` of the page's URL). */
  chosenFacility: string;
  today: string;
  me: string;
}

/** What the client page's Tours and Disclosure cards show. */
export async function clientToursData(
  db: DB,
  ctx: Ctx,
  clientId: string,
  pending: { placements: Promise<PlacementOfClient[]>; matches: Promise<FacilityMatch[]> },
  tourFacility: string | null,
  allTours = false,
): Promise<ClientToursData> {
  const chosen = tourFacility && isUuid(tourFacility) ? tourFacility : null;
  const [listed, disclosure, users, day, asked, placements, matches] = await Promise.all([
    listClientTours(db, ctx, clientId, allTours ? undefined : CLIENT_TOURS_SHOWN + 1),
    getDisclosure(db, ctx, clientId),
    listUsers(db, ctx),
    agencyDay(db, ctx),
    chosen ? getFacility(db, ctx, chosen) : null,
    pending.placements,
    pending.matches,
  ]);
  const tours = allTours ? listed : listed.slice(0, CLIENT_TOURS_SHOWN);
  const related = { placements, matches };
  const facilities = new Map<string, FacilityOption>();
  if (asked)
    facilities.set(asked.id, {
      id: asked.id,
      label: asked.name,
      hint: `${asked.address.city}, ${asked.address.state}`,
    });
  for (const p of related.placements) {
    facilities.set(p.facility.id, {
      id: p.facility.id,
      label: p.facility.name,
      hint: `${p.facility.city}, ${p.facility.state} · placement`,
    });
  }
  for (const t of tours) {
    if (!facilities.has(t.facility.id))
      facilities.set(t.facility.id, { id: t.facility.id, label: t.facility.name, hint: "toured before" });
  }
  for (const m of related.matches) {
    if (!facilities.has(m.facilityId)) {
      facilities.set(m.facilityId, {
        id: m.facilityId,
        label: m.facilityName,
        hint: `${m.city}, ${m.state} · ${m.compatibilityScore}% match`,
      });
    }
  }
  return {
    tours: tours.map(
      ({ id, facility, scheduledAt, staff, familyAttendees, notes, outcome, outcomeNotes, version }) => ({
        id,
        facility,
        scheduledAt,
        staff,
        familyAttendees,
        notes,
        outcome,
        outcomeNotes,
        version,
      }),
    ),
    moreTours: listed.length > tours.length,
    allTours,
    disclosure,
    staff: users.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` })),
    facilities: [...facilities.values()],
    chosenFacility: asked?.id ?? "",
    today: day.today,
    me: ctx.userId,
  };
}

/** Which of the client page's forms was sent. */
export type ClientPageForm = "log" | "tour" | "tour-outcome" | "disclosure";

/** What the schedule form's facility picker offers after a search step (or a refused save). */
export interface TourPickerEcho {
  facilityOptions: FacilityOption[];
  facilitySearched: PickerSearch | null;
}

/**
 * The client page's forms: `section=tour` schedules a tour, `section=tour-outcome` records a
 * tour's outcome, `section=disclosure` records the family's disclosure; anything else is the
 * timeline's log form. Every answer says which form it is for (`form`), so that only that form
 * shows it.
 */
export async function clientPageAction(request: Request, signedIn: Pick<SignedIn, "db" | "ctx">, clientId: string) {
  const posted = await readFormData(request.clone());
  const section = posted.get("section");
  if (section === "tour") return scheduleOnClient(request, signedIn, clientId);
  if (section === "tour-outcome")
    return outcomeOnClient(request, signedIn, clientId, String(posted.get("tourId") ?? ""));
  if (section === "disclosure") return disclosureOnClient(request, signedIn, clientId);
  return logOnClient(request, signedIn, clientId);
}

const back = (clientId: string, card: string, search = "") => `/clients/${clientId}${search}#${card}`;

function scheduleOnClient(request: Request, { db, ctx }: Pick<SignedIn, "db" | "ctx">, clientId: string) {
  const { term, shown } = PICKER_SEARCH_FIELDS.facility;
  const picker = async (form: FormData): Promise<TourPickerEcho> => {
    const chosen = isUuid(textIn(form, "facilityId")) ? textIn(form, "facilityId") : null;
    const found = await pickerOptions(
      textIn(form, term),
      (o) =>
        o.q || chosen
          ? searchFacilityOptions(db, ctx, { ...o, include: chosen, limit: o.q ? o.limit : 0 })
          : Promise.resolve([]),
      (t, cap) => countFacilityOptions(db, ctx, t, cap),
    );
    return { facilityOptions: found.options, facilitySearched: found.searched };
  };
  const options = {
    failure: "Failed to schedule the tour",
    success: { to: back(clientId, "tours"), title: TOUR_MESSAGES.scheduled },
    ignore: ["section", "intent", term, shown],
    step: isPickerSearchStep,
    echo: async (form: FormData) => ({ form: "tour" as const, ...(await picker(form)) }),
  };
  return submitForm(request, TourSchema, options, async (input, reply, form) => {
    const { timeZone } = await agencyDay(db, ctx);
    const result = await scheduleTour(db, ctx, clientId, input, zonedTime(`${input.date}T${input.time}`, timeZone));
    if (result.ok) return undefined;
    invariantResponse(result.reason !== "not-found", "Client not found.");
    const fieldErrors = Object.fromEntries(result.errors.map((e) => [e.path, [e.msg]]));
    return json({ form: "tour" as const, result: reply({ fieldErrors }), ...(await picker(form)) }, { status: 400 });
  });
}

function outcomeOnClient(
  request: Request,
  { db, ctx }: Pick<SignedIn, "db" | "ctx">,
  clientId: string,
  tourId: string,
) {
  // Back to the tour where it was: among all the tours when they were all shown (`?tours=all`).
  const all = new URL(request.url).searchParams.get("tours") === "all" ? "?tours=all" : "";
  const options = {
    failure: "Failed to record the outcome",
    success: { to: back(clientId, `tour-${tourId}`, all), title: TOUR_MESSAGES.recorded },
    ignore: ["section", "tourId"],
    echo: async () => ({ form: "tour-outcome" as const, tourId }),
  };
  return submitForm(request, TourOutcomeSchema, options, async (input, reply) => {
    const tours = await listClientTours(db, ctx, clientId);
    invariantResponse(
      tours.some((t) => t.id === tourId),
      TOUR_MESSAGES.notFound,
    );
    const saved = await recordTourOutcome(db, ctx, tourId, input);
    if (saved.ok) return undefined;
    // Someone recorded its outcome after this page was opened: back as typed, saying who (409).
    const record = { noun: "tour", href: back(clientId, `tour-${tourId}`, all), notFound: TOUR_MESSAGES.notFound };
    return refusedSave(db, ctx, reply, saved, record, async () => ({ form: "tour-outcome" as const, tourId }));
  });
}

function disclosureOnClient(request: Request, { db, ctx }: Pick<SignedIn, "db" | "ctx">, clientId: string) {
  const options = {
    failure: "Failed to record the disclosure",
    success: { to: back(clientId, "disclosure"), title: DISCLOSURE_MESSAGES.saved },
    ignore: ["section"],
    echo: async () => ({ form: "disclosure" as const }),
  };
  return submitForm(request, DisclosureSchema, options, async (input, reply) => {
    const refused = (fieldErrors: Record<string, string[]>) =>
      json({ form: "disclosure" as const, result: reply({ fieldErrors }) }, { status: 400 });
    const result = await recordDisclosure(db, ctx, clientId, input);
    if (!result.ok && result.reason === "invalid") {
      return refused(Object.fromEntries(result.errors.map((e) => [e.path, [e.msg]])));
    }
    if (!result.ok) {
      // Someone recorded it after this page was opened: back as typed, saying who (409).
      const record = { noun: "disclosure", href: back(clientId, "disclosure"), notFound: "Client not found." };
      return refusedSave(db, ctx, reply, result, record, async () => ({ form: "disclosure" as const }));
    }
    return redirectWithToast(back(clientId, "disclosure"), { type: "success", title: DISCLOSURE_MESSAGES.saved });
  });
}

/**
 * The placement page's Tour and disclosure card: the fee's first tour, whether the family has the
 * disclosure, and a warning when the move-in falls outside the referral agreement's tour window
 * (the fee's agreement, else the one in force on the move-in day).
 */
export async function placementTourData(
  db: DB,
  ctx: Ctx,
  placement: {
    client: { id: string };
    facility: { id: string };
    moveInDate: string | null;
    referralFee: { agreementId: string | null } | null;
  },
) {
  const moveInDay = placement.moveInDate;
  const [tour, disclosure, agreement, { timeZone }] = await Promise.all([
    firstTour(db, ctx, placement.client.id, placement.facility.id),
    getDisclosure(db, ctx, placement.client.id),
    placement.referralFee?.agreementId
      ? getAgreement(db, ctx, placement.referralFee.agreementId)
      : moveInDay
        ? agreementInForce(db, ctx, placement.facility.id, moveInDay).then(
            (row) => row && { tourWindowMonths: row.tour_window_months },
          )
        : null,
    agencyDay(db, ctx),
  ]);
  const windowWarning = tourWindowWarning({
    windowMonths: agreement?.tourWindowMonths ?? null,
    tourDay: tour ? dayIn(timeZone, new Date(tour.scheduledAt)) : null,
    moveInDay,
  });
  return { firstTour: tour, disclosed: disclosure !== null, windowWarning };
}
