// Tasks (docs/screens.md, "Tasks"; docs/api.md, "Tasks"): the list's filters, orders and
// statistics, the derived fields (progress, overdue) in the agency's time zone, the task page's
// actions, and another agency's tasks unseen, through the model, the screens' loaders and
// actions, and the JSON API. The task form's own tests are in task-form.test.ts.
import type { Insertable } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { TasksTable } from "~/utils/db-types";
import { agencyDay, setAgencyTimeZone } from "~/models/agency.server";
import { createSession, getSessionUser } from "~/models/session.server";
import { listTasks, taskStatistics } from "~/models/tasks/list.server";
import { loader as detailLoader, action as detailAction } from "~/routes/_app.tasks.$id._index";
import { loader as deleteLoader, action as deleteAction } from "~/routes/_app.tasks.$id.delete";
import { loader as editLoader, action as editAction } from "~/routes/_app.tasks.$id.edit";
import { loader as listScreenLoader } from "~/routes/_app.tasks._index";
import { loader as itemLoader, action as itemAction } from "~/routes/api.tasks.$id";
import { loader as listLoader, action as createAction } from "~/routes/api.tasks._index";
import { TaskListQuerySchema } from "~/schemas/task";
import { addDays, relativeDay } from "~/utils/days";
import { resetDb, testDb } from "../support/db";
import { createAgency, createClient, createTask, createUser, type TestUser } from "../support/factories";
import { taskFormFields } from "../support/form-fields";
import { args, formPost, get, settle } from "../support/http";
import { apiClient, type Json, signInNewAgency } from "../support/api";

const db = testDb();

let user: TestUser;
let token: string;
let cookie: string;

const api = apiClient(
  { collection: { loader: listLoader, action: createAction }, item: { loader: itemLoader, action: itemAction } },
  () => token,
);

const ctx = () => ({ userId: user.id, agencyId: user.agency_id });
const LIMITS = { idleMinutes: 60, absoluteHours: 24 };

beforeEach(async () => {
  await resetDb(db);
  ({ user, token, cookie } = await signInNewAgency(db, { first_name: "Dana", last_name: "Morgan" }));
  // A fixed zone for the agency, so that "today" does not depend on where the tests run.
  await setAgencyTimeZone(db, ctx(), "UTC");
});

/** "YYYY-MM-DD", `days` from the agency's today. */
async function day(days = 0): Promise<string> {
  return addDays((await agencyDay(db, ctx())).today, days);
}

const task = (values: Partial<Omit<Insertable<TasksTable>, "agency_id">>) =>
  createTask(db, { agencyId: user.agency_id, assigned_to: user.id, ...values });

async function checklist(taskId: string, items: [string, boolean][]) {
  await db
    .insertInto("task_checklist_items")
    .values(
      items.map(([text, done], position) => ({
        agency_id: user.agency_id,
        task_id: taskId,
        text,
        is_completed: done,
        position,
      })),
    )
    .execute();
}

const titles = (json: Json) => (json.data.tasks as Json[]).map((t) => t.title);

/** A body every check passes. */
const validBody = (overrides: Json = {}) => ({
  title: "Call the daughter back",
  type: "Other",
  priority: "Medium",
  status: "New Client",
  dueDate: "2026-12-01",
  assignedTo: user.id,
  ...overrides,
});

