/**
 * A compatibility "world": a real server process (fresh database), an SMTP sink for its shared mail
 * server, and a project bootstrapped through the SDK exactly as a new owner would do it: sign up on the
 * internal project, create a project, create a key set, change the configuration.
 */
import type { AdminOwnedProject, StackAdminApp, StackClientApp, StackServerApp } from "@stackframe/js";
import type { Dialect } from "../../../server/db/store.js";
import { startServerProcess, type ServerProcess } from "../../support/server-process.js";
import { linkFrom, startSmtpSink, type SinkMessage, type SmtpSink } from "../../support/smtp-sink.js";
import { allowOnlyLoopback } from "./offline.js";
import { parseCompatSdks, type Sdk } from "./sdk.js";

export const internalKeys = {
  publishableClientKey: "pck_compat_internal_publishable_00000000000000000000",
  secretServerKey: "ssk_compat_internal_secret_000000000000000000000000",
  superSecretAdminKey: "sak_compat_internal_admin_0000000000000000000000000",
};

export interface ProjectKeys {
  publishableClientKey: string;
  secretServerKey: string;
  superSecretAdminKey: string;
}

export interface World extends AsyncDisposable {
  /** The SDK under test (its classes typed as Stack's). */
  sdk: Sdk;
  server: ServerProcess;
  sink: SmtpSink;
  /** The bootstrapped project, as its owner sees it. */
  owned: AdminOwnedProject;
  projectId: string;
  keys: ProjectKeys;
  /** A page URL on a trusted origin, for callback URLs. */
  appUrl(path: string): string;
  clientApp(): StackClientApp<true, string>;
  serverApp(): StackServerApp<true, string>;
  adminApp(): StackAdminApp<true, string>;
  /** The code in the newest mail to `to` that matches `filter` (waits for it). */
  mailedCode(to: string, filter?: (m: SinkMessage) => boolean): Promise<string>;
}

let mailsSeen = 0;

export async function createWorld(dialect: Dialect, sdk: Sdk = parseCompatSdks("stack")[0]!): Promise<World> {
  const { StackAdminApp, StackClientApp, StackServerApp } = sdk;
  allowOnlyLoopback();
  const sink = await startSmtpSink();
  const server = await startServerProcess(dialect, {
    LATCHKEY_INTERNAL_PUBLISHABLE_CLIENT_KEY: internalKeys.publishableClientKey,
    LATCHKEY_INTERNAL_SECRET_SERVER_KEY: internalKeys.secretServerKey,
    LATCHKEY_INTERNAL_SUPER_SECRET_ADMIN_KEY: internalKeys.superSecretAdminKey,
    LATCHKEY_SERVER_SECRET: Buffer.alloc(32, 3).toString("base64"),
    LATCHKEY_SMTP_URL: sink.url,
    LATCHKEY_EMAIL_FROM: "Latchkey <noreply@latchkey.test>",
  });
  const appUrl = (path: string) => `${server.url}${path}`;

  const dashboard = new StackClientApp({
    baseUrl: server.url,
    projectId: "internal",
    publishableClientKey: internalKeys.publishableClientKey,
    tokenStore: "memory",
    noAutomaticPrefetch: true,
  });
  const ownerEmail = `owner-${Date.now()}-${mailsSeen++}@example.com`;
  const signedUp = await dashboard.signUpWithCredential({
    email: ownerEmail,
    password: "owner password 1",
    noRedirect: true,
    verificationCallbackUrl: appUrl("/handler/email-verification"),
  });
  if (signedUp.status !== "ok") throw new Error(`owner sign-up failed: ${String(signedUp.error)}`);
  const owner = await dashboard.getUser({ or: "throw" });
  const owned = await owner.createProject({ displayName: "Compat project", teamId: owner.selectedTeam!.id });
  const firstView = await owned.app.createInternalApiKey({
    description: "compat suite",
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    hasPublishableClientKey: true,
    hasSecretServerKey: true,
    hasSuperSecretAdminKey: true,
  });
  const keys: ProjectKeys = {
    publishableClientKey: firstView.publishableClientKey!,
    secretServerKey: firstView.secretServerKey!,
    superSecretAdminKey: firstView.superSecretAdminKey!,
  };
  await owned.update({ config: { allowLocalhost: true, clientUserDeletionEnabled: true, magicLinkEnabled: true } });

  const common = { baseUrl: server.url, projectId: owned.id, tokenStore: "memory" as const, noAutomaticPrefetch: true };
  return {
    sdk,
    server,
    sink,
    owned,
    projectId: owned.id,
    keys,
    appUrl,
    clientApp: () => new StackClientApp({ ...common, publishableClientKey: keys.publishableClientKey }),
    serverApp: () => new StackServerApp({ ...common, publishableClientKey: keys.publishableClientKey, secretServerKey: keys.secretServerKey }),
    adminApp: () => new StackAdminApp({ ...common, ...keys }),
    async mailedCode(to, filter = () => true) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const match = [...sink.messages].reverse().find((m) => m.to.includes(to) && filter(m));
        if (match) return linkFrom(match);
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived; ${JSON.stringify(sink.messages.filter((m) => m.to.includes(to)).map((m) => m.subject))}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async [Symbol.asyncDispose]() {
      // A 500 reaches the SDK as "Something went wrong": the server's own account of it is in its log.
      const failures = server.output().split("\n").filter((line) => line.includes('"level":"error"') && !line.includes("e-mail template"));
      if (failures.length > 0) console.error(`The ${dialect} server logged errors:\n${failures.slice(-10).join("\n")}`);
      await server[Symbol.asyncDispose]();
      await sink.close();
    },
  };
}

let counter = 0;
/** A fresh e-mail address per call. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now().toString(36)}-${counter++}@example.com`;
}
