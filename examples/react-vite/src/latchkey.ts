/**
 * The Latchkey client app, configured at build time from VITE_LATCHKEY_URL, VITE_LATCHKEY_PROJECT_ID and
 * VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY (see README.md). The session is kept in cookies of this site.
 */
import { StackClientApp } from "@latchkey/js";

const env = import.meta.env;

/** The settings the build did not get (the page says so instead of failing silently). */
export const missingSettings = (["VITE_LATCHKEY_PROJECT_ID", "VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY"] as const).filter((name) => !env[name]);

export const app =
  missingSettings.length > 0
    ? null
    : new StackClientApp({
        baseUrl: env.VITE_LATCHKEY_URL ?? "http://localhost:8102",
        projectId: env.VITE_LATCHKEY_PROJECT_ID!,
        publishableClientKey: env.VITE_LATCHKEY_PUBLISHABLE_CLIENT_KEY!,
        tokenStore: "cookie",
        // The sign-in and sign-up pages are this app's own (src/main.tsx routes /handler/*).
        urls: { handler: "/handler", home: "/" },
      });
