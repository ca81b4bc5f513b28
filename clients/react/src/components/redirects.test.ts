import { describe, expect, it } from "vitest";
import { carryReturnTo, isRelativeUrl, isTrustedTarget } from "./redirects.js";

const origin = "https://auth.example.com";
const policy = { trustedBaseUrls: ["https://app.example.com", "https://*.shop.example.org:8443"], allowLocalhost: false };

describe("trusted redirect targets", () => {
  it("trusts relative addresses and refuses protocol-relative and backslash tricks", () => {
    expect(isRelativeUrl("/dashboard?x=1")).toBe(true);
    expect(isRelativeUrl("account")).toBe(true);
    for (const bad of ["//evil.example", "/\\evil.example", "\\\\evil.example", "javascript:alert(1)", "https://evil.example", " //evil.example".trim()]) {
      expect(isRelativeUrl(bad), bad).toBe(false);
    }
  });

  it("trusts this origin and the trusted domains (wildcards within a label, ports exact)", () => {
    expect(isTrustedTarget("https://auth.example.com/handler/sign-in", policy, origin)).toBe(true);
    expect(isTrustedTarget("https://app.example.com/home", policy, origin)).toBe(true);
    expect(isTrustedTarget("https://eu.shop.example.org:8443/", policy, origin)).toBe(true);
    expect(isTrustedTarget("https://a.b.shop.example.org:8443/", policy, origin)).toBe(false);
    expect(isTrustedTarget("https://eu.shop.example.org/", policy, origin)).toBe(false);
    expect(isTrustedTarget("http://app.example.com/", policy, origin)).toBe(false);
    expect(isTrustedTarget("https://app.example.com.evil.example/", policy, origin)).toBe(false);
    expect(isTrustedTarget("https://user:pw@app.example.com/", policy, origin)).toBe(false);
    expect(isTrustedTarget("http://localhost:3000/", policy, origin)).toBe(false);
    expect(isTrustedTarget("http://localhost:3000/", { ...policy, allowLocalhost: true }, origin)).toBe(true);
  });

  it("carries after_auth_return_to to other handler pages", () => {
    const current = new URL("https://auth.example.com/handler/sign-in?project_id=p1&after_auth_return_to=%2Fhome");
    expect(carryReturnTo("/handler/sign-up?project_id=p1", current)).toBe("/handler/sign-up?project_id=p1&after_auth_return_to=%2Fhome");
    expect(carryReturnTo("/handler/sign-up", new URL("https://auth.example.com/handler/sign-in"))).toBe("/handler/sign-up");
  });
});
