import type { TaskList } from "graphile-worker";
import { DIGEST_CRONTAB, digestTasks } from "./digest.server";
import { importTasks } from "./import.server";

// Every job the app runs, and its schedules: what the server's queue starts with
// (server/index.ts): the daily digest, and CSV imports. A new kind of job adds its tasks here.

export function appJobs(): { tasks: TaskList; crontab: string } {
  return {
    tasks: { ...digestTasks(), ...importTasks() },
    crontab: [DIGEST_CRONTAB].join("\n"),
  };
}
