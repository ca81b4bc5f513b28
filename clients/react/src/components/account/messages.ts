/**
 * Texts of the account settings and the signed-in components (UserButton, SelectedTeamSwitcher,
 * TeamInvitation, CliAuthConfirmation): English here, the other languages in ./locales/ (loaded on
 * demand). Placeholders in `{braces}` are filled with `format` from the i18n module.
 */
import { defineMessages } from "../../i18n/index.js";
import { en, type AccountKey } from "./messages-en.js";

export type { AccountKey };

export const accountMessages = defineMessages(en, {
  de: () => import("./locales/de.js").then((m) => m.account),
  fr: () => import("./locales/fr.js").then((m) => m.account),
  es: () => import("./locales/es.js").then((m) => m.account),
  "pt-BR": () => import("./locales/pt-BR.js").then((m) => m.account),
  it: () => import("./locales/it.js").then((m) => m.account),
  ja: () => import("./locales/ja.js").then((m) => m.account),
  "zh-CN": () => import("./locales/zh-CN.js").then((m) => m.account),
});

export type AccountText = (typeof accountMessages)["en"];
