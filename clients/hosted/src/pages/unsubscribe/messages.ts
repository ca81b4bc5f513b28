/** Texts of the hosted unsubscribe page: English here, the other languages in ../../locales/. */
import { defineMessages } from "../../react.js";
import { en, type UnsubscribeKey } from "./messages-en.js";

export type { UnsubscribeKey };

export const unsubscribeMessages = defineMessages(en, {
  de: () => import("../../locales/de.js").then((m) => m.unsubscribe),
  fr: () => import("../../locales/fr.js").then((m) => m.unsubscribe),
  es: () => import("../../locales/es.js").then((m) => m.unsubscribe),
  "pt-BR": () => import("../../locales/pt-BR.js").then((m) => m.unsubscribe),
  it: () => import("../../locales/it.js").then((m) => m.unsubscribe),
  ja: () => import("../../locales/ja.js").then((m) => m.unsubscribe),
  "zh-CN": () => import("../../locales/zh-CN.js").then((m) => m.unsubscribe),
});

/** Puts `{name}` values into a text. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
