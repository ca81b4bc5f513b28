import { describe, expect, it } from "vitest";
import { createTestInstance } from "../../support/instance.js";
import { testDialects } from "../../support/databases.js";

describe.each(testDialects)("wire format on %s", (dialect) => {
  it("answers a known error with the code in the header and {code, details, error} in the body", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.call("GET", "/projects/current", {
      headers: { "x-stack-access-type": "client", "x-stack-project-id": "internal", "x-stack-publishable-client-key": "pck_wrong" },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("x-stack-known-error")).toBe("INVALID_PUBLISHABLE_CLIENT_KEY");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.body).toEqual({ code: "INVALID_PUBLISHABLE_CLIENT_KEY", details: { project_id: "internal" }, error: expect.any(String) });
    expect(Object.keys(res.body)).toEqual(["code", "details", "error"]);
  });

  it("turns every error into 200 plus x-stack-actual-status when asked, unknown routes included", async () => {
    await using lk = await createTestInstance(dialect);
    const override = { "x-stack-override-error-status": "true" };
    const known = await lk.call("GET", "/projects/current", {
      headers: { ...override, "x-stack-access-type": "client", "x-stack-project-id": "internal", "x-stack-publishable-client-key": "pck_wrong" },
    });
    expect(known.status).toBe(200);
    expect(known.headers.get("x-stack-actual-status")).toBe("401");
    expect(known.headers.get("x-stack-known-error")).toBe("INVALID_PUBLISHABLE_CLIENT_KEY");

    const unknownRoute = await lk.call("GET", "/no/such/route", { headers: override });
    expect(unknownRoute.status).toBe(200);
    expect(unknownRoute.headers.get("x-stack-actual-status")).toBe("404");
    expect(unknownRoute.headers.get("x-stack-known-error")).toBeNull();

    const success = await lk.call("GET", "/health", { headers: override });
    expect(success.status).toBe(200);
    expect(success.headers.get("x-stack-actual-status")).toBeNull();
  });

  it("answers unknown routes with 404 text and known paths with a wrong method with 405", async () => {
    await using lk = await createTestInstance(dialect);
    const missing = await lk.call("GET", "/no/such/route");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("text/plain");
    const wrongMethod = await lk.call("PUT", "/internal/api-keys");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.text).toBe("Method not allowed");
  });

  it("answers CORS preflights for any API path and exposes the x-stack headers", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.app.request("/api/v1/anything/at/all", {
      method: "OPTIONS",
      headers: { origin: "https://app.example.com", "access-control-request-method": "POST", "access-control-request-headers": "x-stack-access-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")).toContain("x-stack-publishable-client-key");
    const get = await lk.app.request("/api/v1/health", { headers: { origin: "https://app.example.com" } });
    const exposed = get.headers.get("access-control-expose-headers") ?? "";
    expect(exposed).toContain("x-stack-actual-status");
    expect(exposed).toContain("x-stack-known-error");
  });

  it("serves health at the origin root (with open CORS) and under /api/v1, optionally checking the database", async () => {
    await using lk = await createTestInstance(dialect);
    const root = await lk.app.request("/health?db=1");
    expect(root.status).toBe(200);
    expect(await root.json()).toEqual({ status: "ok" });
    expect(root.headers.get("access-control-allow-origin")).toBe("*");
    const api = await lk.call("GET", "/health");
    expect(api.body).toEqual({ status: "ok" });
    expect(api.headers.get("cache-control")).toBe("no-store, max-age=0");
    expect(api.headers.get("x-stack-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says who a request authenticates as at the API root, and refuses query parameters there", async () => {
    await using lk = await createTestInstance(dialect);
    expect((await lk.call("GET", "")).text).toContain("Authentication: None");
    const asAdmin = await lk.call("GET", "", { access: "admin" });
    expect(asAdmin.text).toContain("Authentication: Admin\n  Project: internal");
    const withQuery = await lk.call("GET", "?x=1");
    expect(withQuery.status).toBe(400);
    expect(withQuery.body.code).toBe("SCHEMA_ERROR");
  });

  it("answers the feature-support probe in text whatever the client sends", async () => {
    await using lk = await createTestInstance(dialect);
    const res = await lk.call("POST", "/check-feature-support", { body: { name: "sendVerificationEmail() on ServerUser", extra: 1 } });
    expect(res.status).toBe(200);
    expect(res.text).toBe("sendVerificationEmail() on ServerUser is not yet supported. Please reach out to Stack support for more information.");
  });

  it("rejects a body it cannot parse with BODY_PARSING_ERROR carrying details.message", async () => {
    await using lk = await createTestInstance(dialect);
    const broken = await lk.app.request("/api/v1/check-feature-support", { method: "POST", headers: { "content-type": "application/json" }, body: "{nope" });
    expect(broken.status).toBe(400);
    const body = (await broken.json()) as { code: string; error: string; details: { message: string } };
    expect(body.code).toBe("BODY_PARSING_ERROR");
    expect(body.details.message).toBe(body.error);
    const xml = await lk.app.request("/api/v1/check-feature-support", { method: "POST", headers: { "content-type": "application/xml" }, body: "<a/>" });
    expect(((await xml.json()) as { code: string }).code).toBe("BODY_PARSING_ERROR");
  });
});

describe("openapi.json endpoint", () => {
  it("serves the committed OpenAPI document", async () => {
    await using lk = await createTestInstance(testDialects[0]!);
    const res = await lk.call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(Object.keys(res.body.paths)).toContain("/internal/api-keys");
  });

  it("serves one document per access level, each with only what that level may call", async () => {
    await using lk = await createTestInstance(testDialects[0]!);
    const paths = async (level: string) => Object.keys((await lk.call("GET", `/openapi.${level}.json`)).body.paths as object);
    const [client, server, admin] = [await paths("client"), await paths("server"), await paths("admin")];
    expect(client).toContain("/users/me");
    expect(client).not.toContain("/users/{user_id}");
    expect(server).toContain("/users/{user_id}");
    expect(server).not.toContain("/internal/api-keys");
    expect(admin).toContain("/internal/api-keys");
  });
});

describe("hardening", () => {
  it("sends security headers on API answers and refuses oversized bodies with 413", async () => {
    await using lk = await createTestInstance(testDialects[0]!);
    const res = await lk.call("GET", "/health");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("cross-origin-resource-policy")).toBeNull();
    const huge = await lk.app.request("/api/v1/check-feature-support", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(3 * 1024 * 1024) },
      body: JSON.stringify({ name: "x".repeat(3 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    // Browsers can read the refusal: it carries the API's CORS headers and a request id.
    expect(huge.headers.get("access-control-allow-origin")).toBe("*");
    expect(huge.headers.get("x-stack-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    // Without a declared length the body is counted as it arrives, and reading stops past the limit.
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024).fill(120);
    const streamed = await lk.app.request("/api/v1/check-feature-support", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += chunk.byteLength;
          if (sent > 64 * 1024 * 1024) controller.close();
          else controller.enqueue(chunk);
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });
});
