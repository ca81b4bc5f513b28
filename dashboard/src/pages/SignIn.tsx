/**
 * Sign-in: one form (the REST password sign-in and sign-up, which also works at first start and without
 * the hosted pages); owners who sign in another way (code, passkey, provider) follow the one link under
 * it to the internal project's hosted sign-in page.
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
      <Card title={mode === "sign-in" ? "Sign in" : "Create the owner account"} description="With your Latchkey account, to manage your projects.">
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
        {!needsKey && (
          <p className="mt-3 border-t border-zinc-200 pt-3 text-center text-sm text-zinc-700 dark:border-zinc-800 dark:text-zinc-300">
            No password?{" "}
            <a href={hostedSignInUrl(dashboardReturn)} className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300">
              Sign in with a code, a passkey or a provider
            </a>
          </p>
        )}
      </Card>
    </main>
  );
}
