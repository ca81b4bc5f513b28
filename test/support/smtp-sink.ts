/**
 * An in-process SMTP server for tests: accepts any login (or none), parses each message and keeps it.
 * Close it and start another on the same port to simulate an outage. With `parse: false` it only counts
 * what it accepts (benchmarks, where the sink must not be the limit).
 *
 *   await using sink = await startSmtpSink();
 *   const mail = await sink.waitFor((m) => m.to.includes("a@b.test"));
 */
import { simpleParser, type AddressObject } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SinkMessage {
  /** The From header as text, e.g. `"Acme" <noreply@acme.test>`. */
  from: string;
  /** Addresses of the To header. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header names in lower case, values as sent (unfolded). */
  headers: Map<string, string>;
  /** The media type of every part as sent (`multipart/alternative`, `text/plain`, `text/html`, …), in order. */
  partTypes: string[];
}

export interface SmtpSink extends AsyncDisposable {
  readonly port: number;
  /** `smtp://127.0.0.1:<port>` */
  readonly url: string;
  /** The messages received, parsed (none with `parse: false`). */
  readonly messages: SinkMessage[];
  /** How many messages it accepted, parsed or not. */
  readonly received: number;
  /** Resolves with the first message (already received or still to come) matching `predicate`. */
  waitFor(predicate?: (message: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** The port to listen on (127.0.0.1); a free one by default. */
  port?: number;
  /** `false`: accept and count each message without parsing or keeping it. Default true. */
  parse?: boolean;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const parse = options.parse ?? true;
  const messages: SinkMessage[] = [];
  let received = 0;
  const waiters = new Set<(message: SinkMessage) => void>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 100,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "anyone" });
    },
    onData(stream, _session, callback) {
      // The raw message is kept to read its parts' types: the parser makes a text from the HTML when a
      // mail has no text part, so only the raw message tells whether one was sent.
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (parse) chunks.push(chunk);
      });
      stream.on("end", () => {
        received++;
        if (!parse) return callback();
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const message: SinkMessage = {
              from: parsed.from?.text ?? "",
              to: addresses(parsed.to),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              headers: new Map(parsed.headerLines.map((h) => [h.key.toLowerCase(), h.line.slice(h.line.indexOf(":") + 1).replace(/\r?\n\s+/g, " ").trim()])),
              partTypes: [...raw.toString("latin1").matchAll(/^content-type:\s*([\w.+-]+\/[\w.+-]+)/gim)].map((m) => m[1]!.toLowerCase()),
            };
            messages.push(message);
            for (const waiter of waiters) waiter(message);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  server.on("error", () => {});

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const address = server.server.address();
  if (!address || typeof address === "string") throw new Error("The SMTP sink has no port");
  const port = address.port;

  let closed: Promise<void> | undefined;
  const close = () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve())));

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get received() {
      return received;
    },
    waitFor(predicate = () => true, timeoutMs = 5_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<SinkMessage>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching e-mail arrived within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        const waiter = (message: SinkMessage) => {
          if (!predicate(message)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(message);
        };
        waiters.add(waiter);
      });
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

/**
 * The value of `paramName` in the first URL of the message's text whose query has it (`?code=` or
 * `&code=` by default). Throws when there is none.
 */
export function linkFrom(message: Pick<SinkMessage, "text">, paramName = "code"): string {
  for (const match of message.text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    const candidate = match[0];
    if (!candidate.includes(`?${paramName}=`) && !candidate.includes(`&${paramName}=`)) continue;
    const value = new URL(candidate).searchParams.get(paramName);
    if (value) return value;
  }
  throw new Error(`No link with a ${paramName} parameter in the e-mail`);
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((o) => o.value.map((v) => v.address ?? "").filter(Boolean));
}
