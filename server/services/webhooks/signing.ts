/**
 * Standard Webhooks signatures (the `standardwebhooks` package): HMAC-SHA256 over
 * `<id>.<timestamp>.<body>` with the endpoint's `whsec_` secret. The same values go out under both
 * `webhook-*` and `svix-*` header names, so receivers written for Stack's (Svix's) webhooks verify them
 * with `svix`'s `Webhook.verify` unchanged. During a secret rotation both secrets sign (space-separated
 * signatures; a receiver accepts any one that matches).
 */
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A new signing secret: `whsec_` and 24 random bytes in base64 (the format Svix and Standard Webhooks use). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/** A message id (`msg_…`): one per event, kept across retries and redeliveries so receivers can drop duplicates. */
export function generateMessageId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

/** The headers of one delivery attempt. */
export function signedHeaders(messageId: string, sentAt: Date, body: string, secrets: readonly string[]): Record<string, string> {
  const timestamp = String(Math.floor(sentAt.getTime() / 1000));
  const signature = secrets.map((secret) => new Webhook(secret).sign(messageId, sentAt, body)).join(" ");
  return {
    "content-type": "application/json",
    "user-agent": "Latchkey-Webhooks/1",
    "webhook-id": messageId,
    "webhook-timestamp": timestamp,
    "webhook-signature": signature,
    "svix-id": messageId,
    "svix-timestamp": timestamp,
    "svix-signature": signature,
  };
}
