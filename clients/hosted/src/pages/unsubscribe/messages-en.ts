/** The English texts of messages.ts: the source every translation follows, apart from the loader so that translations can name the keys without an import cycle. */
export const en = {
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
