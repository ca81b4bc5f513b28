/** The home page: a header with the user button, and the signed-in user's name and e-mail. */
import { Suspense, useState, type FormEvent } from "react";
import { useStackApp, useUser, UserButton } from "@latchkey/react";
import "./app.css";

export function Home() {
  return (
    <>
      <header className="example-header">
        <a className="example-brand" href="/">
          Latchkey example
        </a>
        <Suspense fallback={null}>
          <UserButton showUserInfo />
        </Suspense>
      </header>
      <main className="example-main">
        <Suspense fallback={<p>Loading…</p>}>
          <Profile />
        </Suspense>
      </main>
    </>
  );
}

function Profile() {
  const app = useStackApp();
  const user = useUser();
  if (!user) {
    return (
      <section aria-labelledby="welcome">
        <h1 id="welcome">Welcome</h1>
        <p>You are not signed in.</p>
        <p className="example-actions">
          <a className="example-button" href={app.urls.signIn}>
            Sign in
          </a>
          <a className="example-button example-secondary" href={app.urls.signUp}>
            Create an account
          </a>
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="profile">
      <h1 id="profile">Your profile</h1>
      <dl className="example-fields">
        <dt>Display name</dt>
        <dd data-testid="display-name">{user.displayName ?? "(none yet)"}</dd>
        <dt>E-mail</dt>
        <dd data-testid="primary-email">
          {user.primaryEmail ?? "(none)"} {user.primaryEmailVerified ? "(verified)" : "(not verified)"}
        </dd>
        <dt>User id</dt>
        <dd>
          <code>{user.id}</code>
        </dd>
      </dl>
      <DisplayNameForm current={user.displayName ?? ""} save={(displayName) => user.update({ displayName })} />
      <p className="example-actions">
        <button className="example-button example-secondary" type="button" onClick={() => void user.signOut()}>
          Sign out
        </button>
      </p>
    </section>
  );
}

function DisplayNameForm({ current, save }: { current: string; save: (name: string) => Promise<void> }) {
  const [name, setName] = useState(current);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    save(name.trim())
      .catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)))
      .finally(() => setBusy(false));
  };
  return (
    <form className="example-form" onSubmit={onSubmit}>
      <label htmlFor="display-name-input">New display name</label>
      <input id="display-name-input" value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />
      <button className="example-button" type="submit" disabled={busy}>
        {busy ? "Saving…" : "Save"}
      </button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
