/** Contact channels (a user's e-mail addresses) as the API and events show them. */
import type { z } from "zod";
import type { contactChannel } from "../../contract/contact-channels.js";
import type { deletedContactChannelEvent } from "../../contract/events.js";
import type { ContactChannelRow } from "../db/queries/users.js";

export type ContactChannelJson = z.input<typeof contactChannel>;

export function channelToJson(row: ContactChannelRow): ContactChannelJson {
  return {
    user_id: row.userId,
    id: row.id,
    value: row.value,
    type: "email",
    used_for_auth: row.usedForAuth,
    is_verified: row.isVerified,
    is_primary: row.isPrimary,
  };
}

export function deletedChannelToJson(row: Pick<ContactChannelRow, "id" | "userId">): z.input<typeof deletedContactChannelEvent> {
  return { id: row.id, user_id: row.userId };
}
