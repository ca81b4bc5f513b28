/**
 * The hosted unsubscribe page, `/handler/unsubscribe?code=…&project_id=…`: the link in the body of a
 * mail a user may turn off. It checks the signed code with the API (GET, which changes nothing), says
 * which mails will stop, and turns them off on a button press (the API's one-click POST). Needs no session.
 */
import { useEffect, useState } from "react";
import { Alert, Button, Card, LoadingCard } from "@latchkey/react/ui";
import { useProject } from "@latchkey/react";
import { MessageCard, useMessages } from "../../react.js";
import { fill, unsubscribeMessages } from "./messages.js";

/** The one category a user may turn off today (contract/emails.ts `notificationCategories`). */
const MARKETING_CATEGORY_ID = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";

type State = "checking" | "ready" | "busy" | "done" | "invalid" | "failed";

/** The category id inside a code (`base64url(JSON [project, user, category]).mac`); the server checks the signature. */
function categoryIdOf(code: string): string | null {
  try {
    const data = code.split(".")[0] ?? "";
    const json = atob(data.replace(/-/g, "+").replace(/_/g, "/"));
    const parsed = JSON.parse(json) as unknown;
    return Array.isArray(parsed) && typeof parsed[2] === "string" ? parsed[2] : null;
  } catch {
    return null;
  }
}

function linkUrl(code: string): string {
  return `/api/v1/emails/unsubscribe-link?${new URLSearchParams({ code }).toString()}`;
}

export default function UnsubscribePage({ fullPage = true }: { fullPage?: boolean }) {
  const t = useMessages(unsubscribeMessages);
  const project = useProject();
  const [code] = useState(() => new URL(window.location.href).searchParams.get("code") ?? "");
  const [state, setState] = useState<State>(code ? "checking" : "invalid");

  useEffect(() => {
    if (!code) return;
    let live = true;
    fetch(linkUrl(code)).then(
      (response) => live && setState(response.ok ? "ready" : response.status === 400 ? "invalid" : "failed"),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, [code]);

  const values = { category: categoryIdOf(code) === MARKETING_CATEGORY_ID ? t.marketing : t.otherCategory, project: project.displayName };

  const confirm = async () => {
    setState("busy");
    try {
      const response = await fetch(linkUrl(code), { method: "POST" });
      setState(response.ok ? "done" : response.status === 400 ? "invalid" : "failed");
    } catch {
      setState("failed");
    }
  };

  if (state === "checking") return <LoadingCard fullPage={fullPage} />;
  if (state === "invalid") return <MessageCard title={t.invalidTitle} fullPage={fullPage}>{t.invalidText}</MessageCard>;
  if (state === "done")
    return (
      <MessageCard title={t.doneTitle} fullPage={fullPage}>
        <p className="lk-muted lk-center" role="status">
          {fill(t.doneText, values)}
        </p>
      </MessageCard>
    );
  return (
    <Card title={t.title} fullPage={fullPage}>
      <div className="lk-stack">
        <p className="lk-center">{fill(t.question, values)}</p>
        <p className="lk-muted lk-center lk-small">{t.stillReceive}</p>
        {state === "failed" && <Alert>{t.failed}</Alert>}
        <Button onClick={() => void confirm()} busy={state === "busy"}>
          {t.confirm}
        </Button>
      </div>
    </Card>
  );
}
