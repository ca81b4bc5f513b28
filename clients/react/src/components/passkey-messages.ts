/** The texts of passkey sign-in beyond the known errors. */
import { defineMessages } from "../i18n/index.js";

export const passkeyMessages = defineMessages({
  en: {
    ipAddress:
      "Passkeys work only on pages opened by a domain name (such as auth.example.com or localhost), not by an IP address like {host}. Open this page by its domain name, or sign in another way.",
  },
  de: {
    ipAddress:
      "Passkeys funktionieren nur auf Seiten, die über einen Domainnamen geöffnet wurden (etwa auth.example.com oder localhost), nicht über eine IP-Adresse wie {host}. Öffnen Sie diese Seite über ihren Domainnamen oder melden Sie sich auf anderem Weg an.",
  },
});

/** Whether a page's hostname is an IP address, where browsers refuse passkeys (no valid relying-party id). */
export function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith("[") || hostname.includes(":");
}
