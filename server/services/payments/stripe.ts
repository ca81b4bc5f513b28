/**
 * Stripe through the official client (Connect): each project gets a connected account
 * (`/internal/payments/setup`), purchases go through Stripe Checkout on that account, and Stripe's
 * webhook events (checkout completed, invoice paid, subscription updated or deleted) are applied once
 * each: the event id is recorded in the same transaction as its effect, so a replay changes nothing.
 * The platform key, the webhook signing secret and the API base come from the server settings
 * (LATCHKEY_STRIPE_*); nothing secret is stored per project (the account id is not a secret).
 */
import Stripe from "stripe";
import { knownError } from "../../../contract/known-error.js";
import { currencies, currencyDecimals, type ConfigPrice, type Currency } from "../../../contract/payments-config.js";
import type { ProjectRow } from "../../db/queries/projects.js";
import type { PurchaseRow } from "../../db/queries/purchases.js";
import type { Db } from "../../db/store.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { findPurchaseCode, redeemCode, checkoutUrl } from "./checkout.js";
import { endPurchase, priceOf } from "./purchases.js";
import { isRecurring } from "./intervals.js";

const clients = new WeakMap<AppDeps, Stripe>();

/** The Stripe client of this server, or stripeNotConfigured. */
export function stripeClient(deps: AppDeps): Stripe {
  let client = clients.get(deps);
  if (client) return client;
  const settings = deps.config.stripe;
  if (!settings?.secretKey) throw statusError("stripeNotConfigured");
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  client = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
  clients.set(deps, client);
  return client;
}

export async function stripeAccountId(deps: AppDeps, projectId: string, db: Db = deps.store.db): Promise<string | null> {
  return deps.queries.stripe.accountId(projectId, db);
}

/** Creates the connected account when the project has none, and answers an onboarding link. */
export async function setupStripe(deps: AppDeps, project: ProjectRow): Promise<string> {
  const stripe = stripeClient(deps);
  let accountId = await stripeAccountId(deps, project.id);
  if (!accountId) {
    const account = await stripe.accounts.create({
      controller: { stripe_dashboard: { type: "express" }, fees: { payer: "application" }, losses: { payments: "application" } },
      metadata: { project_id: project.id },
    });
    await deps.queries.stripe.insertAccount(project.id, account.id, deps.clock.now());
    accountId = (await stripeAccountId(deps, project.id))!;
  }
  const back = `${deps.config.publicUrl.replace(/\/+$/, "")}/dashboard/projects/${encodeURIComponent(project.id)}/payments`;
  const link = await stripe.accountLinks.create({ account: accountId, type: "account_onboarding", refresh_url: back, return_url: back });
  return link.url;
}

export async function stripeAccountInfo(deps: AppDeps, project: ProjectRow) {
  const accountId = await stripeAccountId(deps, project.id);
  if (!accountId) throw knownError("STRIPE_ACCOUNT_INFO_NOT_FOUND");
  const account = await stripeClient(deps).accounts.retrieve(accountId);
  return {
    account_id: account.id,
    charges_enabled: account.charges_enabled === true,
    details_submitted: account.details_submitted === true,
    payouts_enabled: account.payouts_enabled === true,
  };
}

export async function stripeAccountSession(deps: AppDeps, project: ProjectRow): Promise<string> {
  const accountId = await stripeAccountId(deps, project.id);
  if (!accountId) throw statusError("stripeAccountIdNotSet");
  const session = await stripeClient(deps).accountSessions.create({
    account: accountId,
    components: { payments: { enabled: true }, notification_banner: { enabled: true }, account_onboarding: { enabled: true } },
  });
  return session.client_secret;
}

