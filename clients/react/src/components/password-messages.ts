/** The texts of the password rules and of the refusals that name one. */
import { defineMessages } from "../i18n/index.js";
import { en, type PasswordKey } from "./password-messages-en.js";

export type { PasswordKey };

export const passwordMessages = defineMessages(en, {
  de: () => import("../locales/de.js").then((m) => m.password),
  fr: () => import("../locales/fr.js").then((m) => m.password),
  es: () => import("../locales/es.js").then((m) => m.password),
  "pt-BR": () => import("../locales/pt-BR.js").then((m) => m.password),
  it: () => import("../locales/it.js").then((m) => m.password),
  ja: () => import("../locales/ja.js").then((m) => m.password),
  "zh-CN": () => import("../locales/zh-CN.js").then((m) => m.password),
});
