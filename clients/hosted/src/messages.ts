/** Texts of the hosted app itself (the pages' texts live with the components). */
import { defineMessages } from "./react.js";
import { en, type HostedKey } from "./messages-en.js";

export type { HostedKey };

export const hostedMessages = defineMessages(en, {
  de: () => import("./locales/de.js").then((m) => m.hosted),
  fr: () => import("./locales/fr.js").then((m) => m.hosted),
  es: () => import("./locales/es.js").then((m) => m.hosted),
  "pt-BR": () => import("./locales/pt-BR.js").then((m) => m.hosted),
  it: () => import("./locales/it.js").then((m) => m.hosted),
  ja: () => import("./locales/ja.js").then((m) => m.hosted),
  "zh-CN": () => import("./locales/zh-CN.js").then((m) => m.hosted),
});
