import { describe, expect, it } from "vitest";
import { chargeOf } from "./stripe.js";

describe("Stripe amounts", () => {
  it("charges the first configured currency in minor units, by that currency's decimals", () => {
    expect(chargeOf({ USD: "20.00", EUR: "18.50" })).toEqual({ currency: "USD", minorUnits: 2000 });
    expect(chargeOf({ EUR: "9.5" })).toEqual({ currency: "EUR", minorUnits: 950 });
    expect(chargeOf({ GBP: "0.07" })).toEqual({ currency: "GBP", minorUnits: 7 });
    expect(chargeOf({ JPY: "1500" })).toEqual({ currency: "JPY", minorUnits: 1500 });
    expect(chargeOf({ CAD: "12" })).toEqual({ currency: "CAD", minorUnits: 1200 });
  });
});
