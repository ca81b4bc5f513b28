/** The texts of passkey sign-in beyond the known errors. */
import { defineMessages } from "../i18n/index.js";
import { en, type PasskeyKey } from "./passkey-messages-en.js";

export type { PasskeyKey };

export const passkeyMessages = defineMessages(en, {
  de: () => import("../locales/de.js").then((m) => m.passkey),
  fr: () => import("../locales/fr.js").then((m) => m.passkey),
  es: () => import("../locales/es.js").then((m) => m.passkey),
  "pt-BR": () => import("../locales/pt-BR.js").then((m) => m.passkey),
  it: () => import("../locales/it.js").then((m) => m.passkey),
  ja: () => import("../locales/ja.js").then((m) => m.passkey),
  "zh-CN": () => import("../locales/zh-CN.js").then((m) => m.passkey),
});

/** Whether a page's hostname is an IP address, where browsers refuse passkeys (no valid relying-party id). */
export function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith("[") || hostname.includes(":");
}
