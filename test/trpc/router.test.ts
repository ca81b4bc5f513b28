import { createTRPCClient, httpLink, TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import type { AppRouter } from "../../contract/router.js";
import { testDialects } from "../support/databases.js";
import { createTestInstance, internalTestKeys, type TestInstance } from "../support/instance.js";

function clientFor(lk: TestInstance, headers: Record<string, string>) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: "http://localhost/trpc",
        headers,
        fetch: async (url, init) => lk.app.request(String(url), init as RequestInit),
      }),
    ],
  });
}

const adminHeaders = {
  "x-stack-access-type": "admin",
  "x-stack-project-id": "internal",
  "x-stack-super-secret-admin-key": internalTestKeys.superSecretAdminKey,
};

describe.each(testDialects)("tRPC router on %s", (dialect) => {
  it("serves the same procedures with the same authentication and typed results", async () => {
    await using lk = await createTestInstance(dialect);
    const admin = clientFor(lk, adminHeaders);
    const created = await admin.createInternalApiKey.mutate({
      body: { description: "from trpc", expires_at_millis: lk.clock.now().getTime() + 60_000, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false },
    });
    expect(created.publishable_client_key).toMatch(/^pck_/);
    const listed = await admin.listInternalApiKeys.query();
    expect(listed.items.map((k) => k.description)).toContain("from trpc");
    const project = await admin.getAdminProject.query();
    expect(project.id).toBe("internal");
  });

  it("reports known errors with their code and details in data.knownError", async () => {
    await using lk = await createTestInstance(dialect);
    const wrongKey = clientFor(lk, { ...adminHeaders, "x-stack-super-secret-admin-key": "sak_wrong" });
    const error = await wrongKey.getAdminProject.query().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data as { httpStatus: number; knownError?: { code: string; details: unknown } };
    expect(data.httpStatus).toBe(401);
    expect(data.knownError).toEqual({ code: "INVALID_SUPER_SECRET_ADMIN_KEY", details: { project_id: "internal" }, error: expect.any(String) });
  });

  it("validates input exactly like REST", async () => {
    await using lk = await createTestInstance(dialect);
    const admin = clientFor(lk, adminHeaders);
    const error = await admin.getInternalApiKey.query({ params: { api_key_id: "not-a-uuid" } }).catch((e: unknown) => e);
    const data = (error as TRPCClientError<AppRouter>).data as { knownError?: { code: string; details: { message: string } } };
    expect(data.knownError?.code).toBe("SCHEMA_ERROR");
    expect(data.knownError?.details.message).toContain("params.api_key_id must be a valid UUID");
  });
});
