/** The English texts of messages.ts: the source every translation follows, apart from the loader so that translations can name the keys without an import cycle. */
export const en = {
  missingTitle: "App not found",
  missingText: "This app does not exist. Check the link you followed.",
};

export type HostedKey = keyof typeof en;
