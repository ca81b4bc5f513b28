/**
 * A small stand-in for the parts of Stripe's API that payments use (Connect accounts, account links
 * and sessions, Checkout sessions, subscription cancellation), for tests that run the real `stripe`
 * client against it (LATCHKEY_STRIPE_API_BASE). It keeps what it created, records every request
 * (form fields flat, as Stripe's client encodes them: `line_items[0][quantity]`), and signs webhook
 * events the way Stripe does.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** The `Stripe-Account` header (requests made on a connected account). */
  account: string | null;
  form: Record<string, string>;
}

export interface StripeStandIn extends AsyncDisposable {
  url: string;
  webhookSecret: string;
  secretKey: string;
  requests: RecordedStripeRequest[];
  accounts: Map<string, { id: string; charges_enabled: boolean; details_submitted: boolean; payouts_enabled: boolean }>;
  /** A signed webhook delivery of an event: the body and its Stripe-Signature header. */
  signedEvent(event: Record<string, unknown>, secret?: string): { body: string; signature: string };
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  const query = (req.url ?? "").split("?")[1] ?? "";
  return Object.fromEntries(new URLSearchParams(text || query));
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedStripeRequest[] = [];
  const accounts: StripeStandIn["accounts"] = new Map();
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse) => send(res, 404, { error: { type: "invalid_request_error", message: "No such resource" } });

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "/").split("?")[0]!;
      const form = await readForm(req);
      const accountHeader = req.headers["stripe-account"];
      requests.push({ method: req.method ?? "GET", path, account: typeof accountHeader === "string" ? accountHeader : null, form });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        send(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        return;
      }
      const route = `${req.method} ${path}`;
      if (route === "POST /v1/accounts") {
        const account = { id: id("acct"), charges_enabled: false, details_submitted: false, payouts_enabled: false };
        accounts.set(account.id, account);
        send(res, 200, { object: "account", ...account, metadata: {} });
        return;
      }
      const accountMatch = /^\/v1\/accounts\/([^/]+)$/.exec(path);
      if (req.method === "GET" && accountMatch) {
        const account = accounts.get(accountMatch[1]!);
        if (account) send(res, 200, { object: "account", ...account });
        else notFound(res);
        return;
      }
      if (route === "POST /v1/account_links") {
        send(res, 200, { object: "account_link", url: `https://connect.stripe.test/setup/${form.account ?? ""}`, expires_at: 0, created: 0 });
        return;
      }
      if (route === "POST /v1/account_sessions") {
        send(res, 200, { object: "account_session", account: form.account, client_secret: id("accs_secret"), expires_at: 0, livemode: false, components: {} });
        return;
      }
      if (route === "POST /v1/checkout/sessions") {
        const sessionId = id("cs_test");
        send(res, 200, { object: "checkout.session", id: sessionId, url: `https://checkout.stripe.test/pay/${sessionId}`, mode: form.mode, metadata: {} });
        return;
      }
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (req.method === "DELETE" && subscriptionMatch) {
        send(res, 200, { object: "subscription", id: subscriptionMatch[1], status: "canceled" });
        return;
      }
      notFound(res);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    requests,
    accounts,
    signedEvent(event, secret = webhookSecret) {
      const body = JSON.stringify({ object: "event", api_version: "2025-01-01", livemode: false, created: Math.floor(Date.now() / 1000), ...event }, null, 2);
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
    },
    async [Symbol.asyncDispose]() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
