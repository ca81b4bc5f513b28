/** What a started server prints on stdout once it listens: the keys made at first start (if any), then where to go. */
import type { ServerConfig } from "./config.js";
import type { KeyValues } from "./services/api-key-sets.js";

export function startBanner(config: ServerConfig, generatedKeys: KeyValues | null): string {
  const lines = [""];
  if (generatedKeys) {
    lines.push(
      "Latchkey created the internal project's keys. They are shown only now; store them safely:",
      `  LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY=${generatedKeys.publishableClientKey}`,
      `  LATCHKEY_INTERNAL_SECRET_SERVER_KEY=${generatedKeys.secretServerKey}`,
      `  LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY=${generatedKeys.superSecretAdminKey}`,
      "",
    );
  }
  lines.push(`Latchkey is running: open ${config.publicUrl}/dashboard`, "");
  return lines.join("\n") + "\n";
}
