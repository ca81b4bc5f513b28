// With response validation on (every in-process test), a handler that throws an error its procedure
// does not declare fails loudly: the answer becomes a 500 naming the error, never the error itself.
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
      expect(res.text).toMatch(/^Something went wrong on our side/);
    }
  });

  it("are answered as thrown in production, where nothing is checked", async () => {
    await using lk = await serve([], false);
    expect((await lk.get("/fail/known")).status).toBe(404);
    expect((await lk.get("/fail/plain")).status).toBe(404);
  });
});
