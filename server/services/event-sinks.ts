/**
 * The server's own event sinks (services/events.ts): webhooks, the audit log and workflows. Registered once per
 * server at start-up (main.ts, and the test instance), never by services.
 */
import type { AppDeps } from "../deps.js";
import { createAuditSink } from "./audit/sink.js";
import { registerEventSink } from "./events.js";
import { createWebhookSink } from "./webhooks/sink.js";
import { createWorkflowSink } from "./workflows/sink.js";

export function registerBuiltInSinks(deps: AppDeps): () => void {
  const removers = [registerEventSink(deps, createAuditSink(deps)), registerEventSink(deps, createWebhookSink(deps)), registerEventSink(deps, createWorkflowSink(deps))];
  return () => {
    for (const remove of removers) remove();
  };
}
