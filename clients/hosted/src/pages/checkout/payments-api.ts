/**
 * The payments calls of the checkout and billing pages, as plain fetches against /api/v1 (the checkout
 * calls need no keys: the code in the URL is their credential; a test-mode purchase only where the
 * project allows it in development). Shapes follow contract/payments.ts.
 */
export type Interval = [number, "day" | "week" | "month" | "year"];
export type Price = Partial<Record<"USD" | "EUR" | "GBP" | "JPY" | "INR" | "AUD" | "CAD", string>> & { interval?: Interval; free_trial?: Interval };

export interface CheckoutCode {
  project_id: string;
  project_display_name: string;
  offer_id: string | null;
  offer: {
    display_name: string;
    customer_type: string;
    stackable: boolean;
    group_id: string | null;
    free_trial: Interval | null;
    prices: Record<string, Price>;
    included_items: Record<string, { display_name: string; quantity: number; repeat: Interval | "never" | null; expires: string }>;
  };
  test_mode: boolean;
  test_purchase_with_code: boolean;
  stripe_ready: boolean;
  expires_at_millis: number;
}

export interface CustomerPurchase {
  id: string;
  offer_id: string | null;
  offer_display_name: string;
  type: "subscription" | "one_time";
  status: string;
  quantity: number;
  price_id: string;
  price: Price | null;
  test_mode: boolean;
  created_at_millis: number;
  current_period_end_millis: number | null;
}

export interface CustomerOverview {
  purchases: CustomerPurchase[];
  items: { id: string; display_name: string; quantity: number }[];
}

/** A failed call: the HTTP status, the known-error code (if any) and the server's text. */
export class PaymentsApiError extends Error {
  constructor(readonly status: number, readonly code: string | null, message: string) {
    super(message);
  }
}

export async function callApi<T>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<T> {
  const response = await fetch(`/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { ...(init.body !== undefined && { "content-type": "application/json" }), ...init.headers },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
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
  return JSON.parse(text) as T;
}

export const checkoutApi = {
  validate: (fullCode: string) => callApi<CheckoutCode>("/payments/purchases/validate-code", { body: { full_code: fullCode } }),
  completeTestPurchase: (fullCode: string, priceId: string, quantity: number) =>
    callApi<{ success: true }>("/internal/payments/test-mode-purchase-session", { body: { full_code: fullCode, price_id: priceId, quantity } }),
  startStripeCheckout: (fullCode: string, priceId: string, quantity: number) =>
    callApi<{ url: string }>("/payments/purchases/purchase-session", { body: { full_code: fullCode, price_id: priceId, quantity } }),
};

/** The customer's own calls, made as the signed-in user with the project's publishable key. */
export function billingApi(projectId: string, publishableKey: string, accessToken: string) {
  const headers = {
    "x-stack-access-type": "client",
    "x-stack-project-id": projectId,
    "x-stack-publishable-client-key": publishableKey,
    "x-stack-access-token": accessToken,
  };
  return {
    overview: (customerType: string, customerId: string) => callApi<CustomerOverview>(`/payments/purchases/${customerType}/${encodeURIComponent(customerId)}`, { headers }),
    cancel: (customerType: string, customerId: string, purchaseId: string) =>
      callApi<{ success: true }>(`/payments/purchases/${customerType}/${encodeURIComponent(customerId)}/${encodeURIComponent(purchaseId)}/cancel`, { method: "POST", headers }),
  };
}