describe("the list's filters", () => {
  beforeEach(async () => {
    const ruth = await createClient(db, { agencyId: user.agency_id, first_name: "Ruth", last_name: "Adler" });
    const agent = await createUser(db, { agencyId: user.agency_id, first_name: "Priya", last_name: "Shah" });
    await task({ title: "Open target", stage: "Target", priority: "High", type: "Assessment", client_id: ruth.id });
    await task({ title: "Done target", stage: "Target", is_completed: true, priority: "Low" });
    await task({ title: "New one", stage: "New Client", type: "Follow-up", assigned_to: agent.id });
    await task({ title: "Paperwork", description: "Medicare forms to sign", type: "Documentation" });
  });

  it("Status is an open task's stage, or Completed; slugs are accepted", async () => {
    expect(titles((await api("/api/tasks?status=Target")).json)).toEqual(["Open target"]);
    expect(titles((await api("/api/tasks?status=target")).json)).toEqual(["Open target"]);
    expect(titles((await api("/api/tasks?status=completed")).json)).toEqual(["Done target"]);
    expect(titles((await api("/api/tasks?status=new-client")).json).sort()).toEqual(["New one", "Paperwork"]);
  });

  it("each of the five stages is the open tasks in it, by label and by slug; Completed is every done one", async () => {
    await db.deleteFrom("tasks").execute();
    const stages = [
      ["New Client", "new-client"],
      ["Active Client", "active-client"],
      ["Target", "target"],
      ["Placed", "placed"],
      ["Follow-up", "follow-up"],
    ] as const;
    for (const [stage] of stages) {
      await task({ title: `open ${stage}`, stage });
      await task({ title: `done ${stage}`, stage, is_completed: true });
    }
    for (const [stage, slug] of stages) {
      expect(titles((await api(`/api/tasks?status=${encodeURIComponent(stage)}`)).json), stage).toEqual([
        `open ${stage}`,
      ]);
      expect(titles((await api(`/api/tasks?status=${slug}`)).json), slug).toEqual([`open ${stage}`]);
    }
    for (const completed of ["Completed", "completed"]) {
      expect(titles((await api(`/api/tasks?status=${completed}&sort=title`)).json)).toEqual(
        stages.map(([stage]) => `done ${stage}`).sort(),
      );
    }
  });

  it("the spec's other statuses and types are refused, naming the allowed values", async () => {
    for (const status of ["todo", "in_progress", "review"]) {
      const { status: code, json } = await api(`/api/tasks?status=${status}`);
      expect(code).toBe(400);
      expect(json.errors[0].path).toBe("status");
      expect(json.errors[0].msg).toContain(
        "Allowed values: New Client, Active Client, Target, Placed, Follow-up, Completed",
      );
    }
    for (const type of ["placement", "administrative"]) {
      const { status: code, json } = await api(`/api/tasks?type=${type}`);
      expect(code).toBe(400);
      expect(json.errors[0].path).toBe("type");
      expect(json.errors[0].msg).toContain(`Invalid type "${type}"`);
      expect(json.errors[0].msg).toContain(
        "Allowed values: Initial Contact, Assessment, Facility Visit, Documentation, Insurance Verification, " +
          "Contract Review, Move Coordination, Follow-up, Other",
      );
      expect(json.errors[0].msg).toContain("follow_up");
    }
    const priority = await api("/api/tasks?priority=critical");
    expect(priority.status).toBe(400);
    expect(priority.json.errors[0]).toMatchObject({ path: "priority" });
    expect(priority.json.errors[0].msg).toContain("Allowed values: Low, Medium, High, Urgent");
  });

  it("Type takes its values and slugs (follow_up, documentation, initial-contact)", async () => {
    expect(titles((await api("/api/tasks?type=follow_up")).json)).toEqual(["New one"]);
    expect(titles((await api("/api/tasks?type=documentation")).json)).toEqual(["Paperwork"]);
    expect(titles((await api("/api/tasks?type=Assessment")).json)).toEqual(["Open target"]);
    expect((await api("/api/tasks?type=initial-contact")).json.data.tasks).toEqual([]);
    await task({ title: "First call", type: "Initial Contact" });
    await task({ title: "A visit", type: "Facility Visit" });
    expect(titles((await api("/api/tasks?type=initial-contact")).json)).toEqual(["First call"]);
    expect(titles((await api("/api/tasks?type=Facility%20Visit")).json)).toEqual(["A visit"]);
  });

  it("Priority, Assignee and client", async () => {
    expect(titles((await api("/api/tasks?priority=high")).json)).toEqual(["Open target"]);
    const agent = await db.selectFrom("users").select("id").where("first_name", "=", "Priya").executeTakeFirstOrThrow();
    expect(titles((await api(`/api/tasks?assignedTo=${agent.id}`)).json)).toEqual(["New one"]);
    const ruth = await db.selectFrom("clients").select("id").executeTakeFirstOrThrow();
    expect(titles((await api(`/api/tasks?clientId=${ruth.id}`)).json)).toEqual(["Open target"]);
    expect((await api("/api/tasks?assignedTo=nobody")).status).toBe(400);
  });

  it("search reads the title, the description, the client's and the assignee's names, also after a rename", async () => {
    expect(titles((await api("/api/tasks?search=paperw")).json)).toEqual(["Paperwork"]);
    expect(titles((await api("/api/tasks?search=medicare")).json)).toEqual(["Paperwork"]);
    expect(titles((await api("/api/tasks?search=ruth%20adl")).json)).toEqual(["Open target"]);
    expect(titles((await api("/api/tasks?search=priya")).json)).toEqual(["New one"]);
    await db.updateTable("clients").set({ last_name: "Zimmerman" }).execute();
    await db.updateTable("users").set({ first_name: "Pria" }).where("first_name", "=", "Priya").execute();
    expect(titles((await api("/api/tasks?search=zimmerman")).json)).toEqual(["Open target"]);
    // The counts of a search read a copy of the searched text (task_search): it follows too.
    expect((await api("/api/tasks?search=zimmerman")).json.data.statistics.totalTasks).toBe(1);
    expect((await api("/api/tasks?search=adler")).json.data.statistics.totalTasks).toBe(0);
    expect((await api("/api/tasks?search=adler")).json.data.tasks).toEqual([]);
    expect(titles((await api("/api/tasks?search=pria%20shah")).json)).toEqual(["New one"]);
    // Title and description are on lines of their own: a search never spans them.
    expect((await api("/api/tasks?search=paperwork%20medicare")).json.data.tasks).toEqual([]);
  });

  it("a three-letter search counts exactly the tasks whose text contains it", async () => {
    // Counted through its words' trigrams (task_search), listed through LIKE (tasks): the same set.
    for (const title of ["Call Marta", "XMARX IN CAPITALS", "ma r apart", "ma-r hyphen", "émarger", "Omar 2"]) {
      await task({ title });
    }
    await task({ title: "Described", description: "the primary contact" });
    const { json } = await api("/api/tasks?search=MAR");
    const found = ["Call Marta", "Described", "Omar 2", "XMARX IN CAPITALS", "émarger"];
    expect(titles(json).sort()).toEqual(found.sort());
    expect(json.data.statistics.totalTasks).toBe(found.length);
    expect(json.data.pagination.total).toBe(found.length);
    // Digits are letters of a word too; a term with a space or a sign goes through LIKE.
    expect((await api("/api/tasks?search=r%202")).json.data.statistics.totalTasks).toBe(1);
    expect((await api("/api/tasks?search=a-r")).json.data.statistics.totalTasks).toBe(1);
    expect((await api("/api/tasks?search=ma%20r")).json.data.statistics.totalTasks).toBe(1);
  });

  it("the screen drops what it cannot use and says so in the user's terms", async () => {
    const response = await settle(listScreenLoader(args(get("/tasks?status=todo&priority=High", cookie))));
    const data = (await response.json()) as Json;
    expect(data.tasks.map((t: Json) => t.title)).toEqual(["Open target"]);
    expect(data.problems).toEqual([
      { param: "status", value: "todo", message: 'Status "todo" is not one of the choices.' },
    ]);
  });
});

