/** Messages between the renderer (main thread) and a sandbox worker. Plain data only. */

/**
 * Budget of a context's own work outside any template's deadline: compiling Tailwind's default setup
 * (at load, for a spare while idle, or before a render that changes project when no spare is ready).
 */
export const WARM_UP_MS = 10_000;

export interface SandboxLimits {
  memoryLimitBytes: number;
  maxStackSizeBytes: number;
}

export interface WorkerStartData extends SandboxLimits {
  runtimePath: string;
}

export interface RenderInput {
  themeTsx: string;
  templateTsx: string;
  variables?: Record<string, unknown>;
  user?: { displayName: string | null };
  project?: { displayName: string };
  unsubscribeLink?: string;
  previewMode?: boolean;
}

export interface RenderedEmail {
  html: string;
  text: string;
  subject?: string;
  notificationCategory?: string;
}

export interface RenderRequest {
  type: "render";
  id: number;
  timeoutMs: number;
  /** The context last rendered for another project: drop the caches that hold its data first. */
  forgetProject: boolean;
  input: RenderInput;
}

/** A limit a render hit: its deadline, or its memory (heap or stack). */
export type RenderLimit = "deadline" | "memory";

/**
 * `fatal`: tenant code ran and failed (or hit a limit), so the worker is replaced; false for compile errors.
 * `limit`: the limit that stopped it, if one did.
 */
export interface RenderFailure {
  message: string;
  fatal: boolean;
  limit?: RenderLimit;
}

export type WorkerMessage =
  | { type: "ready"; loadMs: number }
  /** The template's code starts now, and with it the render's deadline. */
  | { type: "started"; id: number }
  | { type: "startFailed"; message: string }
  | { type: "rendered"; id: number; email: RenderedEmail }
  | { type: "failed"; id: number; failure: RenderFailure };
