/**
 * What the admin reads when a render fails (EMAIL_RENDERING_ERROR's `error`): the template's own
 * exception with the line it came from, or which limit stopped it. Stack frames of the runtime itself
 * are left out; messages are cut to a readable length.
 */
import type { RenderFailure } from "./worker-protocol.js";

const MAX_MESSAGE = 1000;

export interface SandboxError {
  name: string;
  message: string;
  stack: string;
}

export function timeoutFailure(timeoutMs: number): RenderFailure {
  return { message: `Rendering timed out after ${timeoutMs} ms`, fatal: true, limit: "deadline" };
}

export function memoryFailure(limitBytes: number): RenderFailure {
  return { message: `Rendering exceeded the memory limit of ${Math.round(limitBytes / 1024 / 1024)} MB`, fatal: true, limit: "memory" };
}

export function stackFailure(): RenderFailure {
  return { message: "Rendering exceeded the stack size limit (too much recursion)", fatal: true, limit: "memory" };
}

/** Where in the admin's source the error was thrown, from QuickJS's stack ("at f (template.tsx:12:7)"). */
function sourceLocation(stack: string): string {
  const match = /\((theme\.tsx|template\.tsx|workflow\.ts):(\d+)(?::\d+)?\)|at (theme\.tsx|template\.tsx|workflow\.ts):(\d+)/.exec(stack);
  if (!match) return "";
  return ` (${match[1] ?? match[3]} line ${match[2] ?? match[4]})`;
}

function cut(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/**
 * An error thrown inside the sandbox. QuickJS reports exhausted limits as InternalErrors ("out of
 * memory", "stack overflow", "interrupted"). Any error raised while tenant code ran retires the context
 * (`fatal`): the realm is frozen, but a half-finished render is not worth trusting with the next one.
 */
export function classifySandboxError(error: SandboxError, limits: { timeoutMs: number; memoryLimitBytes: number }): RenderFailure {
  const { name, message } = error;
  if (name === "InternalError" && /interrupted/.test(message)) return timeoutFailure(limits.timeoutMs);
  if (/out of memory/i.test(message)) return memoryFailure(limits.memoryLimitBytes);
  if (/stack overflow|call stack size/i.test(message)) return stackFailure();
  const text = `${name && name !== "Error" ? `${name}: ` : ""}${message || "unknown error"}`;
  return { message: cut(text) + sourceLocation(error.stack), fatal: true };
}
