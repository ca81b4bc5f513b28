/**
 * The registry: which deliverer handles each `kind` of outbox row. A new kind of job (webhooks next)
 * is one deliverer, registered here; the runner needs no change.
 */
import type { AppDeps } from "../../deps.js";
import { createEmailDeliverer } from "../email/deliverer.js";
import { createWebhookDeliverer, createWebhookFanoutDeliverer } from "../webhooks/deliverer.js";
import { createWorkflowDeliverer } from "../workflows/deliverer.js";
import type { Deliverers } from "./deliverer.js";

export function createDeliverers(deps: AppDeps): Deliverers {
  return {
    email: createEmailDeliverer(deps),
    webhook: createWebhookDeliverer(deps),
    webhook_fanout: createWebhookFanoutDeliverer(deps),
    workflow: createWorkflowDeliverer(deps),
  };
}
