/**
 * Sending a conversation to the AI assistant: the system prompt for what is being edited and the
 * conversation go to the OpenAI-compatible chat-completions endpoint of the server's configuration
 * (LATCHKEY_AI_*), with the one tool that proposes a new source; the answer comes back as the wire's
 * content list. Without a configured endpoint the answer is one text item saying how to configure one.
 * A provider that fails, answers an error or times out is the plain-status error aiChatProviderFailed.
 */
import type { AiChatConfig } from "../../config.js";
import type { AppDeps } from "../../deps.js";
import { statusError } from "../../errors.js";
import { providerMessages, type EditorMessage } from "./conversation.js";
import { contentOfCompletion, type ChatContentItem } from "./provider-answer.js";
import { postJson, ProviderFailure } from "./provider-request.js";
import { toolFor, type ChatContextType } from "./prompts.js";

export const NOT_CONFIGURED_TEXT =
  "The AI assistant is not configured on this server. To turn it on, the server's operator sets LATCHKEY_AI_MODEL " +
  "(and LATCHKEY_AI_BASE_URL and LATCHKEY_AI_API_KEY for an OpenAI-compatible chat-completions API other than OpenAI's) " +
  "and restarts the server.";

export async function sendChatMessage(deps: AppDeps, context: ChatContextType, messages: readonly EditorMessage[]): Promise<ChatContentItem[]> {
  const ai = deps.config.ai;
  if (!ai) return [{ type: "text", text: NOT_CONFIGURED_TEXT }];
  try {
    return await askProvider(ai, deps.config.allowPrivateOutbound, context, messages);
  } catch (error) {
    if (!(error instanceof ProviderFailure)) throw error;
    // Facts only: the key never appears here, nor the provider's answer body.
    deps.log.error("AI assistant provider failed", { model: ai.model, host: new URL(ai.baseUrl).host, reason: error.message });
    throw statusError("aiChatProviderFailed", { reason: error.message });
  }
}

async function askProvider(ai: AiChatConfig, allowPrivate: boolean, context: ChatContextType, messages: readonly EditorMessage[]): Promise<ChatContentItem[]> {
  const body = JSON.stringify({ model: ai.model, messages: providerMessages(context, messages), tools: [toolFor(context)] });
  const headers: Record<string, string> = { accept: "application/json" };
  if (ai.apiKey) headers.authorization = `Bearer ${ai.apiKey}`;
  const answer = await postJson(`${ai.baseUrl}/chat/completions`, headers, body, { allowPrivate, timeoutMs: ai.timeoutMs });
  if (answer.status < 200 || answer.status >= 300) throw new ProviderFailure(`it answered HTTP ${answer.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    throw new ProviderFailure("its answer is not JSON");
  }
  return contentOfCompletion(parsed);
}
