/**
 * The workflow event sink: a sign-up (`user.created` of a non-anonymous user) in a project with an
 * enabled workflow writes one outbox row of kind `workflow` through the sign-up's own unit of work (its
 * transaction or insert batch), naming the workflows enabled at that moment. The job runner runs them
 * after commit (deliverer.ts): a workflow never delays or fails the request that triggered it.
 *
 * `wants` answers from the cached project row (no query): a project without enabled workflows costs a
 * sign-up nothing, and no other event (sign-ins, token refreshes, /users/me) is wanted at all.
 */
import { randomUUID } from "node:crypto";
import { insertBatchOf } from "../../db/insert-batch.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import type { EventSink } from "../events.js";
import { enabledWorkflows } from "./enabled.js";

export const WORKFLOW_PAYLOAD_PURPOSE = "outbox-workflow";

/** What a `workflow` outbox row carries (sealed): the trigger, its user (wire JSON), and which workflows run on it. */
export interface WorkflowEventPayload {
  trigger: "sign-up";
  user: Record<string, unknown> & { id: string };
  workflowIds: string[];
}

export function createWorkflowSink(deps: AppDeps): EventSink {
  return {
    wants(name, projectId) {
      if (name !== "user.created") return false;
      const project = deps.queries.projects.cached(projectId);
      // Not cached (rare: the request just read it): found out in `write`.
      return project === undefined || enabledWorkflows(project).length > 0;
    },

    async write(unit, event) {
      if (event.name !== "user.created") return;
      const user = event.payload as WorkflowEventPayload["user"] & { is_anonymous?: boolean };
      if (user.is_anonymous) return;
      const cached = deps.queries.projects.cached(event.projectId);
      if (cached) return queueRun(deps, unit, event.projectId, user, cached);
      // The cache entry expired since the request read the project (a slow password hash is enough). A
      // transaction reads it through itself (a read on the root db inside it would wait for the
      // transaction on SQLite); an insert batch cannot read, so the run is queued once the batch is written.
      if (!insertBatchOf(unit)) return queueRun(deps, unit, event.projectId, user, await deps.queries.projects.find(event.projectId, unit));
      deps.store.afterCommit(() => {
        void deps.queries.projects
          .find(event.projectId)
          .then((project) => queueRun(deps, deps.store.db, event.projectId, user, project))
          .catch((error: unknown) => deps.log.error("A sign-up's workflow run could not be queued", { projectId: event.projectId, error: String(error) }));
      }, unit);
    },
  };
}

/** Writes the outbox row that runs the project's enabled workflows on a sign-up (none enabled: nothing). */
async function queueRun(deps: AppDeps, unit: Db, projectId: string, user: WorkflowEventPayload["user"], project: ProjectRow | undefined): Promise<void> {
  const workflowIds = project ? enabledWorkflows(project).map((w) => w.id) : [];
  if (workflowIds.length === 0) return;
  const payload: WorkflowEventPayload = { trigger: "sign-up", user, workflowIds };
  const now = deps.clock.now();
  await deps.queries.outbox.insert(
    {
      id: randomUUID(),
      projectId,
      kind: "workflow",
      summary: { trigger: "sign-up", user_id: user.id, workflow_ids: workflowIds },
      payload: deps.secrets.encrypt(JSON.stringify(payload), WORKFLOW_PAYLOAD_PURPOSE),
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
    },
    unit,
  );
  deps.store.afterCommit(() => deps.jobs.wake(), unit);
}
