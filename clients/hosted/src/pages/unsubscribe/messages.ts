/** Texts of the hosted unsubscribe page: English here, the other languages in ../../locales/. */
import { defineMessages } from "../../react.js";

const en = {
  title: "Unsubscribe",
  marketing: "marketing",
  otherCategory: "optional",
  question: "Stop receiving {category} e-mails from {project}?",
  stillReceive: "You will still get the e-mails you need to use your account, such as sign-in links and security alerts.",
  confirm: "Unsubscribe",
  doneTitle: "You are unsubscribed",
  doneText: "You will no longer receive {category} e-mails from {project}. You can turn them back on in your account settings.",
  invalidTitle: "Link not valid",
  invalidText: "This unsubscribe link is not valid. Use the link from the latest e-mail, or change your e-mail settings in your account.",
  failed: "Something went wrong. Please try again.",
  checking: "Checking the link…",
};

export type UnsubscribeKey = keyof typeof en;

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
