/**
 * How a project's mail goes out: its own SMTP server (`emails.server` with `isShared: false`), the
 * server-wide shared one (`LATCHKEY_SMTP_URL`), or nowhere (null: the mail stays undeliverable).
 */
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import nodemailer, { type SMTPTransportOptions, type Transporter } from "nodemailer";
import type { SharedSmtpConfig } from "../../config.js";
import type { AppDeps } from "../../deps.js";
import type { RenderedConfig } from "../config/index.js";
import { renderProjectConfig } from "../config/project-config.js";
import { approveOutboundHost, OutboundTargetRefused } from "../net/outbound.js";

export interface MailToSend {
  to: string[];
  subject: string;
  html: string;
  text: string;
  /** Extra headers (`List-Unsubscribe`, …); values must be single lines. */
  headers?: Record<string, string>;
}

export interface EmailTransport {
  /** Sends one message; rejects with an {@link EmailSendError} whose message is safe to store. */
  send(mail: MailToSend): Promise<void>;
  /** Where mail goes, for logs (host and port, never credentials). */
  readonly describe: string;
}

/** A failed send, with a short message that holds no credentials and no message content. */
/** Stack's words for a mail server that cannot be reached, shown to admins (test mail, sent-mail list). */
export const EMAIL_HOST_UNREACHABLE = "Failed to connect to the email host. Please make sure the email host configuration is correct.";

/** nodemailer's codes for "no connection to the server" (refused, unknown host, timeout, socket closed). */
const UNREACHABLE_CODES = new Set(["ECONNECTION", "ECONNREFUSED", "ETIMEDOUT", "EDNS", "ENOTFOUND", "EAI_AGAIN", "ESOCKET"]);

export class EmailSendError extends Error {
  override readonly name = "EmailSendError";

  /** `unreachable`: no connection was made (or the outbound rule refused the host); the message stays precise for logs. */
  constructor(message: string, readonly unreachable = false) {
    super(message);
  }

  /** What admins are shown: Stack's text when the server could not be reached, else the server's answer. */
  get shownMessage(): string {
    return this.unreachable ? EMAIL_HOST_UNREACHABLE : this.message;
  }
}

/** Settings of one SMTP server, as nodemailer takes them. */
export interface SmtpSettings {
  /** `smtp://…` / `smtps://…` (shared server) or host and port (a project's own server). */
  url?: string;
  host?: string;
  port?: number;
  secure?: boolean;
  auth?: { user: string; pass: string };
  from: string;
  describe: string;
}

/** Dead servers must not hold the runner: give up on connecting, greeting and idle sockets quickly. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 10_000, dnsTimeout: 10_000 };

type EmailServerConfig = RenderedConfig["emails"]["server"];

/**
 * The SMTP settings for a project's `emails.server`, or null when it has nowhere to send. Through the
 * shared server a project's mail comes from its display name at the shared sender address, as Stack's
 * does (`projectName`; without one, the configured `LATCHKEY_EMAIL_FROM` as it is).
 */
export function resolveSmtpSettings(server: EmailServerConfig, shared: SharedSmtpConfig | null, projectName?: string): SmtpSettings | null {
  if (server.isShared) {
    if (!shared) return null;
    const from = projectName ? formatFrom(projectName, addressOf(shared.from)) : shared.from;
    return { url: shared.url, from, describe: `shared server ${hostOf(shared.url)}` };
  }
  const sender = server.senderEmail;
  if (!sender) return null;
  const from = formatFrom(server.senderName, sender);
  if (server.provider === "resend") {
    // Resend's SMTP relay: the API key is the password.
    if (!server.password) return null;
    return { host: "smtp.resend.com", port: 465, secure: true, auth: { user: "resend", pass: server.password }, from, describe: "resend" };
  }
  if (!server.host) return null;
  const port = server.port ?? 587;
  return {
    host: server.host,
    port,
    secure: port === 465,
    ...(server.username || server.password ? { auth: { user: server.username ?? "", pass: server.password ?? "" } } : {}),
    from,
    describe: `smtp ${server.host}:${port}`,
  };
}

export interface EmailTransports {
  /** The transport for a project's current config, or null (no server configured, or no such project). */
  forProject(projectId: string): Promise<EmailTransport | null>;
  /** Closes every cached connection. */
  close(): void;
}

/** Transports cached per project and keyed by a hash of their settings, so a config change takes effect. */
export function createEmailTransports(deps: Pick<AppDeps, "config" | "queries">): EmailTransports {
  const cache = new Map<string, { key: string; transport: EmailTransport; close(): void }>();
  return {
    async forProject(projectId) {
      const project = await deps.queries.projects.find(projectId);
      const settings = project && resolveSmtpSettings(renderProjectConfig(project).emails.server, deps.config.sharedSmtp, project.displayName);
      const cached = cache.get(projectId);
      if (!settings) {
        cached?.close();
        cache.delete(projectId);
        return null;
      }
      const key = createHash("sha256").update(JSON.stringify(settings)).digest("hex");
      if (cached?.key === key) return cached.transport;
      cached?.close();
      // The operator's shared server may be anywhere; a project's own server must be public (unless allowed).
      const entry = { key, ...smtpTransport(settings, settings.url ? null : { allowPrivate: deps.config.allowPrivateOutbound }) };
      cache.set(projectId, entry);
      return entry.transport;
    },
    close() {
      for (const entry of cache.values()) entry.close();
      cache.clear();
    },
  };
}

