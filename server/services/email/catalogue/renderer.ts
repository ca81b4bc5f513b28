/**
 * The process's e-mail renderer: one pool of sandbox workers shared by every project (a context serves
 * one project at a time; see render/pool.ts). Created on first use, so a server that never renders an
 * e-mail never starts a worker; idle workers do not keep the process alive. The render deadline is the
 * server's `emailRenderTimeoutMs` (one pool per distinct deadline: in practice one per process).
 * Every render of the server goes through `renderEmail`, which times it into the server's metrics
 * (`latchkey_email_render_duration_seconds`, `latchkey_email_render_failures_total`).
 */
import type { AppDeps } from "../../../deps.js";
import type { EmailRenderKind } from "../../metrics.js";
import { createEmailRenderer, type EmailRenderer, type RenderEmailInput, type RenderedEmail } from "../render/index.js";

export const DEFAULT_RENDER_TIMEOUT_MS = 1000;

const pools = new Map<number, EmailRenderer>();

export function emailRenderer(deps?: Pick<AppDeps, "config">): EmailRenderer {
  const timeoutMs = deps?.config.emailRenderTimeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  let renderer = pools.get(timeoutMs);
  if (!renderer) {
    renderer = createEmailRenderer({ timeoutMs });
    pools.set(timeoutMs, renderer);
  }
  return renderer;
}

/**
 * Renders in the shared pool; the render's duration and outcome are counted under `kind`. The product's
 * own mails (`default`) go in the product lane, ahead of every tenant's previews and sends (render/pool.ts).
 * Throws EMAIL_RENDERING_ERROR.
 */
export function renderEmail(deps: Pick<AppDeps, "config" | "metrics">, kind: EmailRenderKind, input: RenderEmailInput): Promise<RenderedEmail> {
  const lane = kind === "default" ? "product" : "tenant";
  return emailRenderer(deps).render({ ...input, lane }, ({ seconds, failure }) => deps.metrics.emailRender(kind, seconds, failure));
}

/** Stops the shared pools (process shutdown); the next render starts a new one. */
export async function closeEmailRenderer(): Promise<void> {
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((renderer) => renderer.close()));
}
