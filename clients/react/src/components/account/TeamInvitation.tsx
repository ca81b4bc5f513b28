/**
 * The page a team invitation's link opens (`/handler/team-invitation?code=...`): it names the team and
 * joins only after a click, so a mail scanner opening the link cannot use the code.
 */
import { Suspense, useState } from "react";
import { format, useMessages } from "../../i18n/index.js";
import { useAction, useLoad } from "./hooks.js";
import { accountMessages } from "./messages.js";
import { QuestionCard, queryParam } from "./pages.js";
import { useStackApp, useUser } from "./sdk.js";
import { ActionNotices, Button, Loading, Notice } from "./ui.js";

export interface TeamInvitationProps {
  /** The invitation code (default: the `code` query parameter). */
  code?: string;
  fullPage?: boolean;
}

/** @example `<TeamInvitation fullPage />` */
function TeamInvitationInner({ code: given, fullPage = false }: TeamInvitationProps) {
  const t = useMessages(accountMessages);
  const app = useStackApp();
  const user = useUser();
  const code = given ?? queryParam("code");
  const details = useLoad(async () => {
    if (!code || !user) return null;
    const result = await app.getTeamInvitationDetails(code);
    return result.status === "ok" ? result.data : null;
  }, [code, user?.id]);
  const action = useAction();
  const [state, setState] = useState<"asking" | "accepted" | "ignored">("asking");

  const team = details.state === "ready" ? details.data?.teamDisplayName : undefined;
  let body;
  if (!code) body = <Notice kind="error">{t.invitationMissingCode}</Notice>;
  else if (!user) body = (
    <>
      <p>{t.invitationSignIn}</p>
      <div className="lk-acc-actions"><Button variant="primary" onClick={() => void app.redirectToSignIn()}>{t.signIn}</Button></div>
    </>
  );
  else if (state === "accepted") body = (
    <>
      <Notice kind="success">{format(t.invitationAccepted, { team: team ?? "" })}</Notice>
      <div className="lk-acc-actions"><Button variant="primary" onClick={() => void app.redirectToAccountSettings()}>{t.goToAccountSettings}</Button></div>
    </>
  );
  else if (state === "ignored") body = <Notice kind="info">{t.invitationIgnored}</Notice>;
  else if (details.state === "loading") body = <p className="lk-acc-loading" role="status">{t.loading}</p>;
  else if (details.state === "ready" && details.data === null) body = <Notice kind="error">{t.invitationInvalid}</Notice>;
  else body = (
    <>
      <p>{team ? format(t.invitationJoin, { team }) : t.invitationJoinUnknown}</p>
      <div className="lk-acc-actions">
        <Button variant="primary" busy={action.busy} onClick={() => void action.run(async () => {
          const result = await app.acceptTeamInvitation(code);
          if (result.status === "error") throw result.error;
          setState("accepted");
        })}>{t.invitationAccept}</Button>
        <Button variant="ghost" onClick={() => setState("ignored")}>{t.invitationIgnore}</Button>
      </div>
      <ActionNotices action={action} />
    </>
  );
  return <QuestionCard title={t.invitationTitle} fullPage={fullPage}>{body}</QuestionCard>;
}

/** Shows the loading line while the user is first read. */
export function TeamInvitation(props: TeamInvitationProps) {
  return <Suspense fallback={<Loading />}><TeamInvitationInner {...props} /></Suspense>;
}
