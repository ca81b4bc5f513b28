/** The audit log: admin actions and security events, newest first, filterable, with the chain check. */
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, ShieldCheck } from "lucide-react";
import { useState } from "react";
import type { EventName } from "../../../contract/events.js";
import { Badge, Button, Card, Empty, ErrorState, Field, formatDate, InlineError, Input, Loading, PageHeader, Select } from "../components/ui.js";
import { AuditChanges, auditTarget } from "../components/audit-summary.js";
import { allEventNames } from "../lib/events.js";
import { useTRPC } from "../lib/trpc.js";

export default function AuditLog() {
  const trpc = useTRPC();
  const [event, setEvent] = useState<EventName | "">("");
  const [actor, setActor] = useState("");
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const log = useQuery({
    ...trpc.listAuditLog.queryOptions({ query: { limit: 50, cursor: cursors[page], ...(event ? { event } : {}), ...(actor.trim() ? { actor_user_id: actor.trim() } : {}) } }),
    placeholderData: keepPreviousData,
  });
  const verify = useMutation(trpc.verifyAuditLog.mutationOptions());
  const resetPages = () => {
    setCursors([undefined]);
    setPage(0);
  };
  const next = log.data?.pagination.next_cursor ?? null;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every admin action and security event, chained by hashes so that changes to the log are detectable."
        actions={
          <Button variant="secondary" busy={verify.isPending} onClick={() => verify.mutate({ body: {} })}>
            <ShieldCheck aria-hidden className="size-4" /> Check the chain
          </Button>
        }
      />
      {verify.data && (
        <Card className="mb-4">
          {verify.data.valid ? (
            <p className="text-sm text-emerald-800 dark:text-emerald-300">The chain is intact: {verify.data.checked} entries checked.</p>
          ) : (
            <p className="text-sm text-red-800 dark:text-red-300">
              The chain is broken at entry {verify.data.first_invalid_seq}: {verify.data.problem}
            </p>
          )}
        </Card>
      )}
      <InlineError error={verify.error} />
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <Field label="Event">
          {(id) => (
            <Select
              id={id}
              value={event}
              onChange={(e) => {
                setEvent(e.target.value as EventName | "");
                resetPages();
              }}
            >
              <option value="">All events</option>
              {allEventNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Actor user id">
          {(id) => (
            <Input
              id={id}
              className="w-80 font-mono"
              value={actor}
              onChange={(e) => {
                setActor(e.target.value);
                resetPages();
              }}
            />
          )}
        </Field>
      </div>
      {log.isPending ? (
        <Loading what="the audit log" />
      ) : log.isError ? (
        <ErrorState error={log.error} what="the audit log" retry={() => void log.refetch()} />
      ) : log.data.items.length === 0 ? (
        <Empty title="Nothing logged yet" />
      ) : (
        <ol className="flex flex-col divide-y divide-zinc-200 rounded-md border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900" data-testid="audit-entries">
          {log.data.items.map((entry) => (
            <li key={entry.id} className="px-3 py-2 text-sm">
              <button type="button" className="flex w-full flex-wrap items-center gap-2 text-left" aria-expanded={open === entry.id} onClick={() => setOpen(open === entry.id ? null : entry.id)}>
                <span className="w-10 text-xs text-zinc-600 dark:text-zinc-400">#{entry.seq}</span>
                <code className="font-medium">{entry.event}</code>
                {entry.actor.access_type && <Badge>{entry.actor.access_type}</Badge>}
                {auditTarget(entry.event, entry.object_key) && (
                  <span className="min-w-0 truncate font-mono text-xs text-zinc-600 dark:text-zinc-400">{auditTarget(entry.event, entry.object_key)}</span>
                )}
                <span className="ml-auto text-xs text-zinc-600 dark:text-zinc-400">{formatDate(entry.occurred_at_millis)}</span>
              </button>
              <AuditChanges event={entry.event} payload={entry.payload} />
              {open === entry.id && (
                <pre className="mt-2 max-h-80 overflow-auto rounded bg-zinc-100 p-2 font-mono text-xs dark:bg-zinc-800">
                  {JSON.stringify({ actor: entry.actor, payload: entry.payload, hash: entry.hash }, null, 2)}
                </pre>
              )}
            </li>
          ))}
        </ol>
      )}
      <nav aria-label="Pages of the audit log" className="mt-3 flex items-center gap-2">
        <Button variant="secondary" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
          <ChevronLeft aria-hidden className="size-4" /> Newer
        </Button>
        <span className="text-sm">Page {page + 1}</span>
        <Button
          variant="secondary"
          disabled={next === null}
          onClick={() => {
            setCursors((list) => [...list.slice(0, page + 1), next ?? undefined]);
            setPage((p) => p + 1);
          }}
        >
          Older <ChevronRight aria-hidden className="size-4" />
        </Button>
      </nav>
    </>
  );
}
