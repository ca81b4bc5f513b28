/**
 * The example's entry. With its settings (VITE_LATCHKEY_PROJECT_ID and VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY,
 * read at build time; see README.md) it runs main.tsx, the README's React quickstart: one StackProvider
 * around the handler pages (/handler/*: sign-in, sign-up, sign-out, account settings, ...) and the home
 * page. Without them the page names what is missing instead of failing silently.
 */
import { createRoot } from "react-dom/client";
import "./app.css";

const env = import.meta.env;
const missingSettings = (["VITE_LATCHKEY_PROJECT_ID", "VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY"] as const).filter((name) => !env[name]);

if (missingSettings.length === 0) {
  void import("./main.js");
} else {
  createRoot(document.getElementById("root")!).render(
    <main className="example-main">
      <h1>Latchkey + React + Vite</h1>
      <p role="alert">Set {missingSettings.join(" and ")} before building (see README.md).</p>
    </main>,
  );
}
