/**
 * Workflows: the runs of the project's workflows (`workflows.availableWorkflows` in the config), newest
 * first, each with its status, its error and its log (console lines, then the API calls it made).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import type { workflowRun } from "../../../contract/workflows.js";
import { Badge, Button, Empty, ErrorState, Field, formatDate, Input, Loading, PageHeader } from "../components/ui.js";
import { useTRPC } from "../lib/trpc.js";

type Run = z.infer<typeof workflowRun>;

const tones: Record<Run["status"], "neutral" | "good" | "warn" | "bad"> = { running: "neutral", succeeded: "good", retrying: "warn", failed: "bad" };

function RunRow({ run }: { run: Run }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="px-3 py-2 text-sm">
      <button type="button" className="flex w-full flex-wrap items-center gap-2 text-left" aria-expanded={open} onClick={() => setOpen(!open)}>
        <code className="font-medium">{run.workflow_id}</code>
        <Badge tone={tones[run.status]}>{run.status}</Badge>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          {run.trigger}
          {run.user_id && <span className="font-mono"> · {run.user_id}</span>}
          {run.attempts > 1 && ` · ${run.attempts} attempts`}
        </span>
        <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">{formatDate(run.created_at_millis)}</span>
      </button>
      {run.error && <p className="mt-1 text-xs text-red-800 dark:text-red-300">{run.error}</p>}
      {open && (
        <pre aria-label={`Log of ${run.workflow_id}`} tabIndex={0} className="mt-2 max-h-80 overflow-auto rounded bg-zinc-100 p-2 font-mono text-xs dark:bg-zinc-800">
          {run.logs.length > 0 ? run.logs.join("\n") : "(no output)"}
        </pre>
      )}
    </li>
  );
}

export default function Workflows() {
  const trpc = useTRPC();
  const [workflowId, setWorkflowId] = useState("");
  const runs = useQuery({
    ...trpc.listWorkflowRuns.queryOptions({ query: { limit: 100, ...(workflowId.trim() ? { workflow_id: workflowId.trim() } : {}) } }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader
        title="Workflows"
        description="Runs of the project's enabled workflows (config: workflows.availableWorkflows). Each sign-up runs them in the background, in the e-mail sandbox; a run that throws or runs too long is stopped and shown here."
        actions={
          <Button variant="secondary" busy={runs.isFetching} onClick={() => void runs.refetch()}>
            <RefreshCw aria-hidden className="size-4" /> Refresh
          </Button>
        }
      />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <Field label="Workflow id">{(id) => <Input id={id} className="w-72 font-mono" value={workflowId} onChange={(e) => setWorkflowId(e.target.value)} />}</Field>
      </div>
      {runs.isPending ? (
        <Loading what="the workflow runs" />
      ) : runs.isError ? (
        <ErrorState error={runs.error} what="the workflow runs" retry={() => void runs.refetch()} />
      ) : runs.data.items.length === 0 ? (
        <Empty title="No runs yet">Enable a workflow in the project's configuration; it runs on the next sign-up.</Empty>
      ) : (
        <ol aria-label="Workflow runs" className="flex flex-col divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {runs.data.items.map((run) => (
            <RunRow key={run.id} run={run} />
          ))}
        </ol>
      )}
    </>
  );
}
