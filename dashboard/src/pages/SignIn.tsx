/**
 * Sign-in: the hosted sign-in page of the internal project is the main way in; the form below calls the
 * REST sign-in and sign-up directly, for first start and for when the hosted pages are unavailable.
 */
import { useState, type FormEvent } from "react";
import { Navigate, useSearchParams } from "react-router";
import { Button, Card, Field, InlineError, Input } from "../components/ui.js";
import { ThemeToggle } from "../shell/TopBar.js";
import { hostedSignInUrl, publishableClientKey, rememberPublishableClientKey } from "../lib/config.js";
import { signInWithPassword, signUpWithPassword } from "../lib/session.js";
import { useSignedIn } from "../lib/use-session.js";

export default function SignIn() {
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  const returnTo = params.get("return_to") ?? "/";
  const [mode, setMode] = useState<"sign-in" | "sign-up">("sign-in");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [key, setKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const needsKey = publishableClientKey() === null;

  if (signedIn) return <Navigate to={returnTo.startsWith("/") ? returnTo : "/"} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (needsKey) rememberPublishableClientKey(key.trim());
      await (mode === "sign-in" ? signInWithPassword(email, password) : signUpWithPassword(email, password));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  const dashboardReturn = `${window.location.origin}${import.meta.env.BASE_URL.replace(/\/$/, "")}${returnTo}`;
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-6 p-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold tracking-tight">Latchkey dashboard</h1>
        <ThemeToggle />
      </div>
      <Card>
        <p className="mb-3 text-sm text-zinc-700 dark:text-zinc-300">Sign in with your Latchkey account to manage your projects.</p>
        <a
          href={hostedSignInUrl(dashboardReturn)}
          className="inline-flex w-full items-center justify-center rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white hover:bg-indigo-700"
        >
          Continue to the sign-in page
        </a>
      </Card>
      <Card title={mode === "sign-in" ? "Or sign in here" : "Create the owner account"} description="Works even when the hosted sign-in pages are not available.">
        <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)}>
          {needsKey && (
            <Field label="Publishable client key of the internal project" hint="Printed by the server at its first start (pck_…). Asked once; kept in this browser.">
              {(id, hint) => <Input id={id} aria-describedby={hint} required value={key} onChange={(e) => setKey(e.target.value)} autoComplete="off" />}
            </Field>
          )}
          <Field label="E-mail">
            {(id) => <Input id={id} type="email" required autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
          </Field>
          <Field label="Password">
            {(id) => (
              <Input
                id={id}
                type="password"
                required
                autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <InlineError error={error} />
          <Button type="submit" busy={busy}>
            {mode === "sign-in" ? "Sign in" : "Create account"}
          </Button>
          <Button variant="ghost" onClick={() => setMode(mode === "sign-in" ? "sign-up" : "sign-in")}>
            {mode === "sign-in" ? "No account yet? Create one" : "Already have an account? Sign in"}
          </Button>
        </form>
      </Card>
    </main>
  );
}
