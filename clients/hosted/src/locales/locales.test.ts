import { describe, expect, it } from "vitest";
import { translationProblems } from "../../../react/src/test-support/translations.js";
import { hostedMessages } from "../messages.js";
import { paymentMessages } from "../pages/checkout/messages.js";
import { unsubscribeMessages } from "../pages/unsubscribe/messages.js";

describe("hosted pages' languages", () => {
  it.each([
    ["hosted", hostedMessages],
    ["unsubscribe", unsubscribeMessages],
    ["payment", paymentMessages],
  ] as const)("have every text of %s in every language: no key missing or extra, none empty, the same {placeholders}", async (name, catalogue) => {
    expect(await translationProblems(name, catalogue)).toEqual([]);
  });
});