describe("the list's orders", () => {
  beforeEach(async () => {
    await task({ title: "Bravo", due_date: await day(3), priority: "Low", created_at: new Date("2026-01-03") });
    await task({ title: "Alpha", due_date: await day(1), priority: "Urgent", created_at: new Date("2026-01-01") });
    await task({ title: "Charlie", due_date: await day(2), priority: "High", created_at: new Date("2026-01-02") });
    await task({
      title: "Done",
      due_date: await day(-9),
      priority: "Urgent",
      is_completed: true,
      created_at: new Date("2026-01-04"),
    });
  });

  it("by due date: open tasks first, earliest (the default) or latest first", async () => {
    expect(titles((await api("/api/tasks")).json)).toEqual(["Alpha", "Charlie", "Bravo", "Done"]);
    expect(titles((await api("/api/tasks?sort=dueDate")).json)).toEqual(["Alpha", "Charlie", "Bravo", "Done"]);
    expect(titles((await api("/api/tasks?sort=-dueDate")).json)).toEqual(["Bravo", "Charlie", "Alpha", "Done"]);
    expect(titles((await api("/api/tasks?sortBy=dueDate&sortOrder=desc")).json)).toEqual([
      "Bravo",
      "Charlie",
      "Alpha",
      "Done",
    ]);
  });

  it("priority high to low (the earlier due first), created newest and oldest, title A-Z", async () => {
    expect(titles((await api("/api/tasks?sort=-priority")).json)).toEqual(["Done", "Alpha", "Charlie", "Bravo"]);
    expect(titles((await api("/api/tasks?sortBy=priority&sortOrder=desc")).json)).toEqual([
      "Done",
      "Alpha",
      "Charlie",
      "Bravo",
    ]);
    expect(titles((await api("/api/tasks?sort=-createdAt")).json)).toEqual(["Done", "Bravo", "Charlie", "Alpha"]);
    expect(titles((await api("/api/tasks?sort=createdAt")).json)).toEqual(["Alpha", "Charlie", "Bravo", "Done"]);
    expect(titles((await api("/api/tasks?sort=title")).json)).toEqual(["Alpha", "Bravo", "Charlie", "Done"]);
  });

  it("sort and sortBy together, or unknown ones, are refused", async () => {
    expect((await api("/api/tasks?sort=title&sortBy=dueDate")).status).toBe(400);
    expect((await api("/api/tasks?sortBy=rating")).status).toBe(400);
    expect((await api("/api/tasks?sort=-rating")).status).toBe(400);
    expect((await api("/api/tasks?sortOrder=up")).status).toBe(400);
  });

  it("pages of 20 by default; limit at most 100", async () => {
    for (let i = 0; i < 21; i++) await task({ title: `More ${i}` });
    const first = (await api("/api/tasks")).json.data;
    expect(first.tasks).toHaveLength(20);
    expect(first.pagination).toEqual({ page: 1, limit: 20, totalPages: 2, total: 25 });
    expect((await api("/api/tasks?page=2")).json.data.tasks).toHaveLength(5);
    expect((await api("/api/tasks?limit=100")).json.data.tasks).toHaveLength(25);
    const over = await api("/api/tasks?limit=101");
    expect(over.status).toBe(400);
    expect(over.json.errors).toEqual([{ path: "limit", msg: "limit must be a whole number from 1 to 100" }]);
    expect((await api("/api/tasks?limit=0")).status).toBe(400);
    const small = (await api("/api/tasks?limit=10&page=3")).json.data;
    expect(small.pagination).toEqual({ page: 3, limit: 10, totalPages: 3, total: 25 });
    expect(small.tasks).toHaveLength(5);
  });
});

