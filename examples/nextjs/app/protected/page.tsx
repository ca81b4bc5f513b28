import Link from "next/link";
import { Suspense } from "react";
import { stackServerApp } from "../../stack";
import { rename } from "./actions";
import { Greeting } from "./greeting";

export default async function Protected() {
  // Signed-out visitors go to the sign-in page (the middleware already sends most of them there).
  const user = await stackServerApp.getUser({ or: "redirect" });
  return (
    <main>
      <h1>Your page</h1>
      <p>
        E-mail: <span data-testid="email">{user.primaryEmail}</span>
      </p>
      <p>
        Display name: <span data-testid="display-name">{user.displayName ?? "(none)"}</span>
      </p>
      <form action={rename}>
        <label>
          New display name <input name="displayName" required maxLength={100} />
        </label>
        <button type="submit">Save</button>
      </form>
      <Suspense fallback={<p>Loading…</p>}>
        <Greeting />
      </Suspense>
      <p>
        <Link href="/">Home</Link> · <Link href={stackServerApp.urls.signOut}>Sign out</Link>
      </p>
    </main>
  );
}
