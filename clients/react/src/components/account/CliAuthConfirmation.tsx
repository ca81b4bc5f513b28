/**
 * The page a command-line login opens (`/handler/cli-auth-confirm?login_code=...`): the signed-in user
 * allows or denies it; allowing hands this session's refresh token to the waiting tool
 * (`/auth/cli/complete`, SPEC section 4), whose next poll succeeds.
 */
import { Suspense, useState } from "react";
import { HttpError } from "@latchkey/js";
import { format, useMessages } from "../../i18n/index.js";
import { useAction } from "./hooks.js";
import { accountMessages } from "./messages.js";
import { QuestionCard, queryParam } from "./pages.js";
import { completeCliLogin, useStackApp, useUser } from "./sdk.js";
import { ActionNotices, Button, Loading, Notice } from "./ui.js";

export interface CliAuthConfirmationProps {
  /** The login code (default: the `login_code` query parameter). */
  loginCode?: string;
  fullPage?: boolean;
}

/** The server's answer for an unknown, expired or already confirmed login code is a plain-text 400. */
const invalidCode = (error: unknown) => error instanceof HttpError && error.status === 400;

/** @example `<CliAuthConfirmation fullPage />` */
function CliAuthConfirmationInner({ loginCode: given, fullPage = false }: CliAuthConfirmationProps) {
  const t = useMessages(accountMessages);
  const app = useStackApp();
  const user = useUser();
  const code = given ?? queryParam("login_code");
  const action = useAction();
  const [state, setState] = useState<"asking" | "confirmed" | "denied">("asking");

  let body;
  if (!code) body = <Notice kind="error">{t.cliMissingCode}</Notice>;
  else if (!user) body = (
    <>
      <p>{t.cliSignIn}</p>
      <div className="lk-acc-actions"><Button variant="primary" onClick={() => void app.redirectToSignIn()}>{t.signIn}</Button></div>
    </>
  );
  else if (state === "confirmed") body = <Notice kind="success">{t.cliConfirmed}</Notice>;
  else if (state === "denied") body = <Notice kind="info">{t.cliCancelled}</Notice>;
  else body = (
    <>
      <p>{format(t.cliPrompt, { name: user.primaryEmail ?? user.displayName ?? user.id })}</p>
      <div className="lk-acc-actions">
        <Button variant="primary" busy={action.busy} onClick={() => void action.run(async () => {
          try {
            await completeCliLogin(app, user, code);
          } catch (error) {
            throw invalidCode(error) ? Object.assign(new Error(t.cliInvalid), { lkText: t.cliInvalid }) : error;
          }
          setState("confirmed");
        })}>{t.cliConfirm}</Button>
        <Button variant="ghost" onClick={() => setState("denied")}>{t.cliCancel}</Button>
      </div>
      <ActionNotices action={action} />
    </>
  );
  return <QuestionCard title={t.cliTitle} fullPage={fullPage}>{body}</QuestionCard>;
}

/** Shows the loading line while the user is first read. */
export function CliAuthConfirmation(props: CliAuthConfirmationProps) {
  return <Suspense fallback={<Loading />}><CliAuthConfirmationInner {...props} /></Suspense>;
}
