/**
 * The payments calls of the checkout and billing pages, typed by the generated client API (contract/
 * payments.ts): paths, bodies and answers are checked by the compiler. The checkout calls carry no keys
 * (the code in the URL is their credential; a test-mode purchase only where the project allows it in
 * development), so they go out as plain typed requests; the customer's own calls go through
 * @latchkey/js's transport as the signed-in user, with the project's publishable key.
 */
import {
  buildPath, Transport, typedApi,
  type ClientComponents, type ClientPaths, type Method, type OperationOf, type PathsWith, type RequestParts, type ResponseOf,
} from "@latchkey/js/internal";

type Schemas = ClientComponents["schemas"];
export type CheckoutCode = Schemas["CheckoutCode"];
export type Price = Schemas["PaymentPrice"];
export type Interval = NonNullable<Price["interval"]>;
export type CustomerPurchase = Schemas["CustomerPurchase"];
export type CustomerOverview = ResponseOf<ClientPaths, "/payments/purchases/{customer_type}/{customer_id}", "get">;

/** A failed call: the HTTP status, the known-error code (if any) and the server's text. */
export class PaymentsApiError extends Error {
  constructor(readonly status: number, readonly code: string | null, message: string) {
    super(message);
  }
}

/** A request without credentials to a path of the client API, typed as the generated paths declare it. */
async function keylessCall<M extends Method, P extends PathsWith<ClientPaths, M>>(
  method: M,
  path: P,
  parts: RequestParts<OperationOf<ClientPaths, P, M>>,
): Promise<ResponseOf<ClientPaths, P, M>> {
  const { path: params, query, body } = parts as { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const response = await fetch(`/api/v1${buildPath(path as string, params, query)}`, {
    method: method.toUpperCase(),
    ...(body !== undefined && { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) {
    let code: string | null = response.headers.get("x-stack-known-error");
    let message = text;
    if (code) {
      try {
        message = (JSON.parse(text) as { error?: string }).error ?? text;
      } catch {
        code = null;
      }
    }
    throw new PaymentsApiError(response.status, code, message);
  }
  return JSON.parse(text) as ResponseOf<ClientPaths, P, M>;
}

export const checkoutApi = {
  validate: (fullCode: string) => keylessCall("post", "/payments/purchases/validate-code", { body: { full_code: fullCode } }),
  completeTestPurchase: (fullCode: string, priceId: string, quantity: number) =>
    keylessCall("post", "/internal/payments/test-mode-purchase-session", { body: { full_code: fullCode, price_id: priceId, quantity } }),
  startStripeCheckout: (fullCode: string, priceId: string, quantity: number) =>
    keylessCall("post", "/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: priceId, quantity } }),
};

/** The customer's own calls, made as the signed-in user (the access token) with the project's publishable key. */
export function billingApi(projectId: string, publishableKey: string, accessToken: string) {
  // The page hands over the access token alone (a session without its refresh token sends none), so it
  // travels as a header of its own.
  const transport = new Transport({
    baseUrl: window.location.origin, projectId, publishableClientKey: publishableKey, clientVersion: "hosted pages",
    extraRequestHeaders: { "x-stack-access-token": accessToken },
  });
  const client = typedApi<ClientPaths>(transport, "client");
  const customer = (customerType: "user" | "team" | "custom", customerId: string) => ({ customer_type: customerType, customer_id: customerId });
  return {
    overview: (customerType: "user" | "team" | "custom", customerId: string) => client("get", "/payments/purchases/{customer_type}/{customer_id}", { path: customer(customerType, customerId) }),
    cancel: (customerType: "user" | "team" | "custom", customerId: string, purchaseId: string) =>
      client("post", "/payments/purchases/{customer_type}/{customer_id}/{purchase_id}/cancel", { path: { ...customer(customerType, customerId), purchase_id: purchaseId } }),
  };
}
