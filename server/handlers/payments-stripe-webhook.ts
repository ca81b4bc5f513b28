/**
 * Stripe's webhook endpoint, `POST /api/v1/integrations/stripe/webhooks` (and under `/api/latest`, as
 * every route). Not a contract procedure:
 * Stripe signs the exact bytes it sends, so this reads the raw body (the REST adapter parses JSON).
 * A delivery whose `Stripe-Signature` does not verify against LATCHKEY_STRIPE_WEBHOOK_SECRET is refused
 * with 400 `Invalid stripe-signature header` (Stack's text); a verified event is applied once (services/payments/stripe.ts) and answered with 200, also
 * when it was a replay or of no interest, so that Stripe stops sending it.
 */
import type { AppDeps } from "../deps.js";
import { statusError } from "../errors.js";
import { applyStripeEvent, verifyStripeEvent } from "../services/payments/stripe.js";

export const STRIPE_WEBHOOK_PATHS = ["/api/v1/integrations/stripe/webhooks", "/api/latest/integrations/stripe/webhooks"];
const MAX_WEBHOOK_BYTES = 1_000_000;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Handles one delivery; mount it for POST at STRIPE_WEBHOOK_PATHS. */
export function stripeWebhookHandler(deps: AppDeps): (request: Request) => Promise<Response> {
  return async function handleStripeWebhook(request) {
    if (!deps.config.stripe?.webhookSecret) return json(404, { error: "Stripe is not configured on this server." });
    const raw = await request.text();
    if (raw.length > MAX_WEBHOOK_BYTES) return json(413, { error: "The webhook body is too large." });
    let event;
    try {
      event = verifyStripeEvent(deps, raw, request.headers.get("stripe-signature") ?? undefined);
    } catch {
      const refusal = statusError("stripeSignatureInvalid");
      return new Response(refusal.message, { status: refusal.status, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    const outcome = await applyStripeEvent(deps, event);
    return json(200, { received: true, outcome });
  };
}
