import Link from "next/link";
import { stackServerApp } from "../stack";

// A server component: the user is read from the request's cookies.
export default async function Home() {
  const user = await stackServerApp.getUser();
  return (
    <main>
      <h1>Latchkey with Next.js</h1>
      {user ? (
        <p>
          Signed in as <span data-testid="home-email">{user.primaryEmail}</span>. <Link href="/protected">Your page</Link> ·{" "}
          <Link href={stackServerApp.urls.signOut}>Sign out</Link>
        </p>
      ) : (
        <p>
          You are not signed in. <Link href={stackServerApp.urls.signIn}>Sign in</Link> · <Link href="/protected">Your page</Link>
        </p>
      )}
    </main>
  );
}
