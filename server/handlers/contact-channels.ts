import type { z } from "zod";
import type * as c from "../../contract/contact-channels.js";
import { knownError } from "../../contract/known-error.js";
import { requireUserInSchema, resolveUserId } from "../http/auth.js";
import type { Handler, HandlerMap, RequestContext } from "../http/handler.js";
import { statusError } from "../errors.js";
import * as channels from "../services/contact-channels.js";
import { checkEmailVerification, completeEmailVerification } from "../services/email-verification.js";
import { channelToJson } from "../views/contact-channels.js";
import { actorOf } from "./actor.js";

type Refusal = () => Error;

const clientOnlyOwn = (action: "list" | "create" | "read" | "update" | "delete"): Refusal => () => statusError("contactChannelsOwnOnly", { action });
const userNotFound = () => knownError("USER_NOT_FOUND");

/**
 * The id of the user a request names (`me` or an id). Clients need a signed-in user and may only name
 * themselves (else `refuse`); servers may name anyone of the project that exists (else `unknown`).
 */
async function ownerId(ctx: RequestContext, named: string | undefined, refuse: Refusal, unknown: (userId: string) => Error): Promise<string> {
  const { auth, deps } = ctx;
  if (auth.accessType === "client") {
    if (!auth.user) throw knownError("CANNOT_GET_OWN_USER_WITHOUT_USER");
    if (named !== "me" && named !== auth.user.user.id) throw refuse();
    return auth.user.user.id;
  }
  const userId = resolveUserId(auth, named ?? "me");
  if (!(await deps.queries.users.find(auth.project.id, userId))) throw unknown(userId);
  return userId;
}

const listContactChannels: Handler<typeof c.listContactChannels> = async (ctx, { query }) => {
  const { auth, deps } = ctx;
  const everyone = query.user_id === undefined && auth.accessType !== "client";
  const userId = everyone ? undefined : await ownerId(ctx, query.user_id, clientOnlyOwn("list"), userNotFound);
  const rows = await channels.listChannels(deps, auth.project.id, { userId, channelId: query.contact_channel_id });
  return { items: rows.map(channelToJson), is_paginated: false };
};

const createContactChannel: Handler<typeof c.createContactChannel> = async (ctx, input) => {
  const body: z.output<typeof c.serverContactChannelCreate> = input.body; // a client's body is the same without is_verified
  const userId = await ownerId(ctx, body.user_id, clientOnlyOwn("create"), userNotFound);
  const row = await channels.createChannel(ctx.deps, ctx.auth.project.id, userId, {
    value: body.value,
    usedForAuth: body.used_for_auth,
    isPrimary: body.is_primary,
    isVerified: body.is_verified,
  }, actorOf(ctx.auth));
  return channelToJson(row);
};

const getContactChannel: Handler<typeof c.getContactChannel> = async (ctx, { params }) => {
  const userId = await ownerId(ctx, params.user_id, clientOnlyOwn("read"), userNotFound);
  return channelToJson(await channels.getChannel(ctx.deps, ctx.auth.project.id, userId, params.contact_channel_id));
};

const updateContactChannel: Handler<typeof c.updateContactChannel> = async (ctx, { params, ...input }) => {
  const body: z.output<typeof c.serverContactChannelUpdate> = input.body; // a client's body is the same without is_verified
  const userId = await ownerId(ctx, params.user_id, clientOnlyOwn("update"), userNotFound);
  const row = await channels.updateChannel(ctx.deps, ctx.auth.project.id, userId, params.contact_channel_id, {
    value: body.value,
    usedForAuth: body.used_for_auth,
    isPrimary: body.is_primary,
    isVerified: body.is_verified,
  }, actorOf(ctx.auth));
  return channelToJson(row);
};

const deleteContactChannel: Handler<typeof c.deleteContactChannel> = async (ctx, { params }) => {
  const userId = await ownerId(ctx, params.user_id, clientOnlyOwn("delete"), userNotFound);
  await channels.deleteChannel(ctx.deps, ctx.auth.project.id, userId, params.contact_channel_id, actorOf(ctx.auth));
  return { success: true };
};

const sendContactChannelVerificationCode: Handler<typeof c.sendContactChannelVerificationCode> = async (ctx, { params, body }) => {
  const userId = await ownerId(
    ctx,
    params.user_id,
    () => statusError("verificationCodeOwnOnly"),
    (user_id) => knownError("USER_ID_DOES_NOT_EXIST", { user_id }),
  );
  await channels.sendChannelVerification(ctx.deps, ctx.auth.project, userId, params.contact_channel_id, body.callback_url);
  return { success: true };
};

const sendPrimaryEmailVerificationCode: Handler<typeof c.sendPrimaryEmailVerificationCode> = async (ctx, { body }) => {
  await channels.sendPrimaryEmailVerification(ctx.deps, ctx.auth.project, requireUserInSchema(ctx.auth, "POST /api/v1/contact-channels/send-verification-code"), body.email, body.callback_url);
  return { success: true };
};

const verifyContactChannel: Handler<typeof c.verifyContactChannel> = async (ctx, { body }) => {
  await completeEmailVerification(ctx.deps, ctx.auth.project, body.code, ctx.auth.user?.user.id ?? null);
  return { success: true };
};

const checkContactChannelVerificationCode: Handler<typeof c.checkContactChannelVerificationCode> = async (ctx, { body }) => {
  await checkEmailVerification(ctx.deps, ctx.auth.project, body.code);
  return { is_code_valid: true };
};

export const contactChannelHandlers = {
  listContactChannels,
  createContactChannel,
  getContactChannel,
  updateContactChannel,
  deleteContactChannel,
  sendContactChannelVerificationCode,
  sendPrimaryEmailVerificationCode,
  verifyContactChannel,
  checkContactChannelVerificationCode,
} satisfies HandlerMap<typeof c.contactChannelProcedures>;
