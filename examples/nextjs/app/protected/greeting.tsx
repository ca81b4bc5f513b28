"use client";
import { useUser } from "@latchkey/next";

// A client component: the hook reads the session in the browser.
export function Greeting() {
  const user = useUser();
  return <p data-testid="greeting">Hello from the browser, {user?.displayName ?? user?.primaryEmail ?? "visitor"}.</p>;
}
