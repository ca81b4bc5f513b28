import { z } from "zod";
import { displayName, email, metadata, millis, successResponse, uuid, userIdOrMe } from "./fields.js";
import { defineProcedure } from "./procedure.js";
import { clientTeam, serverTeam } from "./teams-shared.js";

/** A profile image: an http(s) URL or a base64 data URL, at most 1,000,000 characters. */
export const profileImageUrl = z
  .string()
  .max(1_000_000, "must be at most 1000000 characters")
  .refine((v) => !/\s/.test(v), "contains spaces")
  .nullable()
  .meta({ description: "An image URL or a `data:image/…;base64,…` URL.", example: "https://example.com/ada.png" });

/** As servers send it: it must at least parse as a URL (Stack's `SCHEMA_ERROR` `is not a valid URL`, e.g. for ""). */
const serverProfileImageUrl = z
  .string()
  .max(1_000_000, "must be at most 1000000 characters")
  .refine((v) => !/\s/.test(v), "contains spaces")
  .refine((v) => URL.canParse(v), "is not a valid URL")
  .nullable()
  .meta({ description: "An image URL or a `data:image/…;base64,…` URL.", example: "https://example.com/ada.png" });

const oauthProviderLink = z.object({
  id: z.string().meta({ description: "The provider config id, e.g. `github`." }),
  account_id: z.string(),
  email: z.string().nullable().optional(),
});

const clientUserShape = {
  id: uuid,
  primary_email: z.string().nullable(),
  primary_email_verified: z.boolean(),
  display_name: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  signed_up_at_millis: millis,
  client_metadata: metadata,
  client_read_only_metadata: metadata,
  has_password: z.boolean(),
  otp_auth_enabled: z.boolean(),
  passkey_auth_enabled: z.boolean(),
  auth_with_email: z.boolean().meta({ description: "Deprecated: has_password or otp_auth_enabled." }),
  requires_totp_mfa: z.boolean().meta({ description: "A TOTP secret is set: sign-ins need a second factor." }),
  is_anonymous: z.boolean(),
  oauth_providers: z.array(oauthProviderLink),
  selected_team_id: uuid.nullable(),
};

export const clientUser = z.object({ ...clientUserShape, selected_team: clientTeam.nullable() }).meta({ id: "ClientUser" });
export const serverUser = z
  .object({
    ...clientUserShape,
    selected_team: serverTeam.nullable(),
    primary_email_auth_enabled: z.boolean(),
    last_active_at_millis: millis,
    server_metadata: metadata,
  })
  .meta({ id: "ServerUser" });

const password = z.string().max(70, "must be at most 70 characters");
const totpSecret = z.base64({ message: "is not valid base64" }).max(1000).nullable();

const clientUpdateShape = {
  display_name: displayName.nullable().optional(),
  profile_image_url: profileImageUrl.optional(),
  client_metadata: metadata.optional(),
  selected_team_id: uuid.nullable().optional(),
  totp_secret_base64: totpSecret.optional(),
  otp_auth_enabled: z.boolean().optional(),
  passkey_auth_enabled: z.boolean().optional(),
};

const serverUpdateShape = {
  ...clientUpdateShape,
  profile_image_url: serverProfileImageUrl.optional(),
  client_read_only_metadata: metadata.optional(),
  server_metadata: metadata.optional(),
  primary_email: email.nullable().optional(),
  primary_email_verified: z.boolean().optional(),
  primary_email_auth_enabled: z.boolean().optional(),
  password: password.nullable().optional(),
  password_hash: z.string().min(1).max(1000).optional(),
  is_anonymous: z.literal(false).optional().meta({ description: "Upgrades an anonymous user." }),
};

export const clientUserUpdate = z.strictObject(clientUpdateShape).meta({ id: "ClientUserUpdate" });
export const serverUserUpdate = z.strictObject(serverUpdateShape).meta({ id: "ServerUserUpdate" });
export const serverUserCreate = z
  .strictObject({
    ...serverUpdateShape,
    is_anonymous: z.boolean().optional(),
    oauth_providers: z
      .array(z.strictObject({ id: z.string().min(1).max(63), account_id: z.string().min(1).max(500), email: z.string().max(256).nullable() }))
      .max(20)
      .optional()
      .meta({ description: "Provider accounts to link (sign-in and connected accounts allowed); `id` is a configured provider config id." }),
  })
  .meta({ id: "ServerUserCreate" });

const userIdParams = z.strictObject({ user_id: userIdOrMe });

export const getCurrentUser = defineProcedure({
  method: "GET",
  path: "/users/me",
  access: "client",
  summary: "The signed-in user",
  tags: ["Users"],
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER"],
  output: { client: clientUser, server: serverUser },
});

