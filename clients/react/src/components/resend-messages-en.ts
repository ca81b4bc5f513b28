/** The English texts of resend-messages.ts: the source every translation follows, apart from the loader so that translations can name the keys without an import cycle. */
export const en = {
  resend: "Send it again",
  resendIn: "Send again in {seconds} s",
  resent: "A new mail is on its way.",
  newSignInLink: "Ask for a new sign-in link",
  newVerificationLink: "Send me a new link",
  signInForNewLink: "Sign in to ask for a new link",
  noMailYet: "No mail? Look in the spam folder, or send it again.",
};

export type ResendKey = keyof typeof en;
