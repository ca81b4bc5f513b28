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

/** The project as templates and themes get it (`project` prop); logo URLs are absolute, colours `#rrggbb`. */
export interface ThemeProject {
  displayName: string;
  logoUrl?: string | null;
  darkLogoUrl?: string | null;
  primaryColor?: string | null;
  /** White or black, whichever reads on `primaryColor`. */
  onPrimaryColor?: string | null;
}

export interface RenderInput {
  themeTsx: string;
  templateTsx: string;
  variables?: Record<string, unknown>;
  user?: { displayName: string | null };
  project?: ThemeProject;
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

/** A workflow's TypeScript and the event it runs on (runtime/workflow.ts `WorkflowJob`, as JSON). */
export interface WorkflowInput {
  source: string;
  jobJson: string;
}

/** What a workflow run that did not fail asked of the API (runtime/workflow.ts `WorkflowCall`), and its console lines. */
export interface WorkflowOutcome {
  handled: boolean;
  calls: Array<{ type: "sendEmail"; options: Record<string, unknown> } | { type: "updateUser"; userId: string; patch: Record<string, unknown> }>;
  logs: string[];
}

export interface WorkflowRequest {
  type: "workflow";
  id: number;
  timeoutMs: number;
  forgetProject: boolean;
  input: WorkflowInput;
}

export type SandboxRequest = RenderRequest | WorkflowRequest;

/** A limit a render hit: its deadline, or its memory (heap or stack). */
export type RenderLimit = "deadline" | "memory";

/**
 * `fatal`: tenant code ran and failed (or hit a limit), so the worker is replaced; false for compile errors.
 * `limit`: the limit that stopped it, if one did.
 */
export interface RenderFailure {
  message: string;
  /** A workflow's console lines up to its failure. */
  logs?: string[];
  fatal: boolean;
  limit?: RenderLimit;
}

export type WorkerMessage =
  | { type: "ready"; loadMs: number }
  /** The template's code starts now, and with it the render's deadline. */
  | { type: "started"; id: number }
  | { type: "startFailed"; message: string }
  | { type: "rendered"; id: number; email: RenderedEmail }
  | { type: "ran"; id: number; outcome: WorkflowOutcome }
  | { type: "failed"; id: number; failure: RenderFailure };
