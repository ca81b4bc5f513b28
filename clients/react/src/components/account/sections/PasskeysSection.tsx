import { format, useMessages } from "../../../i18n/index.js";
import { isIpAddress, passkeyMessages } from "../../passkey-messages.js";
import { useAction } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { registerPasskey } from "../sdk.js";
import { ActionNotices, Button, ConfirmButton, Notice, Section } from "../ui.js";
import type { SectionProps } from "./types.js";

/** Browser errors of a cancelled or timed-out ceremony (as @simplewebauthn/browser names them). */
const cancelled = (error: unknown) => {
  const name = (error as { name?: unknown; code?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  return name === "NotAllowedError" || name === "AbortError" || code === "ERROR_CEREMONY_ABORTED";
};

/**
 * Passkeys: the server keeps several per user but lists none to the client, so the section shows whether
 * passkey sign-in is on, adds a passkey of this device, and turns passkey sign-in off (all passkeys).
 */
export function PasskeysSection({ user }: SectionProps) {
  const t = useMessages(accountMessages);
  const action = useAction();
  const p = useMessages(passkeyMessages);
  const supported = typeof window === "undefined" || typeof window.PublicKeyCredential === "function";
  // Browsers refuse passkeys on a page opened by IP address (no valid relying-party id): say so up front.
  const ipHost = typeof window !== "undefined" && isIpAddress(window.location.hostname) ? window.location.hostname : null;

  const add = () => action.run(async () => {
    try {
      await registerPasskey(user);
    } catch (error) {
      if (cancelled(error)) throw Object.assign(new Error(t.passkeyCancelled), { lkText: t.passkeyCancelled });
      throw error;
    }
  }, t.passkeyAdded);

  return (
    <Section id="lk-account-passkeys" title={t.sectionPasskeys} description={user.passkeyAuthEnabled ? t.passkeyOn : t.passkeyOff}>
      {!supported && <p className="lk-acc-muted">{t.passkeyUnsupported}</p>}
      {supported && ipHost !== null && <Notice kind="info">{format(p.ipAddressSettings, { host: ipHost })}</Notice>}
      <div className="lk-acc-actions">
        <Button variant="primary" busy={action.busy} disabled={!supported || ipHost !== null} onClick={() => void add()}>
          {action.busy ? t.passkeyAdding : user.passkeyAuthEnabled ? t.passkeyAddAnother : t.passkeyAdd}
        </Button>
        {user.passkeyAuthEnabled && (
          <ConfirmButton label={t.passkeyRemoveAll} question={t.passkeyRemoveConfirm} busy={action.busy} onConfirm={() => action.run(() => user.update({ passkeyAuthEnabled: false }), t.passkeyRemoved)} />
        )}
      </div>
      <ActionNotices action={action} />
    </Section>
  );
}
