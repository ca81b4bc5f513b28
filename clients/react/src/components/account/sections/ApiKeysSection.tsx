import { useCallback } from "react";
import { useMessages } from "../../../i18n/index.js";
import { accountMessages } from "../messages.js";
import { Section } from "../ui.js";
import { ApiKeysPanel } from "./ApiKeysPanel.js";
import type { SectionProps } from "./types.js";

export function ApiKeysSection({ user }: SectionProps) {
  const t = useMessages(accountMessages);
  const list = useCallback(() => user.listApiKeys(), [user]);
  const create = useCallback((options: { description: string; expiresAt: Date | null }) => user.createApiKey(options), [user]);
  return (
    <Section id="lk-account-api-keys" title={t.sectionApiKeys}>
      <ApiKeysPanel list={list} create={create} help={t.apiKeysUserHelp} />
    </Section>
  );
}
