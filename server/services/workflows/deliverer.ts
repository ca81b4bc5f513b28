/**
 * The `workflow` deliverer: runs the workflows an event's outbox row names (sink.ts), each in the
 * e-mail sandbox's pool (same contexts, limits and per-project turns as renders), then makes the API
 * calls the run asked for with a fresh workflow token (api-calls.ts). Each workflow has one row in the
 * run log per event, updated by every attempt.
 *
 * A workflow that throws, loops or exhausts memory is stopped and its run marked failed with the reason
 * (never retried: the same code would fail again). So is a run whose call the API refuses (4xx). What is
 * not the workflow's fault (the sandbox unavailable, the API answering 5xx) is retried on the runner's
 * schedule; workflows that already finished are not run again. A retried run repeats its calls from the
 * first one: calls are delivered at least once.
 */
import { randomUUID } from "node:crypto";
import type { OutboxRow } from "../../db/queries/outbox.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { WorkflowRunRow } from "../../db/queries/workflow-runs.js";
import type { AppDeps } from "../../deps.js";
import { emailRenderer } from "../email/catalogue/renderer.js";
import { WorkflowRunFailure } from "../email/render/index.js";
import type { Deliverer, Outcome, RetryPolicy } from "../jobs/deliverer.js";
import { errorFields } from "../jobs/error-fields.js";
import { makeWorkflowCall } from "./api-calls.js";
import { enabledWorkflows, type EnabledWorkflow } from "./enabled.js";
import { WORKFLOW_PAYLOAD_PURPOSE, type WorkflowEventPayload } from "./sink.js";
import { mintWorkflowToken, WORKFLOW_TOKEN_LIFETIME_MS } from "./token.js";

/** 5 s, 10 s, 20 s, 40 s between attempts, then the run is failed. */
export const workflowRetryPolicy: RetryPolicy = { maxAttempts: 5, retryBaseMs: 5_000, retryMaxMs: 60_000 };

type RunResult = { done: true } | { done: false; reason: string };

export function createWorkflowDeliverer(deps: AppDeps): Deliverer {
  const runs = deps.queries.workflowRuns;

  /** Makes the run's calls with a token that lives only while they are made. */
  async function makeCalls(project: ProjectRow, runId: string, calls: Parameters<typeof makeWorkflowCall>[3][], logs: string[]): Promise<{ error: string; transient: boolean } | null> {
    const { token, hash } = mintWorkflowToken();
    await runs.update(project.id, runId, { tokenHash: hash, tokenExpiresAt: new Date(deps.clock.now().getTime() + WORKFLOW_TOKEN_LIFETIME_MS) });
    try {
      for (const call of calls) {
        const result = await makeWorkflowCall(deps, project.id, token, call);
        logs.push(`${result.line} answered ${result.status}${result.code ? ` ${result.code}` : ""}`);
        if (result.status >= 500) return { error: `${result.line} answered ${result.status}`, transient: true };
        if (result.status >= 400) return { error: `The API refused ${result.line}: ${result.status}${result.code ? ` ${result.code}` : ""}`, transient: false };
      }
      return null;
    } finally {
      // Kept (hashed) so that a late use answers WORKFLOW_TOKEN_EXPIRED.
      await runs.update(project.id, runId, { tokenExpiresAt: deps.clock.now() });
    }
  }

  async function runOne(project: ProjectRow, row: OutboxRow, payload: WorkflowEventPayload, workflow: EnabledWorkflow, earlier: WorkflowRunRow | undefined, lastAttempt: boolean): Promise<RunResult> {
    const now = deps.clock.now();
    const id = earlier?.id ?? randomUUID();
    const attempts = (earlier?.attempts ?? 0) + 1;
    if (earlier) await runs.update(project.id, id, { status: "running", attempts, error: null });
    else await runs.insert({ id, projectId: project.id, workflowId: workflow.id, outboxId: row.id, trigger: payload.trigger, userId: payload.user.id, status: "running", attempts, logs: [], createdAt: now });
    const finish = (status: "succeeded" | "failed", error: string | null, logs: string[]) =>
      runs.update(project.id, id, { status, error, logs, finishedAt: deps.clock.now() });
    const retryOrFail = async (reason: string, logs: string[]): Promise<RunResult> => {
      if (lastAttempt) {
        await finish("failed", `${reason} (gave up after ${attempts} attempts)`, logs);
        return { done: true };
      }
      await runs.update(project.id, id, { status: "retrying", error: reason, logs });
      return { done: false, reason };
    };

    let outcome;
    try {
      const jobJson = JSON.stringify({ trigger: payload.trigger, user: payload.user });
      outcome = await emailRenderer(deps).runWorkflow(project.id, { source: workflow.tsSource, jobJson });
    } catch (error) {
      if (error instanceof WorkflowRunFailure) {
        deps.log.info("workflow: run failed", { projectId: project.id, workflowId: workflow.id, reason: error.message });
        await finish("failed", error.message, error.logs);
        return { done: true };
      }
      deps.log.error("workflow: the sandbox could not run it", { projectId: project.id, workflowId: workflow.id, ...errorFields(error) });
      return retryOrFail("The sandbox could not run the workflow", []);
    }
    const logs = [...outcome.logs];
    if (!outcome.handled) logs.push(`No handler for ${payload.trigger} (register one with onSignUp)`);
    const failure = outcome.calls.length > 0 ? await makeCalls(project, id, outcome.calls, logs) : null;
    if (failure?.transient) return retryOrFail(failure.error, logs);
    await finish(failure ? "failed" : "succeeded", failure?.error ?? null, logs);
    return { done: true };
  }

  return {
    retryPolicy: workflowRetryPolicy,
    async deliver(row: OutboxRow): Promise<Outcome> {
      const payload = JSON.parse(deps.secrets.decrypt(row.payload, WORKFLOW_PAYLOAD_PURPOSE)) as WorkflowEventPayload;
      const project = await deps.queries.projects.find(row.projectId);
      if (!project) return { status: "undeliverable", error: "The project was deleted" };
      const enabled = new Map(enabledWorkflows(project).map((workflow) => [workflow.id, workflow]));
      const earlier = new Map((await runs.ofOutboxRow(project.id, row.id)).map((run) => [run.workflowId, run]));
      const lastAttempt = row.attempts + 1 >= workflowRetryPolicy.maxAttempts;
      const pending: string[] = [];
      for (const workflowId of payload.workflowIds) {
        const run = earlier.get(workflowId);
        if (run && (run.status === "succeeded" || run.status === "failed")) continue;
        // Disabled or removed since the event: not run.
        const workflow = enabled.get(workflowId);
        if (!workflow) continue;
        const result = await runOne(project, row, payload, workflow, run, lastAttempt);
        if (!result.done) pending.push(`${workflowId}: ${result.reason}`);
      }
      return pending.length > 0 ? { status: "retry", error: pending.join("; ").slice(0, 500) } : { status: "sent" };
    },
  };
}
