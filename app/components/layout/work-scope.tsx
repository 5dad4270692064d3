import { Link } from "@remix-run/react";
import { Alert } from "../ui/alert";
import { useCan } from "./use-can";

/** What the task list, the board and the placements list say over themselves (services/list-page.server.ts). */
export interface WorkScopeData {
  mine: boolean;
  teamHref: string;
  inactive: { tasks: number; placements: number } | null;
}

const counted = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * "Showing your work" with the way to the team's, and a warning while open work is still
 * assigned to staff who no longer have access (admins get the way to move it).
 */
export function WorkScope({ scope, noun }: { scope: WorkScopeData; noun: string }) {
  const manages = useCan("staff.manage");
  const { inactive } = scope;
  return (
    <>
      {inactive ? (
        <Alert tone="warning">
          {counted(inactive.tasks, "open task", "open tasks")} and{" "}
          {counted(inactive.placements, "active placement", "active placements")}{" "}
          {inactive.tasks + inactive.placements === 1 ? "is" : "are"} assigned to staff who no longer have access.{" "}
          {manages ? (
            <Link to="/settings/users" className="font-medium underline">
              Move their work
            </Link>
          ) : (
            "Ask an admin to move their work."
          )}
        </Alert>
      ) : null}
      {scope.mine ? (
        <p className="text-sm text-slate-600">
          Showing your {noun}.{" "}
          <Link to={scope.teamHref} className="font-medium text-brand-700 underline">
            Show the team&apos;s {noun}
          </Link>
        </p>
      ) : null}
    </>
  );
}