describe("statistics, progress and overdue", () => {
  it("counts the filtered set: total, completed, overdue (open, due before today), high (Urgent or High)", async () => {
    await task({ title: "late", due_date: await day(-1), priority: "High", stage: "Target" });
    await task({ title: "today", due_date: await day(0), priority: "Urgent" });
    await task({
      title: "late but done",
      due_date: await day(-5),
      is_completed: true,
      priority: "Low",
      stage: "Target",
    });
    await task({ title: "afterwards", due_date: await day(4), priority: "Medium", type: "Assessment" });
    const stats = async (query: string) => (await api(`/api/tasks${query}`)).json.data.statistics;
    expect(await stats("")).toEqual({ totalTasks: 4, completedTasks: 1, overdueTasks: 1, highPriorityTasks: 2 });
    expect(await stats("?status=target")).toEqual({
      totalTasks: 1,
      completedTasks: 0,
      overdueTasks: 1,
      highPriorityTasks: 1,
    });
    expect(await stats("?status=completed")).toEqual({
      totalTasks: 1,
      completedTasks: 1,
      overdueTasks: 0,
      highPriorityTasks: 0,
    });
    expect(await stats("?priority=urgent")).toEqual({
      totalTasks: 1,
      completedTasks: 0,
      overdueTasks: 0,
      highPriorityTasks: 1,
    });
    expect(await stats("?search=late")).toEqual({
      totalTasks: 2,
      completedTasks: 1,
      overdueTasks: 1,
      highPriorityTasks: 1,
    });
    expect(await stats("?type=assessment")).toEqual({
      totalTasks: 1,
      completedTasks: 0,
      overdueTasks: 0,
      highPriorityTasks: 0,
    });
  });

  it("the running totals answer Status and Priority exactly as counting the rows does", async () => {
    const stages = ["New Client", "Active Client", "Target", "Placed", "Follow-up"] as const;
    const priorities = ["Low", "Medium", "High", "Urgent"] as const;
    for (let i = 0; i < 40; i++) {
      await task({
        title: `t${i}`,
        stage: stages[i % 5],
        priority: priorities[(i * 7) % 4],
        is_completed: i % 3 === 0,
        due_date: await day((i % 7) - 3),
      });
    }
    // Moved and changed afterwards: the totals follow.
    await db
      .updateTable("tasks")
      .set({ priority: "Urgent", is_completed: false })
      .where("title", "in", ["t0", "t3"])
      .execute();
    await db.deleteFrom("tasks").where("title", "=", "t5").execute();
    const today = await day(0);
    for (const status of [undefined, "Completed", ...stages]) {
      for (const priority of [undefined, ...priorities]) {
        const filters = TaskListQuerySchema.parse({ status, priority });
        const fromTotals = await taskStatistics(db, ctx(), filters, today);
        // The same figures, counted: with a search that every task matches.
        const counted = await taskStatistics(db, ctx(), { ...filters, search: "t" }, today);
        expect(fromTotals, `${status} ${priority}`).toEqual(counted);
      }
    }
  });

  it("a three-letter search's totals follow completing, reopening, renames, priorities and deletions", async () => {
    // Its completed matches come from running totals by trigram (completed_task_trigrams), its
    // open ones from an index; with a Type filter the same search is counted row by row.
    const client = await createClient(db, { agencyId: user.agency_id, first_name: "Omar", last_name: "Haddad" });
    const stages = ["New Client", "Active Client", "Target", "Placed", "Follow-up"] as const;
    const priorities = ["Low", "Medium", "High", "Urgent"] as const;
    const texts = ["Call Marta", "Tour Maple Grove", "Mar mar MAR", "Paperwork", "Summary"];
    for (let i = 0; i < 30; i++) {
      await task({
        title: `${texts[i % 5]} ${i}`,
        type: "Other",
        stage: stages[i % 5],
        priority: priorities[(i * 3) % 4],
        is_completed: i % 2 === 0,
        due_date: await day((i % 5) - 2),
        client_id: i % 6 === 0 ? client.id : null,
      });
    }
    const today = await day(0);
    const agree = async (when: string) => {
      for (const status of [undefined, "Completed", ...stages]) {
        for (const priority of [undefined, ...priorities]) {
          const filters = TaskListQuerySchema.parse({ status, priority, search: "mar" });
          const fromTotals = await taskStatistics(db, ctx(), filters, today);
          const counted = await taskStatistics(db, ctx(), { ...filters, type: "Other" }, today);
          expect(fromTotals, `${when}: ${status} ${priority}`).toEqual(counted);
        }
      }
      return taskStatistics(db, ctx(), TaskListQuerySchema.parse({ search: "mar" }), today);
    };
    // Tasks matching "mar": 18 by title ("Marta", "Mar…", "Summary") and the client's five.
    expect((await agree("created")).totalTasks).toBe(20);
    await db.updateTable("tasks").set({ is_completed: true }).where("title", "like", "Call Marta%").execute();
    await db.updateTable("tasks").set({ is_completed: false }).where("title", "like", "Mar mar%").execute();
    await db.updateTable("tasks").set({ priority: "Urgent" }).where("title", "like", "Summary%").execute();
    await db.updateTable("tasks").set({ title: "Marble floors" }).where("title", "=", "Paperwork 3").execute();
    await db.updateTable("tasks").set({ title: "Renamed" }).where("title", "=", "Summary 4").execute();
    await agree("completed, reopened, reprioritised, retitled");
    // The client's new name takes "mar" from its tasks' text; deleting takes them away.
    await db.updateTable("clients").set({ first_name: "Anne" }).where("id", "=", client.id).execute();
    await agree("client renamed");
    await db.deleteFrom("tasks").where("title", "like", "Tour%").execute();
    const after = await agree("deleted");
    expect(after.totalTasks).toBeGreaterThan(0);
    expect(after.completedTasks).toBeGreaterThan(0);
  });

  it("progress is the share of items done, rounded; with none, 100 when completed, else 0", async () => {
    const twoOfThree = await task({ title: "two of three" });
    await checklist(twoOfThree.id, [
      ["a", true],
      ["b", true],
      ["c", false],
    ]);
    await task({ title: "empty open" });
    await task({ title: "empty done", is_completed: true });
    const done = await task({ title: "items done but open" });
    await checklist(done.id, [["a", true]]);
    const list = (await api("/api/tasks?limit=100")).json.data.tasks as Json[];
    const progress = Object.fromEntries(list.map((t) => [t.title, t.progress.percentage]));
    expect(progress).toEqual({ "two of three": 67, "empty open": 0, "empty done": 100, "items done but open": 100 });
    const one = (await api(`/api/tasks/${twoOfThree.id}`, {}, twoOfThree.id)).json.data.task;
    expect(one.progress.percentage).toBe(67);
    expect(one.checklist.map((i: Json) => [i.item, i.completed])).toEqual([
      ["a", true],
      ["b", true],
      ["c", false],
    ]);
    expect(one.progress.milestones.map((m: Json) => m.name)).toEqual(["a", "b", "c"]);
  });

  it("overdue is the agency's day: a task due on the 9th, at 04:30 UTC on the 10th", async () => {
    const due = await task({ title: "due on the 9th", due_date: "2026-03-09" });
    const now = new Date("2026-03-10T04:30:00Z");
    const query = TaskListQuerySchema.parse({});
    // In Chicago it is still the 9th (10:30 pm): due today, not overdue.
    await setAgencyTimeZone(db, ctx(), "America/Chicago");
    const chicago = await agencyDay(db, ctx(), now);
    expect(chicago.today).toBe("2026-03-09");
    const there = await listTasks(db, ctx(), query, chicago.today);
    expect(there.tasks.find((t) => t.id === due.id)?.isOverdue).toBe(false);
    expect(there.statistics?.overdueTasks).toBe(0);
    // In UTC it is the 10th: overdue by a day.
    await setAgencyTimeZone(db, ctx(), "UTC");
    const utc = await agencyDay(db, ctx(), now);
    expect(utc.today).toBe("2026-03-10");
    const here = await listTasks(db, ctx(), query, utc.today);
    expect(here.tasks.find((t) => t.id === due.id)?.isOverdue).toBe(true);
    expect(here.statistics?.overdueTasks).toBe(1);
    // The due date said relative to each agency's day.
    expect(relativeDay("2026-03-09", chicago.today)).toBe("Today");
    expect(relativeDay("2026-03-09", utc.today)).toBe("Yesterday");
    expect(relativeDay("2026-03-10", chicago.today)).toBe("Tomorrow");
    // And in Tokyo, a minute before midnight UTC is already the next day.
    await setAgencyTimeZone(db, ctx(), "Asia/Tokyo");
    expect((await agencyDay(db, ctx(), new Date("2026-03-09T23:59:00Z"))).today).toBe("2026-03-10");
  });

  it("the session lookup brings the agency's zone, so a signed-in request does not ask for it again", async () => {
    await setAgencyTimeZone(db, ctx(), "Asia/Tokyo");
    const { token } = await createSession(db, {
      user: { id: user.id, agencyId: user.agency_id },
      kind: "browser",
      limits: LIMITS,
    });
    const signedIn = await getSessionUser(db, token, "browser", LIMITS);
    expect(signedIn?.agencyTimeZone).toBe("Asia/Tokyo");
    // With the zone in the context, agencyDay reads no database (this one would throw).
    const noDb = new Proxy(
      {},
      {
        get: () => {
          throw new Error("queried");
        },
      },
    ) as typeof db;
    const day = await agencyDay(
      noDb,
      { ...ctx(), agencyTimeZone: signedIn!.agencyTimeZone },
      new Date("2026-03-09T23:59:00Z"),
    );
    expect(day).toEqual({ timeZone: "Asia/Tokyo", today: "2026-03-10" });
    // An agency without a zone: null in the context, and the configured TIME_ZONE.
    await setAgencyTimeZone(db, ctx(), null);
    const again = await getSessionUser(db, token, "browser", LIMITS);
    expect(again?.agencyTimeZone).toBeNull();
    expect((await agencyDay(noDb, { ...ctx(), agencyTimeZone: null })).timeZone).toBe(
      process.env.TIME_ZONE || "America/New_York",
    );
  });

  it("without a zone of its own, the agency uses the configured TIME_ZONE", async () => {
    await setAgencyTimeZone(db, ctx(), null);
    const { timeZone } = await agencyDay(db, ctx());
    expect(timeZone).toBe(process.env.TIME_ZONE || "America/New_York");
  });
});

