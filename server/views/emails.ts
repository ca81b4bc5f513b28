/** Sent-log rows, kept mails of the local inbox and notification preferences as the wire shows them. */
import type { z } from "zod";
import type { localInboxEmail, localInboxEmailContent, notificationPreference, sentEmail } from "../../contract/emails.js";
import type { InboxEmail, InboxSummary } from "../services/email/local-inbox.js";
import type { Preference } from "../services/email/preferences.js";
import type { SentEmailRow } from "../db/queries/sent-emails.js";

export function sentEmailToJson(row: SentEmailRow): z.output<typeof sentEmail> {
  const c = row.senderConfig;
  return {
    id: row.id,
    subject: row.subject,
    sent_at_millis: row.updatedAt.getTime(),
    to: row.to,
    sender_config: {
      type: c.type,
      ...(c.host !== undefined && { host: c.host }),
      ...(c.port !== undefined && { port: c.port }),
      ...(c.username !== undefined && { username: c.username }),
      ...(c.senderName !== undefined && { sender_name: c.senderName }),
      ...(c.senderEmail !== undefined && { sender_email: c.senderEmail }),
    },
    error: row.status === "sent" ? null : { status: row.status, ...row.error },
  };
}

export function preferenceToJson(preference: Preference): z.output<typeof notificationPreference> {
  return {
    notification_category_id: preference.category.id,
    notification_category_name: preference.category.name,
    enabled: preference.enabled,
    can_disable: preference.category.canDisable,
  };
}

export function inboxEmailToJson(email: InboxSummary): z.output<typeof localInboxEmail> {
  return { id: email.id, to: email.to, subject: email.subject, created_at_millis: email.createdAt.getTime() };
}

export function inboxEmailContentToJson(email: InboxEmail): z.output<typeof localInboxEmailContent> {
  return { ...inboxEmailToJson(email), html: email.html, text: email.text };
}
