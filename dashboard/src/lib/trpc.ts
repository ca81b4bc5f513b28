/**
 * Typed tRPC hooks on the contract's router. Two kinds of client: the owner's own (the internal
 * project, client access with the owner's access token) and one per managed project (admin access with
 * the owner's access token as `x-stack-admin-access-token`). Query keys carry the project id as prefix,
 * so two projects never share a cached answer.
 */
import { createTRPCClient, httpLink, TRPCClientError, type TRPCClient } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import type { AdminAppRouter, AppRouter as ClientAppRouter } from "../../../contract/router.js";
import { ConnectivityError, HttpError, KnownError, OfflineError } from "@latchkey/js";
import { apiOrigin, INTERNAL_PROJECT_ID, publishableClientKey } from "./config.js";
import { currentAccessToken } from "./session.js";

/** The router as the project pages call it: admin access, so answers carry the server-only fields. */
export type AppRouter = AdminAppRouter;
export type { ClientAppRouter };
/** The project pages' hooks (inside `ProjectScope`). */
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter, { keyPrefix: true }>();
/** The owner's own hooks (the project list, the owner and their teams), with client access. */
export const { TRPCProvider: OwnerTRPCProvider, useTRPC: useOwnerTRPC } = createTRPCContext<ClientAppRouter, { keyPrefix: true }>();

export type DashboardClient = TRPCClient<AppRouter>;
export type OwnerClient = TRPCClient<ClientAppRouter>;

function link(headers: () => Promise<Record<string, string>>) {
  return httpLink({ url: `${apiOrigin()}/trpc`, headers });
}

/** The owner's client on the internal project. */
export function createOwnerClient(): OwnerClient {
  return createTRPCClient<ClientAppRouter>({
    links: [
      link(async () => {
        const headers: Record<string, string> = { "x-stack-access-type": "client", "x-stack-project-id": INTERNAL_PROJECT_ID };
        const key = publishableClientKey();
        if (key) headers["x-stack-publishable-client-key"] = key;
        const token = await currentAccessToken();
        if (token) headers["x-stack-access-token"] = token;
        return headers;
      }),
    ],
  });
}

/** A client that manages one project with the owner's session. */
export function createProjectClient(projectId: string): DashboardClient {
  return createTRPCClient<AppRouter>({
    links: [
      link(async () => {
        const token = await currentAccessToken();
        const headers: Record<string, string> = { "x-stack-access-type": "admin", "x-stack-project-id": projectId };
        if (token) headers["x-stack-admin-access-token"] = token;
        return headers;
      }),
    ],
  });
}

const unreachable = "The server could not be reached. Check your connection and try again.";

/** The known-error code of a failed call, if the server sent one. */
export function errorCode(error: unknown): string | null {
  if (error instanceof KnownError) return error.errorCode;
  if (error instanceof HttpError) return httpErrorBody(error).code ?? null;
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AppRouter>).data as { knownError?: { code: string } } | undefined;
    return data?.knownError?.code ?? null;
  }
  return null;
}

/** Words a person can act on for any failed call. */
export function errorMessage(error: unknown): string {
  if (error instanceof KnownError) return error.message;
  if (error instanceof ConnectivityError || error instanceof OfflineError) return unreachable;
  if (error instanceof HttpError) return httpErrorBody(error).error ?? (error.body || `The server answered ${error.status}.`);
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AppRouter>).data as { knownError?: { error: string }; httpStatus?: number } | undefined;
    if (data?.knownError?.error) return data.knownError.error;
    if (error.message === "Failed to fetch" || error.message.includes("fetch")) return unreachable;
    return error.message || "Something went wrong. Please try again.";
  }
  if (error instanceof Error) return error.message;
  return "Something went wrong. Please try again.";
}

/** A plain-status error's JSON body (its `code` and `error`), if it is one. */
function httpErrorBody(error: HttpError): { code?: string; error?: string } {
  try {
    const parsed = JSON.parse(error.body) as { code?: unknown; error?: unknown };
    return { ...(typeof parsed.code === "string" && { code: parsed.code }), ...(typeof parsed.error === "string" && { error: parsed.error }) };
  } catch {
    return {};
  }
}
