/** The example's entry: one StackProvider around a two-route app (home page, and /handler/* pages). */
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { SignIn, SignUp, StackHandler, StackProvider, StackTheme } from "@latchkey/react";
import "@latchkey/react/style.css";
import { Home } from "./home.js";
import { app, missingSettings } from "./latchkey.js";
import "./app.css";

function Page({ path }: { path: string }) {
  if (!app) {
    return (
      <main className="example-main">
        <h1>Latchkey + React + Vite</h1>
        <p role="alert">
          Set {missingSettings.join(" and ")} before building (see README.md).
        </p>
      </main>
    );
  }
  const clean = path.replace(/\/+$/, "") || "/";
  let content;
  if (clean === app.urls.signIn) content = <SignIn fullPage />;
  else if (clean === app.urls.signUp) content = <SignUp fullPage />;
  // Every other handler page (sign-out, password reset, e-mail verification, account settings, ...).
  else if (clean.startsWith(`${app.urls.handler}/`)) content = <StackHandler fullPage />;
  else content = <Home />;
  return (
    <StackProvider app={app}>
      <StackTheme>
        <Suspense fallback={<p className="example-main">Loading…</p>}>{content}</Suspense>
      </StackTheme>
    </StackProvider>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Page path={window.location.pathname} />
  </StrictMode>,
);
