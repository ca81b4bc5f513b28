/** The English texts of passkey-messages.ts: the source every translation follows, apart from the loader so that translations can name the keys without an import cycle. */
export const en = {
  ipAddress:
    "Passkeys work only on pages opened by a domain name (such as auth.example.com or localhost), not by an IP address like {host}. Open this page by its domain name, or sign in another way.",
  ipAddressSettings:
    "Passkeys work only on pages opened by a domain name (such as auth.example.com or localhost), not by an IP address like {host}. Open these settings by their domain name to add a passkey.",
};

export type PasskeyKey = keyof typeof en;
