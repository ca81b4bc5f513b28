/** The texts of the sign-in side's components (sign-in, sign-up, links, callbacks, MFA, handler pages). */
import { defineMessages } from "../i18n/index.js";
import { en, type AuthKey } from "./messages-en.js";

export type { AuthKey };

export const authMessages = defineMessages(en, {
  de: () => import("../locales/de.js").then((m) => m.auth),
  fr: () => import("../locales/fr.js").then((m) => m.auth),
  es: () => import("../locales/es.js").then((m) => m.auth),
  "pt-BR": () => import("../locales/pt-BR.js").then((m) => m.auth),
  it: () => import("../locales/it.js").then((m) => m.auth),
  ja: () => import("../locales/ja.js").then((m) => m.auth),
  "zh-CN": () => import("../locales/zh-CN.js").then((m) => m.auth),
});
