/** The texts of the password rules and of the refusals that name one. */
import { defineMessages } from "../i18n/index.js";

const en = {
  rulesTitle: "Your password needs:",
  ruleLength: "{min} to {max} characters",
  ruleGuessable: "not to be a common password or an easy pattern (a word with a digit, a keyboard row, a repeat, a date)",
  ruleFailed: "Not met:",
  failedShort: "Too short: the password needs at least {min} characters.",
  failedLong: "Too long: the password may have at most {max} characters.",
  failedCommon: "Too common: this password is one of the most used ones. Choose another one.",
  failedGuessable: "Too easy to guess: it follows a pattern people often use. Try a few unrelated words, or a longer mix of letters, digits and symbols.",
};

export type PasswordKey = keyof typeof en;

export const passwordMessages = defineMessages(en, {
  de: () => import("../locales/de.js").then((m) => m.password),
  fr: () => import("../locales/fr.js").then((m) => m.password),
  es: () => import("../locales/es.js").then((m) => m.password),
  "pt-BR": () => import("../locales/pt-BR.js").then((m) => m.password),
  it: () => import("../locales/it.js").then((m) => m.password),
  ja: () => import("../locales/ja.js").then((m) => m.password),
  "zh-CN": () => import("../locales/zh-CN.js").then((m) => m.password),
});
