/** The texts of the second-factor page (a TOTP code, one of the user's recovery codes, or a passkey). */
import { defineMessages } from "../i18n/index.js";

const en = {
  recoveryIntro: "Enter one of the recovery codes you saved when you set up two-factor authentication. Each code works once.",
  recoveryCode: "Recovery code",
  recoveryHint: "For example abc123-def456-ghi789-jkl012 (dashes and capitals do not matter).",
  useRecovery: "Use a recovery code",
  useAuthenticator: "Use the code from your authenticator app",
  usePasskey: "Use a passkey instead",
  passkeyFailed: "The passkey could not sign you in. Try again, or use a code.",
  recoveryWrong: "This recovery code is not one of yours. Check it for typos, or use another one.",
  recoveryUsed: "This recovery code has already been used. Each code works once: use another one of your codes.",
  recoveryDoneTitle: "You are signed in",
  recoveryLeft: "Recovery codes still unused: {count}.",
  recoveryRenew: "Create new recovery codes in your account settings before you run out, and keep them somewhere safe.",
  recoveryNoneLeft: "That was your last recovery code. Create new ones in your account settings now.",
};

export type MfaKey = keyof typeof en;

export const mfaMessages = defineMessages(en, {
  de: () => import("../locales/de.js").then((m) => m.mfa),
  fr: () => import("../locales/fr.js").then((m) => m.mfa),
  es: () => import("../locales/es.js").then((m) => m.mfa),
  "pt-BR": () => import("../locales/pt-BR.js").then((m) => m.mfa),
  it: () => import("../locales/it.js").then((m) => m.mfa),
  ja: () => import("../locales/ja.js").then((m) => m.mfa),
  "zh-CN": () => import("../locales/zh-CN.js").then((m) => m.mfa),
});
