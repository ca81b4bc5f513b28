/**
 * Set-up for the sending tests: a project with its own SMTP server (an in-process sink that also keeps
 * each message's headers), users with e-mail addresses, and a way to run the outbox until it is empty.
 */
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { ProjectCredentials, TestInstance } from "../../../support/instance.js";

export interface HeaderMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header names in lower case, values as sent (unfolded). */
  headers: Map<string, string>;
  /** The media type of every part as sent (`multipart/alternative`, `text/plain`, `text/html`, …), in order. */
  partTypes: string[];
}

export interface HeaderSink extends AsyncDisposable {
  port: number;
  messages: HeaderMessage[];
}

export async function startHeaderSink(): Promise<HeaderSink> {
  const messages: HeaderMessage[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 100,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? "anyone" }),
    onData(stream, _session, callback) {
      // The raw message is kept to read its parts' types: the parser makes a text from the HTML when a
      // mail has no text part, so only the raw message tells whether one was sent.
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const partTypes = [...raw.toString("latin1").matchAll(/^content-type:\s*([\w.+-]+\/[\w.+-]+)/gim)].map((m) => m[1]!.toLowerCase());
        simpleParser(raw).then(
          (parsed) => {
            const headers = new Map(parsed.headerLines.map((h) => [h.key.toLowerCase(), h.line.slice(h.line.indexOf(":") + 1).replace(/\r?\n\s+/g, " ").trim()]));
            const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ""));
            messages.push({ to, subject: parsed.subject ?? "", text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : "", headers, partTypes });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return { port: address.port, messages, [Symbol.asyncDispose]: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export function ownSmtp(port: number) {
  return {
    "emails.server": { isShared: false, provider: "smtp", host: "127.0.0.1", port, username: "u", password: "smtp-password", senderName: "Acme", senderEmail: "noreply@acme.test" },
  };
}

/** Creates users through the API (server key) and answers their ids in order. */
export async function createUsers(lk: TestInstance, project: ProjectCredentials, emails: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const email of emails) {
    const res = await lk.call("POST", "/users", { access: "server", project, body: { primary_email: email, display_name: email.split("@")[0] } });
    if (res.status !== 201 && res.status !== 200) throw new Error(`create user: ${res.status} ${res.text}`);
    ids.push(res.body.id as string);
  }
  return ids;
}

/**
 * Runs outbox passes until nothing is pending, moving the clock past retry delays (a render or send
 * that failed on a busy machine is tried again, as in production); answers the rows handled.
 */
export async function drainOutbox(lk: TestInstance, maxPasses = 50): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxPasses; i++) {
    const handled = await lk.deps.jobs.runOnce();
    total += handled;
    if (handled > 0) continue;
    const pending = (await lk.deps.queries.outbox.pendingByKind()).reduce((sum, k) => sum + k.count, 0);
    if (pending === 0) return total;
    lk.clock.advance(3_600_000);
  }
  throw new Error("The outbox did not drain");
}
