/**
 * Contact channels: the e-mail addresses of a user. The primary one is the user's `primary_email`;
 * those `used_for_auth` sign in with passwords and one-time codes (one user per address and project).
 */
import { z } from "zod";
import { email, listOf, successResponse, urlString, userIdOrMe, uuid, verificationCode } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const channelType = z.literal("email").meta({ description: "The kind of channel; only `email` exists.", example: "email" });
const usedForAuth = z.boolean().meta({ description: "Whether the address signs in (password, one-time code); one user per address.", example: true });
const isPrimary = z.boolean().meta({ description: "Whether this is the user's primary e-mail; a user has at most one.", example: true });
const isVerified = z.boolean().meta({ description: "Whether the user proved they own the address.", example: false });
const channelId = uuid.meta({ description: "A contact channel id.", example: "b3d396b8-c574-4c80-97b3-50031675ceb2" });

export const contactChannel = z
  .object({
    user_id: uuid,
    id: channelId,
    value: z.string().meta({ description: "The e-mail address, trimmed and lowercased.", example: "ada@example.com" }),
    type: channelType,
    used_for_auth: usedForAuth,
    is_verified: isVerified,
    is_primary: isPrimary,
  })
  .meta({ id: "ContactChannel" });

const clientCreateShape = {
  user_id: userIdOrMe,
  value: email,
  type: channelType,
  used_for_auth: usedForAuth,
  is_primary: isPrimary.optional(),
};
export const clientContactChannelCreate = z.strictObject(clientCreateShape).meta({ id: "ClientContactChannelCreate" });
export const serverContactChannelCreate = z
  .strictObject({ ...clientCreateShape, is_verified: isVerified.optional() })
  .meta({ id: "ServerContactChannelCreate" });

const clientUpdateShape = {
  value: email.optional(),
  type: channelType.optional(),
  used_for_auth: usedForAuth.optional(),
  is_primary: isPrimary.optional(),
};
export const clientContactChannelUpdate = z.strictObject(clientUpdateShape).meta({ id: "ClientContactChannelUpdate" });
export const serverContactChannelUpdate = z
  .strictObject({ ...clientUpdateShape, is_verified: isVerified.optional().meta({ description: "Default when `value` changes: false." }) })
  .meta({ id: "ServerContactChannelUpdate" });

const channelParams = z.strictObject({ user_id: userIdOrMe, contact_channel_id: channelId });
const callbackUrl = urlString.meta({ description: "The page the e-mailed link opens (on a trusted domain); `code` is added to its query." });
const codeErrors = ["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"] as const;
const tags = ["Contact channels"];

export const listContactChannels = defineProcedure({
  method: "GET",
  path: "/contact-channels",
  access: "client",
  summary: "List a user's contact channels, oldest first",
  description: "Clients list their own (`user_id=me`); servers may leave `user_id` out to list every channel of the project.",
  tags,
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "contactChannelsOwnOnly"],
  query: z.strictObject({
    user_id: userIdOrMe.optional().meta({ description: "Required for clients (`me`); optional for servers." }),
    contact_channel_id: channelId.optional().meta({ description: "Only this channel." }),
  }),
  output: listOf(contactChannel),
});

export const createContactChannel = defineProcedure({
  method: "POST",
  path: "/contact-channels",
  access: "client",
  summary: "Add a contact channel to a user",
  tags,
  successStatus: 201,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", "contactChannelAlreadyExists", "contactChannelLimitReached", "contactChannelsOwnOnly", "tooManyRequests"],
  body: { client: clientContactChannelCreate, server: serverContactChannelCreate },
  output: contactChannel,
});

export const getContactChannel = defineProcedure({
  method: "GET",
  path: "/contact-channels/{user_id}/{contact_channel_id}",
  access: "client",
  summary: "Read a contact channel",
  tags,
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "contactChannelNotFound", "contactChannelsOwnOnly"],
  params: channelParams,
  output: contactChannel,
});

export const updateContactChannel = defineProcedure({
  method: "PATCH",
  path: "/contact-channels/{user_id}/{contact_channel_id}",
  access: "client",
  summary: "Update a contact channel; a new value is unverified unless `is_verified` says otherwise",
  tags,
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", "contactChannelAlreadyExists", "contactChannelMissing", "contactChannelsOwnOnly"],
  params: channelParams,
  body: { client: clientContactChannelUpdate, server: serverContactChannelUpdate },
  output: contactChannel,
});

export const deleteContactChannel = defineProcedure({
  method: "DELETE",
  path: "/contact-channels/{user_id}/{contact_channel_id}",
  access: "client",
  summary: "Remove a contact channel",
  tags,
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_NOT_FOUND", "contactChannelMissing", "contactChannelsOwnOnly"],
  params: channelParams,
  output: successResponse,
});

export const sendContactChannelVerificationCode = defineProcedure({
  rateLimit: "send-code",
  method: "POST",
  path: "/contact-channels/{user_id}/{contact_channel_id}/send-verification-code",
  access: "client",
  summary: "Mail a verification link to a contact channel",
  tags,
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_ID_DOES_NOT_EXIST", "EMAIL_ALREADY_VERIFIED", "REDIRECT_URL_NOT_WHITELISTED", "contactChannelMissingForVerification", "verificationCodeOwnOnly", "tooManyRequests", "emailSendFailed"],
  params: channelParams,
  body: z.strictObject({ callback_url: callbackUrl }),
  output: successResponse,
});

export const sendPrimaryEmailVerificationCode = defineProcedure({
  rateLimit: "send-code",
  method: "POST",
  path: "/contact-channels/send-verification-code",
  access: "client",
  summary: "Mail a verification link to the signed-in user's primary e-mail (legacy)",
  description: "Deprecated: use `/contact-channels/{user_id}/{contact_channel_id}/send-verification-code`.",
  tags,
  successStatus: 200,
  errors: ["EMAIL_IS_NOT_PRIMARY_EMAIL", "EMAIL_ALREADY_VERIFIED", "REDIRECT_URL_NOT_WHITELISTED", "noPrimaryEmailToVerify", "tooManyRequests", "emailSendFailed"],
  body: z.strictObject({ email, callback_url: callbackUrl }),
  output: successResponse,
});

export const verifyContactChannel = defineProcedure({
  rateLimit: "check-code",
  method: "POST",
  path: "/contact-channels/verify",
  access: "client",
  summary: "Verify a contact channel with the code from its e-mailed link",
  tags,
  successStatus: 200,
  errors: [...codeErrors, "EMAIL_ALREADY_VERIFIED", "contactChannelChangedSinceCode", "addedEmailNeedsOwnerSession", "addedEmailOtherAccount"],
  body: z.strictObject({ code: verificationCode }),
  output: successResponse,
});

export const checkContactChannelVerificationCode = defineProcedure({
  rateLimit: "check-code",
  method: "POST",
  path: "/contact-channels/verify/check-code",
  access: "client",
  summary: "Check a contact-channel verification code without using it",
  tags,
  successStatus: 200,
  errors: [...codeErrors],
  body: z.strictObject({ code: verificationCode }),
  output: z.object({ is_code_valid: z.literal(true) }),
});

/** This file's procedures, registered in contract/index.ts. */
export const contactChannelProcedures = {
  listContactChannels,
  createContactChannel,
  getContactChannel,
  updateContactChannel,
  deleteContactChannel,
  sendContactChannelVerificationCode,
  sendPrimaryEmailVerificationCode,
  verifyContactChannel,
  checkContactChannelVerificationCode,
} as const;
