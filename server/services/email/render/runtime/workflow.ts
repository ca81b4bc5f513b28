/**
 * One workflow run inside the sandbox (Stack's `workflows.availableWorkflows.<id>.tsSource`): the
 * admin's module is evaluated with `onSignUp`, `registerCallback`, `stackApp` and `console` in scope
 * (parameters of its factory, never globals: the realm is frozen), the handler of the run's trigger is
 * called with the user, and the answer lists what the handler asked of the API (`stackApp.sendEmail`,
 * `user.update`). The host makes those calls after the run, with the run's workflow token: nothing here
 * reaches the network or the database, and each call resolves to undefined in the sandbox.
 */

export type WorkflowFactory = (
  exports: object,
  require: (id: unknown) => unknown,
  module: { exports: object },
  onSignUp: (handler: unknown) => void,
  registerCallback: (id: unknown, handler: unknown) => void,
  scheduleCallback: (options: unknown) => never,
  stackApp: object,
  console: object,
) => void;

/** The wire user (snake_case, as GET /users/{id} answers it at server access). */
export type WireUser = Record<string, unknown> & { id: string };

export interface WorkflowJob {
  trigger: "sign-up";
  user: WireUser;
}

export type WorkflowCall =
  | { type: "sendEmail"; options: Record<string, unknown> }
  | { type: "updateUser"; userId: string; patch: Record<string, unknown> };

export type WorkflowAnswer =
  | { ok: true; handled: boolean; calls: WorkflowCall[]; logs: string[] }
  | { ok: false; name: string; message: string; stack: string; calls: WorkflowCall[]; logs: string[] };

const MAX_CALLS = 20;
const MAX_CALL_JSON = 200_000;
const MAX_LOG_LINES = 50;
const MAX_LOG_LINE = 500;

function plainCopy(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new TypeError(`${what} takes an object`);
  const json = JSON.stringify(value);
  if (json.length > MAX_CALL_JSON) throw new RangeError(`${what}: the options are longer than ${MAX_CALL_JSON} characters`);
  return JSON.parse(json) as Record<string, unknown>;
}

function describe(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

const noRequire = (id: unknown): never => {
  throw new Error(`import of '${String(id)}' is not allowed in a workflow`);
};

/** The camelCase user a handler receives (Stack's ServerUser fields), with `update`. */
function userObject(user: WireUser, record: (call: WorkflowCall) => void): object {
  return Object.freeze({
    id: user.id,
    displayName: user.display_name ?? null,
    primaryEmail: user.primary_email ?? null,
    primaryEmailVerified: user.primary_email_verified ?? false,
    profileImageUrl: user.profile_image_url ?? null,
    signedUpAt: typeof user.signed_up_at_millis === "number" ? new Date(user.signed_up_at_millis) : null,
    clientMetadata: user.client_metadata ?? null,
    clientReadOnlyMetadata: user.client_read_only_metadata ?? null,
    serverMetadata: user.server_metadata ?? null,
    isAnonymous: user.is_anonymous ?? false,
    update(patch: unknown): Promise<void> {
      record({ type: "updateUser", userId: user.id, patch: plainCopy(patch, "user.update") });
      return Promise.resolve();
    },
  });
}

/** Never rejects: the answer is JSON, so no object made by the workflow crosses to the host. */
export async function runWorkflow(factory: WorkflowFactory, jobJson: string): Promise<string> {
  const calls: WorkflowCall[] = [];
  const logs: string[] = [];
  const record = (call: WorkflowCall): void => {
    if (calls.length >= MAX_CALLS) throw new RangeError(`A workflow run may make at most ${MAX_CALLS} API calls`);
    calls.push(call);
  };
  const log = (level: string) => (...args: unknown[]): void => {
    if (logs.length >= MAX_LOG_LINES) return;
    const line = `${level}: ${args.map(describe).join(" ")}`;
    logs.push(line.length > MAX_LOG_LINE ? `${line.slice(0, MAX_LOG_LINE)}…` : line);
  };
  const handlers = new Map<string, (user: object) => unknown>();
  try {
    const job = JSON.parse(jobJson) as WorkflowJob;
    const stackApp = Object.freeze({
      sendEmail(options: unknown): Promise<void> {
        record({ type: "sendEmail", options: plainCopy(options, "stackApp.sendEmail") });
        return Promise.resolve();
      },
    });
    const onSignUp = (handler: unknown): void => {
      if (typeof handler !== "function") throw new TypeError("onSignUp takes a function");
      handlers.set("sign-up", handler as (user: object) => unknown);
    };
    const registerCallback = (): void => undefined;
    const scheduleCallback = (): never => {
      throw new Error("scheduleCallback is not supported by this server");
    };
    const consoleObject = Object.freeze({ log: log("log"), info: log("info"), warn: log("warn"), error: log("error"), debug: log("debug") });
    const module = { exports: {} };
    factory(module.exports, noRequire, module, onSignUp, registerCallback, scheduleCallback, stackApp, consoleObject);
    const handler = handlers.get(job.trigger);
    if (handler) await handler(userObject(job.user, record));
    return JSON.stringify({ ok: true, handled: handler !== undefined, calls, logs } satisfies WorkflowAnswer);
  } catch (error) {
    const e = error as { name?: unknown; message?: unknown; stack?: unknown } | null;
    const isObject = typeof e === "object" && e !== null;
    const read = (key: "name" | "message" | "stack"): string => {
      try {
        return isObject ? String(e[key] ?? "") : key === "message" ? String(error) : "";
      } catch {
        return "";
      }
    };
    return JSON.stringify({ ok: false, name: read("name") || "Error", message: read("message"), stack: read("stack"), calls, logs } satisfies WorkflowAnswer);
  }
}