export const updateCurrentUser = defineProcedure({
  method: "PATCH",
  path: "/users/me",
  access: "client",
  summary: "Update the signed-in user",
  tags: ["Users"],
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_MEMBERSHIP_NOT_FOUND", "USER_EMAIL_ALREADY_EXISTS", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "passwordAndHashBoth", "unsupportedPasswordHash", "passkeyAuthNotSettable", "primaryEmailFlagsNeedEmail", "primaryEmailVerifiedNeedsEmail", "profileImageBadUrl", "profileImageNotBase64", "profileImageTooLarge", "tooManyRequests"],
  body: { client: clientUserUpdate, server: serverUserUpdate },
  output: { client: clientUser, server: serverUser },
});

export const deleteCurrentUser = defineProcedure({
  method: "DELETE",
  path: "/users/me",
  access: "client",
  summary: "Delete the signed-in user (clients only when the project allows it)",
  tags: ["Users"],
  successStatus: 200,
  errors: ["CANNOT_GET_OWN_USER_WITHOUT_USER", "clientUserDeletionDisabled"],
  output: successResponse,
});

export const listUsers = defineProcedure({
  method: "GET",
  path: "/users",
  access: "server",
  summary: "List users by sign-up time, a page at a time",
  tags: ["Users"],
  successStatus: 200,
  errors: [],
  query: z.strictObject({
    limit: z.number().int().min(1).max(1000).optional(),
    cursor: uuid.optional().meta({ description: "Id of the first user of the page (from `pagination.next_cursor`)." }),
    order_by: z.literal("signed_up_at").optional(),
    desc: z.boolean().optional(),
    query: z.string().max(1000).optional().meta({ description: "Search: exact id, or part of the display name or of an e-mail." }),
    include_anonymous: z.boolean().optional(),
    team_id: uuid.optional(),
  }),
  output: z.object({
    items: z.array(serverUser),
    is_paginated: z.literal(true),
    pagination: z.object({ next_cursor: uuid.nullable() }),
  }),
});

export const createUser = defineProcedure({
  method: "POST",
  path: "/users",
  access: "server",
  summary: "Create a user (allowed whatever the sign-up setting)",
  tags: ["Users"],
  successStatus: 201,
  errors: ["USER_EMAIL_ALREADY_EXISTS", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "passwordAndHashBoth", "passwordSignInDisabledOnCreate", "profileImageBadUrl", "otpSignInDisabledOnCreate", "primaryEmailFlagsNeedEmail", "primaryEmailVerifiedNeedsEmail", "profileImageNotBase64", "profileImageTooLarge", "tooManyRequests", "unsupportedPasswordHash",
    "userCreateOAuthProviderNotFound", "oauthProviderAccountExists", "oauthProviderSignInTypeExists", "OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN"],
  body: serverUserCreate,
  output: serverUser,
});

export const getUser = defineProcedure({
  method: "GET",
  path: "/users/{user_id}",
  access: "server",
  summary: "Read a user",
  tags: ["Users"],
  successStatus: 200,
  errors: ["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER"],
  params: userIdParams,
  query: z.strictObject({
    include_anonymous: z.boolean().optional().meta({ description: "Accepted as Stack does; a single read finds anonymous users either way." }),
  }),
  output: serverUser,
});

export const updateUser = defineProcedure({
  method: "PATCH",
  path: "/users/{user_id}",
  access: "server",
  summary: "Update a user",
  tags: ["Users"],
  successStatus: 200,
  errors: ["USER_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "USER_EMAIL_ALREADY_EXISTS", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", "passwordAndHashBoth", "passkeyAuthNotSettable", "primaryEmailFlagsNeedEmail", "primaryEmailVerifiedNeedsEmail", "profileImageBadUrl", "profileImageNotBase64", "profileImageTooLarge", "tooManyRequests", "unsupportedPasswordHash"],
  params: userIdParams,
  body: serverUserUpdate,
  output: serverUser,
});

export const deleteUser = defineProcedure({
  method: "DELETE",
  path: "/users/{user_id}",
  access: "server",
  summary: "Delete a user with their sessions, e-mails and memberships",
  tags: ["Users"],
  successStatus: 200,
  errors: ["USER_NOT_FOUND"],
  params: userIdParams,
  output: successResponse,
});

/** This file's procedures, registered in contract/index.ts. */
export const userProcedures = {
  getCurrentUser,
  updateCurrentUser,
  deleteCurrentUser,
  listUsers,
  createUser,
  getUser,
  updateUser,
  deleteUser,
} as const;
