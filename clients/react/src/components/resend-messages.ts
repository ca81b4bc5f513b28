/** The texts of the resend button and of the pages that offer a new code or link. */
import { defineMessages } from "../i18n/index.js";
import { en, type ResendKey } from "./resend-messages-en.js";

export type { ResendKey };

export const resendMessages = defineMessages(en, {
  de: () => import("../locales/de.js").then((m) => m.resend),
  fr: () => import("../locales/fr.js").then((m) => m.resend),
  es: () => import("../locales/es.js").then((m) => m.resend),
  "pt-BR": () => import("../locales/pt-BR.js").then((m) => m.resend),
  it: () => import("../locales/it.js").then((m) => m.resend),
  ja: () => import("../locales/ja.js").then((m) => m.resend),
  "zh-CN": () => import("../locales/zh-CN.js").then((m) => m.resend),
});
