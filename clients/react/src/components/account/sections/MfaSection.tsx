import { useEffect, useState, type FormEvent } from "react";
import { useMessages } from "../../../i18n/index.js";
import { useAction } from "../hooks.js";
import { accountMessages } from "../messages.js";
import { createRecoveryCodes } from "../sdk.js";
import { base32, checkTotpCode, newTotpSecret, otpauthUri } from "../totp.js";
import { ActionNotices, Button, ConfirmButton, Field, Notice, SecretOnce, Section } from "../ui.js";
import type { SectionProps } from "./types.js";

/** Recovery codes where the server makes them; an older server without the route just has none. */
async function recoveryCodesIfSupported(...args: Parameters<typeof createRecoveryCodes>): Promise<string[] | null> {
  try {
    return await createRecoveryCodes(...args);
  } catch (error) {
    const status = (error as { statusCode?: unknown; status?: unknown } | null)?.statusCode ?? (error as { status?: unknown } | null)?.status;
    if (status === 404) return null;
    throw error;
  }
}

function Enrolment({ app, user, project, onDone }: SectionProps & { onDone: (codes: string[] | null) => void }) {
  const t = useMessages(accountMessages);
  const action = useAction();
  const [secret] = useState(newTotpSecret);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [wrong, setWrong] = useState(false);
  const uri = otpauthUri(secret, project.displayName, user.primaryEmail ?? user.displayName ?? user.id);

  useEffect(() => {
    let live = true;
    // Loaded on demand, so the QR code library stays out of the sign-in pages' bundle.
    import("qrcode")
      .then((QRCode) => QRCode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: "M" }))
      .then((url) => live && setQr(url), () => live && setQr(null));
    return () => {
      live = false;
    };
  }, [uri]);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setWrong(false);
    if (!(await checkTotpCode(secret, code))) {
      setWrong(true);
      return;
    }
    let codes: string[] | null = null;
    const done = await action.run(async () => {
      await user.update({ totpMultiFactorSecret: secret });
      codes = await recoveryCodesIfSupported(app, user);
    });
    if (done) onDone(codes);
  };

  return (
    <div className="lk-acc-subsection">
      <p>{t.mfaScan}</p>
      <div className="lk-acc-qr">
        {qr ? <img src={qr} width={200} height={200} alt={t.mfaQrAlt} /> : <span className="lk-acc-qr-placeholder" role="status">{t.loading}</span>}
      </div>
      <p className="lk-acc-hint">{t.mfaManual}</p>
      <p className="lk-acc-mono lk-acc-break" data-testid="lk-totp-secret">{base32(secret).replace(/(.{4})/g, "$1 ").trim()}</p>
      <form className="lk-acc-form lk-acc-inline-form" onSubmit={(e) => void confirm(e)}>
        <Field label={t.mfaCode} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required value={code} onChange={(e) => setCode(e.target.value)} aria-invalid={wrong || undefined} />
        <Button type="submit" variant="primary" busy={action.busy}>{t.mfaVerify}</Button>
      </form>
      {wrong && <Notice kind="error">{t.mfaWrongCode}</Notice>}
      <ActionNotices action={action} />
    </div>
  );
}

function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const t = useMessages(accountMessages);
  return (
    <div className="lk-acc-subsection">
      <h3 className="lk-acc-subtitle">{t.mfaRecoveryTitle}</h3>
      <p>{t.mfaRecoveryHelp}</p>
      <SecretOnce label={t.mfaRecoveryTitle} value={codes.join("\n")} multiline />
      <div className="lk-acc-actions"><Button variant="primary" onClick={onSaved}>{t.mfaRecoverySaved}</Button></div>
    </div>
  );
}

export function MfaSection(props: SectionProps) {
  const { app, user } = props;
  const t = useMessages(accountMessages);
  const action = useAction();
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  // What this section last changed, until the user object catches up.
  const [override, setOverride] = useState<boolean | null>(null);
  const enabled = override ?? user.isMultiFactorRequired;

  if (codes) return <Section id="lk-account-mfa" title={t.sectionMfa} description={t.mfaEnabled}><RecoveryCodes codes={codes} onSaved={() => setCodes(null)} /></Section>;

  return (
    <Section id="lk-account-mfa" title={t.sectionMfa} description={enabled ? t.mfaOn : t.mfaOff}>
      {enabled ? (
        <>
          <div className="lk-acc-actions">
            <Button busy={action.busy} onClick={() => void action.run(async () => {
              const fresh = await recoveryCodesIfSupported(app, user);
              if (fresh) setCodes(fresh);
            })}>{t.mfaRecoveryNew}</Button>
            <ConfirmButton label={t.mfaDisable} question={t.mfaDisableConfirm} busy={action.busy} onConfirm={() => action.run(async () => {
              await user.update({ totpMultiFactorSecret: null });
              setOverride(false);
            }, t.mfaDisabled)} />
          </div>
          <p className="lk-acc-hint">{t.mfaRecoveryNewHelp}</p>
        </>
      ) : enrolling ? (
        <Enrolment {...props} onDone={(fresh) => {
          setEnrolling(false);
          setOverride(true);
          setCodes(fresh);
        }} />
      ) : (
        <div className="lk-acc-actions"><Button variant="primary" onClick={() => { action.clear(); setEnrolling(true); }}>{t.mfaEnable}</Button></div>
      )}
      {enrolling && <div className="lk-acc-actions"><Button variant="ghost" onClick={() => setEnrolling(false)}>{t.cancel}</Button></div>}
      <ActionNotices action={action} />
    </Section>
  );
}
