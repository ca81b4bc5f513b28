// Redirect procedures (successStatus 302): REST answers a 302 with Location; tRPC leaves them out.
import { Hono } from "hono";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { defineProcedure, redirectTarget } from "../../contract/procedure.js";
import { createApiResponder } from "../../server/http/api-envelope.js";
import type { HandlerMap } from "../../server/http/handler.js";
import { mountRest } from "../../server/http/rest-adapter.js";
import { createTrpcRouter } from "../../server/http/trpc.js";
import { knownError } from "../../server/errors.js";
import { createTestInstance } from "../support/instance.js";

const testContract = {
  goSomewhere: defineProcedure({
    method: "GET",
    path: "/go/{target}",
    access: "public",
    summary: "Redirects to a fixed place per target",
    tags: ["Test"],
    successStatus: 302,
    errors: ["USER_NOT_FOUND"],
    params: z.object({ target: z.enum(["docs", "missing"]) }),
    output: redirectTarget,
  }),
  ping: defineProcedure({
    method: "GET",
    path: "/ping",
    access: "public",
    summary: "Answers pong",
    tags: ["Test"],
    successStatus: 200,
    errors: [],
    output: z.object({ pong: z.boolean() }),
  }),
};

const handlers = {
  goSomewhere: async (_ctx, { params }) => {
    if (params.target === "missing") throw knownError("USER_NOT_FOUND");
    return { location: "https://example.com/docs?from=test" };
  },
  ping: async () => ({ pong: true }),
} satisfies HandlerMap<typeof testContract>;

describe("redirect procedures", () => {
  it("answer 302 with the Location header and no body over REST; errors keep the wire format", async () => {
    await using lk = await createTestInstance("sqlite");
    const app = new Hono();
    mountRest(app, testContract, handlers, lk.deps, "/api/v1", createApiResponder(lk.deps.config.publicUrl));
    const res = await app.request("/go/docs");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://example.com/docs?from=test");
    expect(await res.text()).toBe("");
    const failed = await app.request("/go/missing");
    expect(failed.status).toBe(404);
    expect(failed.headers.get("x-stack-known-error")).toBe("USER_NOT_FOUND");
  });

  it("are left out of the tRPC router", async () => {
    await using lk = await createTestInstance("sqlite");
    const router = createTrpcRouter(testContract as never, handlers as never, lk.deps) as unknown as { _def: { procedures: Record<string, unknown> } };
    expect(Object.keys(router._def.procedures)).toEqual(["ping"]);
  });
});
