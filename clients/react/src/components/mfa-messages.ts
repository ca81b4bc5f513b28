/** The texts of the second-factor page (a TOTP code, one of the user's recovery codes, or a passkey). */
import { defineMessages } from "../i18n/index.js";
import { en, type MfaKey } from "./mfa-messages-en.js";

export type { MfaKey };

export const mfaMessages = defineMessages(en, {
  de: () => import("../locales/de.js").then((m) => m.mfa),
  fr: () => import("../locales/fr.js").then((m) => m.mfa),
  es: () => import("../locales/es.js").then((m) => m.mfa),
  "pt-BR": () => import("../locales/pt-BR.js").then((m) => m.mfa),
  it: () => import("../locales/it.js").then((m) => m.mfa),
  ja: () => import("../locales/ja.js").then((m) => m.mfa),
  "zh-CN": () => import("../locales/zh-CN.js").then((m) => m.mfa),
});
