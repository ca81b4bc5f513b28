/** The project configuration's `payments` subtree as the payments page reads it. */
export type CustomerType = "user" | "team" | "custom";

export interface OfferTree {
  displayName: string;
  customerType: CustomerType;
  serverOnly: boolean;
  isAddOnTo?: unknown;
  groupId?: string;
  prices: "include-by-default" | Record<string, Record<string, unknown>>;
  includedItems: Record<string, { quantity: number }>;
}

export interface PaymentsTree {
  testMode?: boolean;
  items?: Record<string, { displayName: string; customerType: CustomerType }>;
  offers?: Record<string, OfferTree>;
}

/** Ids of items and offers (config keys). */
export const idPattern = "[a-z0-9_-]+";
