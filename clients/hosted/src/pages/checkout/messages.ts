/** Texts of the checkout and billing pages: English here, the other languages in ../../locales/. */
import { defineMessages } from "../../react.js";
import { en, type PaymentKey } from "./messages-en.js";

export type { PaymentKey };

export const paymentMessages = defineMessages(en, {
  de: () => import("../../locales/de.js").then((m) => m.payment),
  fr: () => import("../../locales/fr.js").then((m) => m.payment),
  es: () => import("../../locales/es.js").then((m) => m.payment),
  "pt-BR": () => import("../../locales/pt-BR.js").then((m) => m.payment),
  it: () => import("../../locales/it.js").then((m) => m.payment),
  ja: () => import("../../locales/ja.js").then((m) => m.payment),
  "zh-CN": () => import("../../locales/zh-CN.js").then((m) => m.payment),
});

/** Fills `{name}` placeholders. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
