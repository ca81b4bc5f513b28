/**
 * Stack Auth's published SDK, unchanged, against a Latchkey server: sign up, sign in, read the user and
 * list their teams. Only the base URL points at Latchkey. See README.md.
 *
 *   LATCHKEY_URL=http://localhost:8102 LATCHKEY_PROJECT_ID=... LATCHKEY_PUBLISHABLE_CLIENT_KEY=... npx tsx main.ts [email] [password]
 */
import { StackClientApp } from "@stackframe/js";
import { KnownErrors } from "@stackframe/stack-shared";

const env = process.env;
const baseUrl = env.LATCHKEY_URL ?? "http://localhost:8102";
const email = process.argv[2] ?? `grace-${Date.now()}@example.com`;
const password = process.argv[3] ?? "correct horse battery staple";

function required(name: string): string {
  const value = env[name];
  if (!value) throw new Error(`Set ${name} (see README.md)`);
  return value;
}

/** A fresh app per "device": the memory token store keeps that device's session. */
const newApp = () =>
  new StackClientApp({
    baseUrl,
    projectId: required("LATCHKEY_PROJECT_ID"),
    publishableClientKey: required("LATCHKEY_PUBLISHABLE_CLIENT_KEY"),
    tokenStore: "memory",
    noAutomaticPrefetch: true,
  });

// 1. Sign up. Outside a browser Stack's SDK needs the verification link's page spelled out: the server's
//    own hosted page, a trusted address.
const signUp = await newApp().signUpWithCredential({
  email,
  password,
  noRedirect: true,
  verificationCallbackUrl: new URL("/handler/email-verification", baseUrl).toString(),
});
if (signUp.status === "ok") console.log(`Signed up ${email}`);
else if (signUp.error instanceof KnownErrors.UserWithEmailAlreadyExists) console.log(`${email} already has an account`);
else throw signUp.error;

// 2. Sign in on another "device".
const app = newApp();
const signIn = await app.signInWithCredential({ email, password, noRedirect: true });
if (signIn.status === "error") {
  console.error(`Sign-in failed: ${signIn.error.message}`);
  process.exit(1);
}

// 3. Read the signed-in user.
const user = await app.getUser({ or: "throw" });
console.log(`Signed in as ${user.primaryEmail} (user id ${user.id})`);
console.log(JSON.stringify({ id: user.id, primaryEmail: user.primaryEmail, primaryEmailVerified: user.primaryEmailVerified, signedUpAt: user.signedUpAt.toISOString(), hasPassword: user.hasPassword }));

// 4. List the user's teams (a personal team when the project creates one on sign-up).
const teams = await user.listTeams();
console.log(`Teams (${teams.length}): ${teams.map((team) => `${team.displayName} [${team.id}]`).join(", ") || "none"}`);

// 5. Sign out: the session is deleted on the server, then forgotten here.
await user.signOut();
console.log(`Signed out; getUser() now answers ${String(await app.getUser())}`);
