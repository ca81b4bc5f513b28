/** The catalogue and helpers the payments tests share. */
import { expect } from "vitest";
import { createKeySet, generateKeys, type KeyValues } from "../../../../server/services/api-key-sets.js";
import type { ApiResponse, CallOptions, ProjectCredentials, TestInstance } from "../../../support/instance.js";

export const catalogue = {
  "payments.items.credits": { displayName: "Credits", customerType: "user" },
  "payments.items.boosts": { displayName: "Boosts", customerType: "user" },
  "payments.items.tokens": { displayName: "Tokens", customerType: "user" },
  "payments.items.seats": { displayName: "Seats", customerType: "team" },
  "payments.groups.plans": { displayName: "Plans" },
  "payments.offers.pro": {
    displayName: "Pro",
    customerType: "user",
    groupId: "plans",
    prices: { monthly: { USD: "20.00", EUR: "18.50", interval: [1, "month"] } },
    includedItems: {
      credits: { quantity: 1000, repeat: [1, "week"], expires: "never" },
      boosts: { quantity: 3, repeat: [1, "week"], expires: "when-repeated" },
      tokens: { quantity: 5, expires: "when-purchase-expires" },
    },
  },
  "payments.offers.starter": {
    displayName: "Starter",
    customerType: "user",
    groupId: "plans",
    prices: { monthly: { USD: "5", interval: [1, "month"] } },
    includedItems: { credits: { quantity: 100 } },
  },
  "payments.offers.pack": {
    displayName: "Token pack",
    customerType: "user",
    stackable: true,
    prices: { once: { USD: "9.99", JPY: "1500" } },
    includedItems: { tokens: { quantity: 10 } },
  },
  "payments.offers.addon": {
    displayName: "Extra boosts",
    customerType: "user",
    isAddOnTo: { pro: true },
    prices: { once: { USD: "1" } },
    includedItems: { boosts: { quantity: 1 } },
  },
  "payments.offers.hidden": { displayName: "Hidden", customerType: "user", serverOnly: true, prices: { once: { USD: "1" } }, includedItems: {} },
  "payments.offers.team-seats": { displayName: "Seats", customerType: "team", prices: { yearly: { USD: "100", interval: [1, "year"] } }, includedItems: { seats: { quantity: 5 } } },
};

export interface Shop {
  project: ProjectCredentials;
  server: CallOptions;
  admin: CallOptions;
  /** `client`: signed in now (access tokens last 10 minutes); `session()`: signed in afresh, after clock moves. */
  user: { id: string; client: CallOptions; session(): Promise<CallOptions> };
  other: { id: string; client: CallOptions; session(): Promise<CallOptions> };
  /** create-purchase-url; answers the response. */
  purchaseUrl(body: Record<string, unknown>, options?: CallOptions): Promise<ApiResponse>;
  /** A checkout code for `offer_id` (or an inline offer) bought by the user; returns the full code. */
  code(body?: Record<string, unknown>, options?: CallOptions): Promise<string>;
  /** test-mode-purchase-session as the project's admin. */
  buy(fullCode: string, priceId: string, quantity?: number): Promise<ApiResponse>;
  /** Checkout code + test-mode purchase, which must succeed. */
  purchase(offerId: string, priceId: string, quantity?: number): Promise<void>;
  quantity(itemId: string, customerId?: string): Promise<number>;
}

export const DAY = 86_400_000;
export const WEEK = 7 * DAY;

export function fullCodeOf(url: string): string {
  const match = /\/handler\/purchase\/([^/?#]+)(\?project_id=[\w-]+)?$/.exec(url);
  expect(match, url).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

export async function openShop(lk: TestInstance, configOverride: Record<string, unknown> = catalogue): Promise<Shop> {
  const created = await lk.createProject({ configOverride });
  // Keys that outlive the clock moves of these tests (the factory's expire after a day).
  const keys = generateKeys({ publishable: true, secret: true, admin: true }) as Required<KeyValues>;
  await createKeySet(lk.deps, created.id, { description: "long-lived test keys", expiresAt: new Date(lk.clock.now().getTime() + 10 * 365 * DAY), keys });
  const project: ProjectCredentials = { id: created.id, keys };
  const server: CallOptions = { access: "server", project };
  const admin: CallOptions = { access: "admin", project };
  const signUp = async (email: string) => {
    const created = await lk.call("POST", "/users", { ...server, body: { primary_email: email } });
    const id = created.body.id as string;
    const client = async (): Promise<CallOptions> => {
      const session = await lk.call("POST", "/auth/sessions", { ...server, body: { user_id: id } });
      return { access: "client" as const, project, headers: { "x-stack-access-token": session.body.access_token as string } };
    };
    return { id, client: await client(), session: client };
  };
  const user = await signUp("buyer@example.com");
  const other = await signUp("other@example.com");
  const shop: Shop = {
    project,
    server,
    admin,
    user,
    other,
    purchaseUrl: (body, options = user.client) => lk.call("POST", "/payments/purchases/create-purchase-url", { ...options, body }),
    async code(body = {}, options?: CallOptions) {
      options ??= await user.session();
      const res = await shop.purchaseUrl({ customer_type: "user", customer_id: user.id, ...body }, options);
      expect(res.status, res.text).toBe(200);
      return fullCodeOf(res.body.url as string);
    },
    buy: (fullCode, priceId, quantity) =>
      lk.call("POST", "/internal/payments/test-mode-purchase-session", { ...admin, body: { full_code: fullCode, price_id: priceId, ...(quantity !== undefined && { quantity }) } }),
    async purchase(offerId, priceId, quantity) {
      const res = await shop.buy(await shop.code({ offer_id: offerId }), priceId, quantity);
      expect([res.status, res.text]).toEqual([200, JSON.stringify({ success: true })]);
    },
    async quantity(itemId, customerId = user.id) {
      const res = await lk.call("GET", `/payments/items/user/${customerId}/${itemId}`, server);
      expect(res.status, res.text).toBe(200);
      return res.body.quantity as number;
    },
  };
  return shop;
}

