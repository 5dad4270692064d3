import type { TaskList } from "graphile-worker";
import { DIGEST_CRONTAB, digestTasks } from "./digest.server";

// Every job the app runs, and its schedules: what the server's queue starts with
// (server/index.ts). A new kind of job (a CSV import) adds its tasks here.

export function appJobs(): { tasks: TaskList; crontab: string } {
  return {
    tasks: { ...digestTasks() },
    crontab: [DIGEST_CRONTAB].join("\n"),
  };
}
