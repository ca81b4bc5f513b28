/**
 * Signs up, signs in and reads the user with @latchkey/js, from Node. See README.md.
 *
 *   LATCHKEY_URL=http://localhost:8102 LATCHKEY_PROJECT_ID=... LATCHKEY_PUBLISHABLE_CLIENT_KEY=... npx tsx main.ts [email] [password]
 */
import { KnownErrors, StackClientApp } from "@latchkey/js";

const env = process.env;
const email = process.argv[2] ?? `ada-${Date.now()}@example.com`;
const password = process.argv[3] ?? "correct horse battery staple";

function required(name: string): string {
  const value = env[name];
  if (!value) throw new Error(`Set ${name} (see README.md)`);
  return value;
}

/** A fresh app per "device": the memory token store keeps that device's session. */
const newApp = () =>
  new StackClientApp({
    baseUrl: env.LATCHKEY_URL ?? "http://localhost:8102",
    projectId: required("LATCHKEY_PROJECT_ID"),
    publishableClientKey: required("LATCHKEY_PUBLISHABLE_CLIENT_KEY"),
    tokenStore: "memory",
  });

// 1. Sign up (an existing account is fine: we sign in below).
const signUp = await newApp().signUpWithCredential({ email, password, noRedirect: true });
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

// 4. Sign out: the session is deleted on the server, then forgotten here.
await user.signOut();
console.log(`Signed out; getUser() now answers ${String(await app.getUser())}`);
