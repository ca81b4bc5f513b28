import type * as c from "../../contract/ai-chat.js";
import type { Handler, HandlerMap } from "../http/handler.js";
import { sendChatMessage } from "../services/ai-chat/send.js";
import { listChatMessages, saveChatMessage } from "../services/ai-chat/threads.js";
import { threadToJson } from "../views/ai-chat.js";

const sendAiChatMessage: Handler<typeof c.sendAiChatMessage> = async (ctx, { body }) => ({
  content: await sendChatMessage(ctx.deps, body.context_type, body.messages),
});

const saveAiChatMessage: Handler<typeof c.saveAiChatMessage> = async (ctx, { params, body }) => {
  await saveChatMessage(ctx.deps, ctx.auth.project.id, params.thread_id, body.message);
  return {};
};

const listAiChatMessages: Handler<typeof c.listAiChatMessages> = async (ctx, { params }) =>
  threadToJson(await listChatMessages(ctx.deps, ctx.auth.project.id, params.thread_id));

export const aiChatHandlers = { sendAiChatMessage, saveAiChatMessage, listAiChatMessages } satisfies HandlerMap<typeof c.aiChatProcedures>;
