// With response validation on (every in-process test), a handler that breaks its contract fails loudly:
// an error its procedure does not declare, or an answer with a key the contract does not declare (which
// zod's parse alone would drop silently while production sent it), becomes a 500 naming the violation.
import { Hono } from "hono";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { defineProcedure } from "../../contract/procedure.js";
import { knownError, statusError } from "../../server/errors.js";
import { createApiResponder } from "../../server/http/api-envelope.js";
import type { HandlerMap } from "../../server/http/handler.js";
import { mountRest } from "../../server/http/rest-adapter.js";
import { expectKnownError, expectStatusError } from "../support/known-errors.js";
import { createTestInstance } from "../support/instance.js";

const failing = (errors: ("USER_NOT_FOUND" | "sessionNotFound")[]) =>
  defineProcedure({
    method: "GET",
    path: "/fail/{kind}",
    access: "public",
    summary: "Throws the error its path names",
    tags: ["Test"],
    successStatus: 200,
    errors,
    params: z.object({ kind: z.enum(["known", "plain"]) }),
    output: z.object({}),
  });

const handler = async (_ctx: unknown, { params }: { params: { kind: "known" | "plain" } }) => {
  throw params.kind === "known" ? knownError("USER_NOT_FOUND") : statusError("sessionNotFound");
};

async function serve(errors: ("USER_NOT_FOUND" | "sessionNotFound")[], validateResponses: boolean) {
  const lk = await createTestInstance("sqlite", { validateResponses });
  const contract = { fail: failing(errors) };
  const app = new Hono();
  mountRest(app, contract, { fail: handler } satisfies HandlerMap<typeof contract>, lk.deps, "", createApiResponder(lk.deps.config.publicUrl));
  return Object.assign(lk, { get: (path: string) => Promise.resolve(app.request(path)).then(async (res: Response) => ({ status: res.status, headers: res.headers, text: await res.text(), body: null as never })) });
}

describe("declared errors", () => {
  it("pass through when the procedure declares them", async () => {
    await using lk = await serve(["USER_NOT_FOUND", "sessionNotFound"], true);
    const known = await lk.get("/fail/known");
    expectKnownError({ ...known, body: JSON.parse(known.text) }, 404, "USER_NOT_FOUND");
    expectStatusError(await lk.get("/fail/plain"), 404, "sessionNotFound");
  });

  it("become a 500 under validation when the procedure does not declare them", async () => {
    await using lk = await serve([], true);
    for (const path of ["/fail/known", "/fail/plain"]) {
      const res = await lk.get(path);
      expect([res.status, res.headers.get("x-stack-known-error")], path).toEqual([500, null]);
      expect(res.text).toMatch(/^Contract violation: fail threw (USER_NOT_FOUND|sessionNotFound), which its contract does not declare/);
    }
  });

  it("are answered as thrown in production, where nothing is checked", async () => {
    await using lk = await serve([], false);
    expect((await lk.get("/fail/known")).status).toBe(404);
    expect((await lk.get("/fail/plain")).status).toBe(404);
  });
});

describe("undeclared answer keys", () => {
  const contract = {
    session: defineProcedure({
      method: "GET",
      path: "/session",
      access: "public",
      summary: "A session, with or without a field the contract does not declare",
      tags: ["Test"],
      successStatus: 200,
      errors: [],
      query: z.object({ leak: z.enum(["no", "top", "nested"]) }),
      output: z.object({ items: z.array(z.object({ id: z.string() })) }),
    }),
  };
  const handlers = {
    session: async (_ctx, { query }) => {
      if (query.leak === "top") return { items: [], refresh_token_hash: "h" } as never;
      if (query.leak === "nested") return { items: [{ id: "s1", refresh_token_hash: "h" }] } as never;
      return { items: [{ id: "s1" }] };
    },
  } satisfies HandlerMap<typeof contract>;

  it("fail the request under validation, top-level or nested in a list", async () => {
    await using lk = await createTestInstance("sqlite");
    const app = new Hono();
    mountRest(app, contract, handlers, lk.deps, "", createApiResponder(lk.deps.config.publicUrl));
    expect(await (await app.request("/session?leak=no")).json()).toEqual({ items: [{ id: "s1" }] });
    const top = await app.request("/session?leak=top");
    expect([top.status, await top.text()]).toEqual([500, expect.stringMatching(/^Contract violation: Response of session has keys its contract does not declare: \$\.refresh_token_hash\n/)]);
    const nested = await app.request("/session?leak=nested");
    expect([nested.status, await nested.text()]).toEqual([500, expect.stringMatching(/declare: \$\.items\[0\]\.refresh_token_hash\n/)]);
  });
});