describe("a search matching hundreds", () => {
  it("the screen counts up to 500 and says so; the API counts exactly", async () => {
    await db
      .insertInto("tasks")
      .values(
        Array.from({ length: 501 }, (_, i) => ({
          agency_id: user.agency_id,
          title: `Maple Grove visit ${i}`,
          due_date: "2026-12-01",
          assigned_to: user.id,
        })),
      )
      .execute();
    await task({ title: "Something else" });
    const screen = (await (await settle(listScreenLoader(args(get("/tasks?search=maple", cookie))))).json()) as Json;
    expect(screen).toMatchObject({ capped: true, total: 500, statistics: null, totalPages: 25 });
    expect(screen.tasks).toHaveLength(20);
    const unsearched = (await (await settle(listScreenLoader(args(get("/tasks", cookie))))).json()) as Json;
    expect(unsearched).toMatchObject({ capped: false, total: 502, statistics: { totalTasks: 502 } });
    const { json } = await api("/api/tasks?search=maple");
    expect(json.data.statistics.totalTasks).toBe(501);
    expect(json.data.pagination.total).toBe(501);
  });
});

describe("writing tasks through the API", () => {
  it("every required field's message, at once", async () => {
    const { status, json } = await api("/api/tasks", { body: {} });
    expect(status).toBe(400);
    expect(Object.fromEntries((json.errors as Json[]).map((e) => [e.path, e.msg]))).toEqual({
      title: "Title is required",
      type: "Type is required",
      priority: "Priority is required",
      status: "Status is required",
      dueDate: "Due date is required",
      assignedTo: "Assignee is required",
    });
    const blank = await api("/api/tasks", {
      body: { title: " ", type: "", priority: "", status: "", dueDate: "", assignedTo: "" },
    });
    expect((blank.json.errors as Json[]).map((e) => e.msg)).toEqual([
      "Title is required",
      "Type is required",
      "Priority is required",
      "Status is required",
      "Due date is required",
      "Assignee is required",
    ]);
  });

  it("estimated hours: a number of half hours, not below 0; unknown fields refused", async () => {
    const msg = async (body: Json) =>
      ((await api("/api/tasks", { body: validBody(body) })).json.errors as Json[])?.[0]?.msg;
    expect(await msg({ estimatedHours: -0.5 })).toBe("Estimated hours cannot be negative");
    expect(await msg({ estimatedHours: 1.25 })).toBe("Estimated hours must be in steps of 0.5");
    expect(await msg({ estimatedHours: "two" })).toBe("Estimated hours must be a number");
    expect(await msg({ progress: 50 })).toBe("Unknown field: progress");
    expect((await api("/api/tasks", { body: validBody({ estimatedHours: 2.5 }) })).json.data.task.estimatedHours).toBe(
      2.5,
    );
  });

  it("creates with aliases, the checklist trimmed and empties dropped, the client kept for a client type", async () => {
    const client = await createClient(db, { agencyId: user.agency_id, first_name: "Ruth", last_name: "Adler" });
    const { status, json } = await api("/api/tasks", {
      body: validBody({
        type: "initial-contact",
        priority: "urgent",
        status: "active-client",
        clientId: client.id,
        checklist: [{ item: "  Call back  ", completed: true }, { item: "   " }, { item: "Send brochure" }],
      }),
    });
    expect(status).toBe(201);
    expect(json.message).toBe("Task created successfully");
    const created = json.data.task;
    expect(created).toMatchObject({
      type: "Initial Contact",
      priority: "Urgent",
      status: "Active Client",
      clientId: { _id: client.id, firstName: "Ruth", lastName: "Adler" },
      assignedTo: { _id: user.id, firstName: "Dana", lastName: "Morgan" },
      isCompleted: false,
      isOverdue: false,
      progress: { percentage: 50 },
    });
    expect(created.checklist.map((i: Json) => [i.item, i.completed])).toEqual([
      ["Call back", true],
      ["Send brochure", false],
    ]);
  });

  it("an empty client is none; a task of any type keeps its client", async () => {
    const client = await createClient(db, { agencyId: user.agency_id });
    expect(
      (await api("/api/tasks", { body: validBody({ type: "Assessment", clientId: "" }) })).json.data.task.clientId,
    ).toBeNull();
    // Before, only four types kept one: a Documentation task lost it (issue 31).
    const kept = await api("/api/tasks", { body: validBody({ type: "Documentation", clientId: client.id }) });
    expect(kept.json.data.task.clientId).toMatchObject({ _id: client.id });
  });

  it("PUT replaces the fields and the checklist, keeps completion unless given; DELETE removes", async () => {
    const created = (await api("/api/tasks", { body: validBody({ checklist: [{ item: "a" }] }) })).json.data.task;
    const put = await api(
      `/api/tasks/${created._id}`,
      { method: "PUT", body: validBody({ title: "Renamed", checklist: [{ item: "b", completed: true }] }) },
      created._id,
    );
    expect(put.status).toBe(200);
    expect(put.json.message).toBe("Task updated successfully");
    expect(put.json.data.task).toMatchObject({ title: "Renamed", isCompleted: false, progress: { percentage: 100 } });
    const done = await api(
      `/api/tasks/${created._id}`,
      { method: "PUT", body: validBody({ isCompleted: true }) },
      created._id,
    );
    expect(done.json.data.task).toMatchObject({ isCompleted: true, checklist: [] });
    const removed = await api(`/api/tasks/${created._id}`, { method: "DELETE" }, created._id);
    expect(removed.json.message).toBe("Task deleted successfully");
    expect((await api(`/api/tasks/${created._id}`, {}, created._id)).status).toBe(404);
  });
});

