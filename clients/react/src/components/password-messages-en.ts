/** The English texts of password-messages.ts: the source every translation follows, apart from the loader so that translations can name the keys without an import cycle. */
export const en = {
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
