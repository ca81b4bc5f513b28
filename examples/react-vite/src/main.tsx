import { createRoot } from "react-dom/client";
import { StackClientApp, StackHandler, StackProvider, StackTheme } from "@latchkey/react";
import "@latchkey/react/style.css";
import { Home } from "./home.js";

const env = import.meta.env;
const app = new StackClientApp({ baseUrl: env.VITE_LATCHKEY_URL ?? "http://localhost:8102", tokenStore: "cookie",
  projectId: env.VITE_LATCHKEY_PROJECT_ID, publishableClientKey: env.VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY });
const page = location.pathname.startsWith(`${app.urls.handler}/`) ? <StackHandler fullPage /> : <Home />;
createRoot(document.getElementById("root")!).render(<StackProvider app={app}><StackTheme>{page}</StackTheme></StackProvider>);
