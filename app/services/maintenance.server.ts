import { pruneAuditEntries } from "~/models/audit.server";
import { deleteSpentInvitations } from "~/models/invitations.server";
import { pruneNotifications } from "~/models/notifications.server";
import { deleteSpentResetTokens } from "~/models/password-reset.server";
import { storageKeysInUse } from "~/models/resources.server";
import { deleteEndedRateLimits } from "~/models/rate-limit.server";
import { deleteExpiredSessions } from "~/models/session.server";
import { dayIn } from "~/utils/days";
import type { DB } from "~/utils/db.server";
import { env } from "~/utils/env.server";
import { fileStorage, type FileStorage, type SweepResult } from "~/utils/storage.server";

// Rows that can never be used again are deleted now and then, so the tables do not only grow.

export interface Pruned {
  sessions: number;
  resetTokens: number;
  invitations: number;
  rateLimits: number;
  /** Audit entries past their agency's retention period (six years unless it keeps them longer). */
  auditEntries: number;
  /** Read marks of days gone by, and stored notifications read more than a week ago. */
  notifications: number;
}

/**
 * Deletes expired sessions, spent reset tokens and invitations, ended rate-limit windows, audit
 * entries past their retention period and old notifications; returns how many of each.
 */
export async function pruneExpiredRows(
  db: DB,
  options: { idleMinutes: number } = { idleMinutes: env().sessionIdleMinutes },
): Promise<Pruned> {
  return {
    sessions: await deleteExpiredSessions(db, options),
    resetTokens: await deleteSpentResetTokens(db),
    invitations: await deleteSpentInvitations(db),
    rateLimits: await deleteEndedRateLimits(db),
    auditEntries: await pruneAuditEntries(db),
    notifications: await pruneNotifications(db, dayIn("UTC")),
  };
}

/** The longest a request's body may take to arrive (server/index.ts): an upload on a slow line. */
export const UPLOAD_MAX_MS = 50 * 60_000;

/**
 * A stored file is left alone for this long before a sweep may remove it: longer than an upload
 * may take (UPLOAD_MAX_MS), whose rows are written as it ends.
 */
export const SWEEP_AFTER_MS = 60 * 60_000;

/**
 * Removes what failed or broken-off uploads left in storage (temporary files, unfinished
 * multipart uploads: a crash or a restart mid-upload) and stored files no document names, all
 * older than an hour (docs/documents.md).
 */
export function sweepStoredFiles(db: DB, storage: FileStorage = fileStorage(), now = Date.now()): Promise<SweepResult> {
  return storage.sweep(new Date(now - SWEEP_AFTER_MS), (keys) => storageKeysInUse(db, keys));
}

export const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Prunes and sweeps stored files now, then every `everyMs` (an hour), until the returned function
 * is called. Run it in one process of a deployment only. The timer never keeps the process alive,
 * and a failure (the database is away) is logged and tried again next time.
 */
export function schedulePruning(db: DB, options: { everyMs?: number; log?: (line: string) => void } = {}): () => void {
  const log = options.log ?? ((line: string) => console.log(line));
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const pruned = await pruneExpiredRows(db);
      const total = Object.values(pruned).reduce((sum, n) => sum + n, 0);
      if (total > 0) {
        log(
          `[prune] deleted ${pruned.sessions} expired sessions, ${pruned.resetTokens} spent reset links, ${pruned.invitations} spent invitations, ${pruned.rateLimits} ended rate-limit windows, ${pruned.auditEntries} audit entries past their retention, ${pruned.notifications} old notifications`,
        );
      }
    } catch (error) {
      console.error("[prune] failed; trying again later:", error instanceof Error ? error.message : error);
    }
    try {
      const swept = await sweepStoredFiles(db);
      if (swept.partials + swept.orphans > 0) {
        log(`[sweep] removed ${swept.partials} unfinished uploads and ${swept.orphans} stored files no document names`);
      }
    } catch (error) {
      console.error("[sweep] failed; trying again later:", error instanceof Error ? error.message : error);
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), 0);
  const timer = setInterval(() => void run(), options.everyMs ?? PRUNE_EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
