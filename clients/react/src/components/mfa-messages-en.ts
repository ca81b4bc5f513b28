/** The English texts of mfa-messages.ts: the source every translation follows, apart from the loader so that translations can name the keys without an import cycle. */
export const en = {
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