/** The price's first configured currency (in the order of the SPEC's list) and its amount in minor units. */
export function chargeOf(price: ConfigPrice): { currency: Currency; minorUnits: number } {
  const currency = currencies.find((c) => price[c] !== undefined);
  if (!currency) throw statusError("purchaseOfferNotBuyable");
  const [whole, fraction = ""] = price[currency]!.split(".");
  const decimals = currencyDecimals[currency];
  return { currency, minorUnits: Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0") };
}

/** Starts Stripe Checkout for a code on the project's connected account; answers Stripe's page URL. */
export async function createStripeCheckout(deps: AppDeps, fullCode: string, priceId: string, quantity: number): Promise<string> {
  const { project, code } = await findPurchaseCode(deps, fullCode);
  const price = priceOf(code.offer, priceId);
  if (quantity > 1 && code.offer.stackable !== true) throw statusError("purchaseNotStackable");
  const accountId = await stripeAccountId(deps, project.id);
  if (!accountId) throw statusError("purchaseNeedsStripe");
  const stripe = stripeClient(deps);
  const { currency, minorUnits } = chargeOf(price);
  const subscription = isRecurring(price.interval);
  const metadata = { project_id: project.id, code_id: code.id, price_id: priceId, quantity: String(quantity) };
  const page = checkoutUrl(deps, fullCode);
  const session = await stripe.checkout.sessions.create(
    {
      mode: subscription ? "subscription" : "payment",
      line_items: [
        {
          quantity,
          price_data: {
            currency: currency.toLowerCase(),
            unit_amount: minorUnits,
            product_data: { name: code.offer.displayName },
            ...(subscription && isRecurring(price.interval) && { recurring: { interval: price.interval[1], interval_count: price.interval[0] } }),
          },
        },
      ],
      metadata,
      ...(subscription && { subscription_data: { metadata } }),
      client_reference_id: `${code.customerType}:${code.customerId}`,
      success_url: `${page}${page.includes("?") ? "&" : "?"}status=success`,
      cancel_url: `${page}${page.includes("?") ? "&" : "?"}status=cancelled`,
    },
    { stripeAccount: accountId },
  );
  if (!session.url) throw statusError("purchaseNeedsStripe");
  await deps.queries.purchaseCodes.setStripeSession(code.id, session.id);
  return session.url;
}

/** Cancels the Stripe side of a purchase (if it has one) before it is ended here. */
export async function cancelStripeSubscription(deps: AppDeps, purchase: PurchaseRow): Promise<void> {
  if (!purchase.stripeSubscriptionId) return;
  const accountId = await stripeAccountId(deps, purchase.projectId);
  await stripeClient(deps).subscriptions.cancel(purchase.stripeSubscriptionId, {}, accountId ? { stripeAccount: accountId } : {});
}

// ---- Webhooks ---------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === "string" ? v : v && typeof v === "object" && typeof (v as Obj).id === "string" ? ((v as Obj).id as string) : null);
const num = (v: unknown): number | null => (typeof v === "number" ? v : null);
const at = (seconds: number | null): Date | null => (seconds === null ? null : new Date(seconds * 1000));

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

/** Verifies a webhook delivery's signature (throws Stripe's signature error when it does not verify). */
export function verifyStripeEvent(deps: AppDeps, rawBody: string, signature: string | undefined): Stripe.Event {
  const secret = deps.config.stripe?.webhookSecret;
  if (!secret) throw statusError("stripeNotConfigured");
  return stripeWebhooks.constructEvent(rawBody, signature ?? "", secret);
}

/** Signature checks need no API key; this instance only verifies (and, in tests, signs). */
export const stripeWebhooks = Stripe.webhooks;

async function projectOfEvent(deps: AppDeps, event: Stripe.Event, object: Obj): Promise<string | null> {
  if (event.account) {
    const projectId = await deps.queries.stripe.projectOfAccount(event.account);
    if (projectId !== null) return projectId;
  }
  const metadata = (object.metadata ?? {}) as Obj;
  return typeof metadata.project_id === "string" ? metadata.project_id : null;
}

function subscriptionIdOf(object: Obj): string | null {
  const direct = str(object.subscription);
  if (direct) return direct;
  const details = ((object.parent as Obj | null | undefined)?.subscription_details ?? null) as Obj | null;
  return details ? str(details.subscription) : null;
}

function periodEndOf(object: Obj): Date | null {
  const direct = num(object.current_period_end);
  if (direct !== null) return at(direct);
  const items = ((object.items as Obj | undefined)?.data ?? []) as Obj[];
  const fromItem = items.map((i) => num(i.current_period_end)).find((v) => v !== null);
  if (fromItem !== undefined && fromItem !== null) return at(fromItem);
  const lines = ((object.lines as Obj | undefined)?.data ?? []) as Obj[];
  const fromLine = lines.map((l) => num((l.period as Obj | undefined)?.end)).find((v) => v !== null);
  if (fromLine !== undefined && fromLine !== null) return at(fromLine);
  return at(num(object.period_end));
}

async function purchaseBySubscription(deps: AppDeps, tx: Db, projectId: string, subscriptionId: string): Promise<PurchaseRow | undefined> {
  return deps.queries.purchases.findBySubscription(projectId, subscriptionId, tx);
}

async function applyEvent(deps: AppDeps, tx: Db, projectId: string, event: Stripe.Event, object: Obj): Promise<void> {
  const purchases = deps.queries.purchases;
  switch (event.type) {
    case "checkout.session.completed": {
      const metadata = (object.metadata ?? {}) as Obj;
      const sessionId = str(object.id);
      if (typeof metadata.code_id !== "string" || typeof metadata.price_id !== "string" || !sessionId) return;
      if (await purchases.existsForSession(sessionId, tx)) return;
      const code = await deps.queries.purchaseCodes.findById(projectId, metadata.code_id, tx);
      const project = await deps.queries.projects.find(projectId, tx);
      if (!code || !project) return;
      const quantity = Math.max(1, Number.parseInt(String(metadata.quantity ?? "1"), 10) || 1);
      // The customer paid: the purchase is recorded even if the code has expired meanwhile.
      await deps.queries.purchaseCodes.clearUsed(code.id, tx);
      await redeemCode(deps, tx, project, { ...code, usedAt: null }, metadata.price_id, quantity, {
        testMode: event.livemode !== true,
        stripe: { subscriptionId: str(object.subscription), sessionId, periodEnd: null, status: object.subscription ? "active" : "succeeded" },
      });
      return;
    }
    case "invoice.paid": {
      const subscriptionId = subscriptionIdOf(object);
      if (!subscriptionId) return;
      const purchase = await purchaseBySubscription(deps, tx, projectId, subscriptionId);
      if (!purchase || purchase.endedAt) return;
      await purchases.update(purchase.id, { status: "active", currentPeriodEnd: periodEndOf(object) ?? purchase.currentPeriodEnd }, tx);
      return;
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscriptionId = str(object.id);
      if (!subscriptionId) return;
      const purchase = await purchaseBySubscription(deps, tx, projectId, subscriptionId);
      if (!purchase || purchase.endedAt) return;
      const status = typeof object.status === "string" ? object.status : purchase.status;
      if (event.type === "customer.subscription.deleted" || status === "canceled" || status === "incomplete_expired") {
        const endedAt = at(num(object.ended_at)) ?? deps.clock.now();
        await endPurchase(deps, tx, purchase, endedAt);
        return;
      }
      await purchases.update(purchase.id, { status, cancelAtPeriodEnd: object.cancel_at_period_end === true, currentPeriodEnd: periodEndOf(object) ?? purchase.currentPeriodEnd }, tx);
      return;
    }
    default:
      return;
  }
}

/** Applies a verified event once; answers whether it changed anything this time. */
export async function applyStripeEvent(deps: AppDeps, event: Stripe.Event): Promise<WebhookOutcome> {
  const object = event.data.object as unknown as Obj;
  const projectId = await projectOfEvent(deps, event, object);
  if (!projectId || !(await deps.queries.projects.find(projectId))) return "ignored";
  return deps.store.transaction(async (tx) => {
    if (!(await deps.queries.stripe.recordEvent({ projectId, id: event.id, type: event.type, receivedAt: deps.clock.now() }, tx))) return "duplicate";
    await applyEvent(deps, tx, projectId, event, object);
    return "applied";
  });
}