describe("updating tasks through the API", () => {
  it("PUT checks the body as POST does: every message, and unknown fields", async () => {
    const created = (await api("/api/tasks", { body: validBody() })).json.data.task;
    const put = (body: Json) => api(`/api/tasks/${created._id}`, { method: "PUT", body }, created._id);
    const empty = await put({});
    expect(empty.status).toBe(400);
    expect(empty.json.success).toBe(false);
    expect((empty.json.errors as Json[]).map((e) => [e.path, e.msg])).toEqual([
      ["title", "Title is required"],
      ["type", "Type is required"],
      ["priority", "Priority is required"],
      ["status", "Status is required"],
      ["dueDate", "Due date is required"],
      ["assignedTo", "Assignee is required"],
    ]);
    const bad = await put(validBody({ estimatedHours: -1, status: "todo" }));
    expect(bad.status).toBe(400);
    expect(Object.fromEntries((bad.json.errors as Json[]).map((e) => [e.path, e.msg]))).toMatchObject({
      estimatedHours: "Estimated hours cannot be negative",
    });
    expect((bad.json.errors as Json[]).find((e) => e.path === "status")?.msg).toContain('Invalid status "todo"');
    expect((await put(validBody({ progress: 10 }))).json.errors).toEqual([
      { path: "progress", msg: "Unknown field: progress" },
    ]);
    // Nothing was changed by the refused bodies.
    expect((await api(`/api/tasks/${created._id}`, {}, created._id)).json.data.task).toMatchObject({
      title: "Call the daughter back",
      status: "New Client",
      estimatedHours: null,
    });
  });

  it("PUT with another agency's client or assignee is a 400 naming each, and changes nothing", async () => {
    const other = await createAgency(db);
    const stranger = await createUser(db, { agencyId: other.id });
    const theirClient = await createClient(db, { agencyId: other.id });
    const created = (await api("/api/tasks", { body: validBody({ type: "Assessment" }) })).json.data.task;
    const put = await api(
      `/api/tasks/${created._id}`,
      {
        method: "PUT",
        body: validBody({ title: "Hijacked", type: "Assessment", clientId: theirClient.id, assignedTo: stranger.id }),
      },
      created._id,
    );
    expect(put.status).toBe(400);
    expect(put.json.errors).toEqual([
      { path: "clientId", msg: "Client not found" },
      { path: "assignedTo", msg: "Assignee not found" },
    ]);
    const after = (await api(`/api/tasks/${created._id}`, {}, created._id)).json.data.task;
    expect(after).toMatchObject({ title: "Call the daughter back", clientId: null, assignedTo: { _id: user.id } });
  });

  it("an unknown task id is 404 'Task not found'; a malformed one too", async () => {
    for (const id of ["0b1f7c2e-6a55-4f0e-9d7c-2b8f3c4d5e6f", "not-an-id"]) {
      const { status, json } = await api(`/api/tasks/${id}`, {}, id);
      expect(status, id).toBe(404);
      expect(json).toEqual({ success: false, message: "Task not found" });
    }
  });
});

