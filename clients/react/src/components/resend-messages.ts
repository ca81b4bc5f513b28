/** The texts of the resend button and of the pages that offer a new code or link. */
import { defineMessages } from "../i18n/index.js";

const en = {
  resend: "Send it again",
  resendIn: "Send again in {seconds} s",
  resent: "A new mail is on its way.",
  newSignInLink: "Ask for a new sign-in link",
  newVerificationLink: "Send me a new link",
  signInForNewLink: "Sign in to ask for a new link",
  noMailYet: "No mail? Look in the spam folder, or send it again.",
};

export type ResendKey = keyof typeof en;

export const resendMessages = defineMessages(en, {
  de: () => import("../locales/de.js").then((m) => m.resend),
  fr: () => import("../locales/fr.js").then((m) => m.resend),
  es: () => import("../locales/es.js").then((m) => m.resend),
  "pt-BR": () => import("../locales/pt-BR.js").then((m) => m.resend),
  it: () => import("../locales/it.js").then((m) => m.resend),
  ja: () => import("../locales/ja.js").then((m) => m.resend),
  "zh-CN": () => import("../locales/zh-CN.js").then((m) => m.resend),
});
