import type { Session } from "../../core/tokens/session.js";
import { type AppContext, serverApi } from "../context.js";

export interface ContactChannelCreateOptions {
  value: string;
  type: "email";
  usedForAuth: boolean;
  isPrimary?: boolean;
  /** Server apps only. */
  isVerified?: boolean;
}

export interface ContactChannelUpdateOptions {
  value?: string;
  usedForAuth?: boolean;
  isPrimary?: boolean;
  /** Server apps only. */
  isVerified?: boolean;
}

/** A user's e-mail address. */
export interface ContactChannel {
  id: string;
  value: string;
  type: "email";
  isPrimary: boolean;
  isVerified: boolean;
  usedForAuth: boolean;
  /** Mails a verification link to the address; throws `EmailAlreadyVerified` for a verified one, `RedirectUrlNotWhitelisted` for an untrusted `callbackUrl`. @example `await channel.sendVerificationEmail({ callbackUrl: "https://app.example.com/handler/email-verification" });` */
  sendVerificationEmail(options?: { callbackUrl?: string }): Promise<void>;
  /** Changes the address or its flags (a changed address is no longer verified); throws `ContactChannelAlreadyUsedForAuthBySomeoneElse` when `usedForAuth` and another user signs in with it. @example `await channel.update({ isPrimary: true });` */
  update(data: ContactChannelUpdateOptions): Promise<void>;
  /** Removes the address from the user. @example `await channel.delete();` */
  delete(): Promise<void>;
}

interface ChannelJson {
  id: string;
  user_id: string;
  value: string;
  type: "email";
  is_primary: boolean;
  is_verified: boolean;
  used_for_auth: boolean;
}

export function channelCreateBody(userId: string, data: ContactChannelCreateOptions) {
  return {
    user_id: userId,
    value: data.value,
    type: data.type,
    used_for_auth: data.usedForAuth,
    is_primary: data.isPrimary,
    is_verified: data.isVerified,
  };
}

function updateBody(data: ContactChannelUpdateOptions) {
  return {
    value: data.value,
    used_for_auth: data.usedForAuth,
    is_primary: data.isPrimary,
    is_verified: data.isVerified,
  };
}

/** A contact channel reached through the user's session (session given) or with server access (null). */
export function createContactChannel(context: AppContext, session: Session | null, json: ChannelJson): ContactChannel {
  const path = { user_id: session ? "me" : json.user_id, contact_channel_id: json.id };
  return {
    id: json.id,
    value: json.value,
    type: json.type,
    isPrimary: json.is_primary,
    isVerified: json.is_verified,
    usedForAuth: json.used_for_auth,
    async sendVerificationEmail(options) {
      const body = { callback_url: options?.callbackUrl ?? context.callbackUrl("emailVerification") };
      if (session) await context.client("post", "/contact-channels/{user_id}/{contact_channel_id}/send-verification-code", { path, body }, session);
      else await serverApi(context)("post", "/contact-channels/{user_id}/{contact_channel_id}/send-verification-code", { path, body });
    },
    async update(data) {
      if (session) await context.client("patch", "/contact-channels/{user_id}/{contact_channel_id}", { path, body: updateBody(data) }, session);
      else await serverApi(context)("patch", "/contact-channels/{user_id}/{contact_channel_id}", { path, body: updateBody(data) });
      context.changed();
    },
    async delete() {
      if (session) await context.client("delete", "/contact-channels/{user_id}/{contact_channel_id}", { path }, session);
      else await serverApi(context)("delete", "/contact-channels/{user_id}/{contact_channel_id}", { path });
      context.changed();
    },
  };
}