describe("another agency's tasks", () => {
  it("are 404 on the API and the screens, absent from the list, and its people cannot be referenced", async () => {
    const other = await createAgency(db);
    const stranger = await createUser(db, { agencyId: other.id });
    const theirClient = await createClient(db, { agencyId: other.id });
    const theirs = await createTask(db, { agencyId: other.id, assigned_to: stranger.id, title: "Theirs" });
    await task({ title: "Ours" });

    expect(titles((await api("/api/tasks?search=theirs")).json)).toEqual([]);
    expect((await api("/api/tasks")).json.data.statistics.totalTasks).toBe(1);
    for (const method of ["GET", "PUT", "DELETE"]) {
      const { status, json } = await api(
        `/api/tasks/${theirs.id}`,
        method === "PUT" ? { method, body: validBody() } : { method },
        theirs.id,
      );
      expect(status, method).toBe(404);
      expect(json.message).toBe("Task not found");
    }
    const refs = await api("/api/tasks", {
      body: validBody({ type: "Assessment", clientId: theirClient.id, assignedTo: stranger.id }),
    });
    expect(refs.status).toBe(400);
    expect(refs.json.errors).toEqual([
      { path: "clientId", msg: "Client not found" },
      { path: "assignedTo", msg: "Assignee not found" },
    ]);

    const params = { id: theirs.id };
    for (const loader of [detailLoader, editLoader, deleteLoader]) {
      const response = await settle(loader(args(get(`/tasks/${theirs.id}`, cookie), params)));
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Failed to fetch task details");
    }
    const toggled = await settle(
      detailAction(args(formPost(`/tasks/${theirs.id}`, { intent: "complete", via: "fetch" }, cookie), params)),
    );
    expect(toggled.status).toBe(404);
    const deleted = await settle(deleteAction(args(formPost(`/tasks/${theirs.id}/delete`, {}, cookie), params)));
    expect(deleted.headers.get("Location")).toBe("/tasks");
    const edited = await settle(editAction(args(formPost(`/tasks/${theirs.id}/edit`, formFields(), cookie), params)));
    expect(edited.status).toBe(404);
    const still = await db
      .selectFrom("tasks")
      .select(["title", "is_completed"])
      .where("id", "=", theirs.id)
      .executeTakeFirst();
    expect(still).toEqual({ title: "Theirs", is_completed: false });
  });
});