/**
 * `outbound`: for a project's own server, whether private addresses are allowed; each send then resolves
 * the host, refuses private addresses, and connects to the approved address (TLS still checks the name).
 */
function smtpTransport(settings: SmtpSettings, outbound: { allowPrivate: boolean } | null): { transport: EmailTransport; close(): void } {
  const options: SMTPTransportOptions = { ...TIMEOUTS, disableFileAccess: true, disableUrlAccess: true };
  if (settings.url) options.url = settings.url;
  else Object.assign(options, { host: settings.host, port: settings.port, secure: settings.secure, auth: settings.auth });
  let current: { address: string | null; transporter: Transporter } | null = null;
  const transporterFor = (address: string | null): Transporter => {
    if (current?.address === address) return current.transporter;
    current?.transporter.close();
    // A name is checked against the certificate (and sent as SNI); an IP literal is used as it is.
    const pinned: SMTPTransportOptions = address && address !== settings.host && !isIP(settings.host ?? "") ? { ...options, host: address, servername: settings.host } : options;
    current = { address, transporter: nodemailer.createTransport(pinned) };
    return current.transporter;
  };
  const secrets = [settings.auth?.pass, passwordOf(settings.url)].filter((s): s is string => !!s);
  return {
    transport: {
      describe: settings.describe,
      async send(mail) {
        let address: string | null = null;
        if (outbound && settings.host) {
          try {
            address = await approveOutboundHost(settings.host, outbound.allowPrivate);
          } catch (error) {
            if (error instanceof OutboundTargetRefused) throw new EmailSendError(`refused: ${error.message}`, true);
            throw error;
          }
        }
        try {
          await transporterFor(address).sendMail({ from: settings.from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, ...(mail.headers && { headers: mail.headers }) });
        } catch (error) {
          const code = (error as { code?: unknown } | null)?.code;
          throw new EmailSendError(safeMessage(error, secrets), typeof code === "string" && UNREACHABLE_CODES.has(code));
        }
      },
    },
    close: () => current?.transporter.close(),
  };
}

/** A project's own SMTP server as the test-mail form gives it. */
export interface TestSmtpServer {
  host: string;
  port: number;
  username: string;
  password: string;
  senderName: string;
  senderEmail: string;
}

/**
 * Sends one mail through a server that is not saved anywhere (the "send test e-mail" button), giving
 * up after `timeoutMs` in all. Answers null on success, else a message safe to show (no password).
 */
export async function trySmtpServer(server: TestSmtpServer, mail: MailToSend, options: { allowPrivate: boolean; timeoutMs: number }): Promise<string | null> {
  const settings = resolveSmtpSettings(
    { isShared: false, provider: "smtp", host: server.host, port: server.port, username: server.username, password: server.password, senderName: server.senderName, senderEmail: server.senderEmail },
    null,
  );
  if (!settings) return "The e-mail configuration is incomplete";
  const { transport, close } = smtpTransport(settings, { allowPrivate: options.allowPrivate });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`Timed out after ${Math.round(options.timeoutMs / 1000)} seconds`), options.timeoutMs);
  });
  try {
    const sent = transport.send(mail).then(
      () => null,
      (error: unknown) => (error instanceof EmailSendError ? error.shownMessage : "Unknown error"),
    );
    return await Promise.race([sent, timeout]);
  } finally {
    clearTimeout(timer);
    close();
  }
}

/** The address of a From value: `Name <address>` or a bare address. */
function addressOf(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** `"Name" <address>`, with the name quoted so commas and angle brackets in it stay harmless. */
function formatFrom(name: string | undefined, address: string): string {
  if (!name) return address;
  return `"${name.replace(/["\\\r\n]/g, "")}" <${address}>`;
}

/**
 * nodemailer's error code and the first line of its message (e.g. `ECONNECTION: connect ECONNREFUSED
 * 127.0.0.1:2525`), cut short, with any password removed. It never includes the message itself.
 */
function safeMessage(error: unknown, secrets: string[]): string {
  const e = error as { code?: unknown; responseCode?: unknown; message?: unknown };
  let message = typeof e?.message === "string" ? e.message.split("\n")[0]! : "Unknown error";
  for (const secret of secrets) message = message.split(secret).join("***");
  const code = typeof e?.code === "string" ? `${e.code}: ` : "";
  const full = `${code}${message}`;
  return full.length > 200 ? `${full.slice(0, 199)}…` : full;
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return "(invalid URL)";
  }
}

function passwordOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}
