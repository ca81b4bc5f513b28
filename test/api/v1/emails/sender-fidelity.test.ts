/**
 * The sender of the product's mails as Stack's backend sets it (reference/wire/backend-fidelity.md §8
 * row E3): `From: «name» <«configured sender address»>` (the suite reads `Stack Dashboard <noreply@example.com>`),
 * here for a project with its own SMTP server, whose configured sender name is its display name.
 */
import { describe, expect, it } from "vitest";
import { testDialects } from "../../../support/databases.js";
import { createTestInstance } from "../../../support/instance.js";
import { drainOutbox, ownSmtp, startHeaderSink } from "./sending-support.js";

describe.each(testDialects)("the sender of the product's mails on %s", { timeout: 60_000 }, (dialect) => {
  it("E3: sends from «sender name» <«sender e-mail»> of the project's e-mail server", async () => {
    await using lk = await createTestInstance(dialect);
    await using sink = await startHeaderSink();
    const project = await lk.createProject({ displayName: "Acme", configOverride: ownSmtp(sink.port) });
    const signUp = await lk.call("POST", "/auth/password/sign-up", {
      access: "client", project, body: { email: "ada@example.com", password: "a fine password", verification_callback_url: "http://localhost:3000/handler/email-verification" },
    });
    expect(signUp.status, signUp.text).toBe(200);
    await drainOutbox(lk);
    expect(sink.messages.map((m) => m.headers.get("from"))).toEqual(["Acme <noreply@acme.test>"]);
  });
});