/** The task form as a browser without JavaScript posts it (its own tests: task-form.test.ts). */
const formFields = (overrides: Record<string, string> = {}) => taskFormFields(user.id, overrides);

describe("the task page", () => {
  it("ticks an item, completes and reopens the task, with and without JavaScript", async () => {
    const t = await task({ title: "Tour" });
    await checklist(t.id, [
      ["a", false],
      ["b", false],
    ]);
    const items = await db.selectFrom("task_checklist_items").select(["id", "text"]).orderBy("position").execute();
    const params = { id: t.id };
    const post = (fields: Record<string, string>) =>
      settle(detailAction(args(formPost(`/tasks/${t.id}`, fields, cookie), params)));

    const page = await post({ intent: "toggle-item", itemId: items[0].id, completed: "true" });
    expect(page.headers.get("Location")).toBe(`/tasks/${t.id}`);
    const fetched = await post({ intent: "toggle-item", itemId: items[1].id, completed: "true", via: "fetch" });
    expect(await fetched.json()).toEqual({ ok: true });
    const loaded = (await (await settle(detailLoader(args(get(`/tasks/${t.id}`, cookie), params)))).json()) as Json;
    expect(loaded.task.progress).toBe(100);
    expect(loaded.task.isCompleted).toBe(false);

    expect((await post({ intent: "complete" })).headers.get("Location")).toBe(`/tasks/${t.id}`);
    const row = () =>
      db.selectFrom("tasks").select(["is_completed", "completed_at"]).where("id", "=", t.id).executeTakeFirstOrThrow();
    expect((await row()).is_completed).toBe(true);
    expect((await row()).completed_at).not.toBeNull();
    await post({ intent: "reopen", via: "fetch" });
    expect(await row()).toEqual({ is_completed: false, completed_at: null });

    const wrongItem = await post({ intent: "toggle-item", itemId: t.id, completed: "true", via: "fetch" });
    expect(wrongItem.status).toBe(404);
  });

  it("deleting says so with a toast", async () => {
    const t = await task({ title: "Gone" });
    const response = await settle(deleteAction(args(formPost(`/tasks/${t.id}/delete`, {}, cookie), { id: t.id })));
    expect(response.headers.get("Location")).toBe("/tasks");
    expect(response.headers.get("Set-Cookie")).toBeTruthy();
    expect(await db.selectFrom("tasks").select("id").execute()).toEqual([]);
  });
});
