import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { authMiddleware } from "./middleware.js";
import { requestPathHeader } from "./request-path.js";

const projectId = "5b0f6a1e-1111-4222-8333-444455556666";
const middleware = authMiddleware({ protectedPaths: ["/protected", /^\/teams\/[^/]+\/settings$/], projectId });
const request = (path: string, cookie?: string) => new NextRequest(`http://app.test${path}`, cookie ? { headers: { cookie } } : {});

describe("authMiddleware", () => {
  it("sends a signed-out visitor of a protected path to sign-in, naming the way back", () => {
    for (const path of ["/protected", "/protected/deeper?tab=2", "/teams/t1/settings"]) {
      const response = middleware(request(path));
      expect(response.status, path).toBe(307);
      const target = new URL(response.headers.get("location")!);
      expect(target.pathname).toBe("/handler/sign-in");
      expect(target.searchParams.get("after_auth_return_to")).toBe(path);
    }
  });

  it("lets visitors with the project's session cookie through, with the requested path for the server app", () => {
    const response = middleware(request("/protected?x=1", `stack-refresh-${projectId}=token`));
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-request-" + requestPathHeader)).toBe("/protected?x=1");
  });

  it("leaves other paths open, including ones that only begin like a protected one", () => {
    for (const path of ["/", "/protectedness", "/teams/t1"]) expect(middleware(request(path)).headers.get("location"), path).toBeNull();
  });

  it("does not take another project's cookie for a session", () => {
    expect(middleware(request("/protected", "stack-refresh-other=token")).status).toBe(307);
  });
});
