/**
 * The API calls a workflow run asked for (runtime/workflow.ts `WorkflowCall`), made by the server on
 * the run's behalf through its own HTTP API, at server access, with the run's workflow token in
 * x-stack-workflow-token instead of a secret server key. The API validates them as it validates any
 * client's: nothing a workflow wrote reaches a service unchecked.
 */
import type { AppDeps } from "../../deps.js";
import type { WorkflowOutcome } from "../email/render/index.js";

export type WorkflowCall = WorkflowOutcome["calls"][number];

/** How the server reaches its own API (the app's `fetch`), connected when the app is built. */
export type ApiFetch = (request: Request) => Promise<Response>;

const apis = new WeakMap<AppDeps, ApiFetch>();

/** Called by createApp: workflow runs of this server call the API through `fetch`. */
export function connectWorkflowApi(deps: AppDeps, fetch: ApiFetch): void {
  apis.set(deps, fetch);
}

/** What one call came to: its method and path, and the API's status (and error code, when it refused). */
export interface CallResult {
  line: string;
  status: number;
  code?: string;
}

const USER_FIELDS: Record<string, string> = {
  displayName: "display_name",
  clientMetadata: "client_metadata",
  clientReadOnlyMetadata: "client_read_only_metadata",
  serverMetadata: "server_metadata",
  primaryEmail: "primary_email",
  primaryEmailVerified: "primary_email_verified",
  profileImageUrl: "profile_image_url",
};

const EMAIL_FIELDS: Record<string, string> = {
  userIds: "user_ids",
  allUsers: "all_users",
  subject: "subject",
  html: "html",
  templateId: "template_id",
  variables: "variables",
  themeId: "theme_id",
  notificationCategoryName: "notification_category_name",
};

/** Stack's camelCase options to the wire's snake_case; an unknown option is sent as given (the API refuses it by name). */
function toWire(options: Record<string, unknown>, fields: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(options).map(([key, value]) => [fields[key] ?? key, value]));
}

function requestOf(call: WorkflowCall): { method: string; path: string; body: Record<string, unknown> } {
  switch (call.type) {
    case "sendEmail":
      return { method: "POST", path: "/emails/send-email", body: toWire(call.options, EMAIL_FIELDS) };
    case "updateUser":
      return { method: "PATCH", path: `/users/${encodeURIComponent(call.userId)}`, body: toWire(call.patch, USER_FIELDS) };
  }
}

export async function makeWorkflowCall(deps: AppDeps, projectId: string, token: string, call: WorkflowCall): Promise<CallResult> {
  const fetch = apis.get(deps);
  if (!fetch) throw new Error("The workflow API is not connected (createApp was not called for these dependencies)");
  const { method, path, body } = requestOf(call);
  const url = new URL(`/api/v1${path}`, deps.config.publicUrl);
  const response = await fetch(
    new Request(url, {
      method,
      headers: {
        "content-type": "application/json",
        "x-stack-project-id": projectId,
        "x-stack-access-type": "server",
        "x-stack-workflow-token": token,
      },
      body: JSON.stringify(body),
    }),
  );
  const line = `${method} /api/v1${path.startsWith("/users/") ? "/users/{id}" : path}`;
  if (response.ok) {
    await response.body?.cancel();
    return { line, status: response.status };
  }
  const code = response.headers.get("x-stack-known-error") ?? undefined;
  await response.body?.cancel();
  return { line, status: response.status, ...(code && { code }) };
}
