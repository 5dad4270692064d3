import type { FacilityMatch } from "~/models/matching.server";
import type { TaskRecord } from "~/models/tasks/record.server";
import { DELETE_TASK_MESSAGE } from "~/schemas/task.constants";
import type { RelatedDocumentsData } from "../resources/related-documents";
import { Card } from "../ui/card";
import { RecordActions, RecordPage } from "../ui/detail";
import type { CommunicationAnswer } from "./communication-form";
import { CompleteButton, TaskBadges, TaskDetail } from "./task-detail";

/** What a task's page shows: the task, facilities matching its client, its documents. */
export interface TaskPageData {
  task: TaskRecord;
  matches: FacilityMatch[];
  documents: RelatedDocumentsData;
}

/** A task's page (/tasks/:id): its title and badges, then its details; the communication form's answer. */
export function TaskPage({ task, matches, documents, answer }: TaskPageData & { answer: CommunicationAnswer }) {
  return (
    <RecordPage
      area="tasks"
      actions={
        <RecordActions
          path={`/tasks/${task.id}`}
          confirmTitle={`Delete ${task.title}?`}
          confirmMessage={DELETE_TASK_MESSAGE}
        >
          <CompleteButton task={task} />
        </RecordActions>
      }
    >
      <Card className="p-5 sm:p-6">
        <p className="text-sm font-medium text-slate-500">Task Details</p>
        <h2 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{task.title}</h2>
        <div className="mt-3">
          <TaskBadges task={task} />
        </div>
      </Card>

      <TaskDetail frame="page" task={task} matches={matches} documents={documents} answer={answer} />
    </RecordPage>
  );
}
