/** Trusted redirect URLs: origin matching, wildcards, localhost, look-alikes; and query parameters for links. */
import { describe, expect, it } from "vitest";
import { testServerConfig } from "../../test/support/instance.js";
import type { ProjectRow } from "../db/queries/projects.js";
import { assertTrustedUrl, isTrustedUrl, withQueryParam, type RedirectPolicy } from "./redirect-urls.js";

const serverOrigin = "https://auth.latchkey.test";

function policy(baseUrls: string[], allowLocalhost = false): RedirectPolicy {
  return { trustedDomains: baseUrls.map((baseUrl) => ({ baseUrl, handlerPath: "/handler" })), allowLocalhost, serverOrigin };
}

type Row = [url: string, trusted: boolean];

const cases: { name: string; policy: RedirectPolicy; rows: Row[] }[] = [
  {
    name: "an exact origin, whatever the path, query or case",
    policy: policy(["https://example.com/handler"]),
    rows: [
      ["https://example.com", true],
      ["https://example.com/", true],
      ["https://example.com/some/other/path?x=1#y", true],
      ["HTTPS://EXAMPLE.COM/Callback", true],
      ["https://www.example.com/", false],
      ["https://example.org/", false],
    ],
  },
  {
    name: "ports: a pattern without one means the default port",
    policy: policy(["https://example.com", "http://example.net", "https://api.example.org:8443"]),
    rows: [
      ["https://example.com:443/x", true],
      ["https://example.com:8443/x", false],
      ["http://example.net:80/x", true],
      ["http://example.net:8080/x", false],
      ["https://api.example.org:8443/x", true],
      ["https://api.example.org/x", false],
      ["https://api.example.org:9443/x", false],
    ],
  },
  {
    name: "schemes must match",
    policy: policy(["https://example.com", "http://plain.example"]),
    rows: [
      ["http://example.com/", false],
      ["https://plain.example/", false],
      ["http://plain.example/", true],
      ["ftp://example.com/", false],
      ["wss://example.com/", false],
    ],
  },
  {
    name: "`*` matches within one label",
    policy: policy(["https://*.example.com", "https://preview-*.example.dev"]),
    rows: [
      ["https://app.example.com/", true],
      ["https://APP.Example.com/", true],
      ["https://a.b.example.com/", false],
      ["https://example.com/", false],
      ["https://.example.com/", false],
      ["https://app.example.com.evil.test/", false],
      ["https://preview-42.example.dev/", true],
      ["https://preview-42.x.example.dev/", false],
      ["https://other-42.example.dev/", false],
    ],
  },
  {
    name: "`**` matches across labels",
    policy: policy(["https://**.example.com"]),
    rows: [
      ["https://app.example.com/", true],
      ["https://a.b.c.example.com/", true],
      ["https://example.com/", false],
      ["https://evilexample.com/", false],
      ["https://a.example.com.evil.test/", false],
    ],
  },
  {
    name: "international domain names, as the URL parser writes them",
    policy: policy(["https://bücher.example", "https://*.straße.example"]),
    rows: [
      ["https://BÜCHER.example/", true],
      ["https://xn--bcher-kva.example/", true],
      ["https://shop.STRAßE.example/", true],
      ["https://shop.xn--strae-oqa.example/", true],
      ["https://shop.strasse.example/", false],
      ["https://buecher.example/", false],
    ],
  },
  {
    name: "localhost when allowed",
    policy: policy([], true),
    rows: [
      ["http://localhost/", true],
      ["http://localhost:3000/handler", true],
      ["https://localhost:8443/", true],
      ["http://app.localhost:5173/", true],
      ["http://127.0.0.1:8080/", true],
      ["http://127.12.34.56/", true],
      ["http://127.1/", true],
      ["http://localhost.evil.test/", false],
      ["http://evil-localhost/", false],
      ["http://127.0.0.1.evil.test/", false],
      ["http://128.0.0.1/", false],
      ["http://10.0.0.1/", false],
      ["ftp://localhost/", false],
    ],
  },
  {
    name: "localhost when not allowed",
    policy: policy(["https://example.com"]),
    rows: [
      ["http://localhost:3000/", false],
      ["http://app.localhost/", false],
      ["http://127.0.0.1/", false],
    ],
  },
  {
    name: "look-alike hosts and parser tricks",
    policy: policy(["https://example.com"], true),
    rows: [
      ["https://example.com.evil.test/", false],
      ["https://evilexample.com/", false],
      ["https://example.com@evil.test/", false],
      ["https://evil.test@example.com/", false],
      ["https://user:pass@example.com/", false],
      ["https://@example.com/", false],
      ["https://example.com\\@evil.test/", false],
      ["https://evil.test\\example.com/", false],
      ["https://example.com%2eevil.test/", false],
      ["https://localhost%2eevil.test/", false],
      ["https://example.com./", false],
      ["https://example.com /", false],
      [" https://example.com/", false],
      ["https://exa\tmple.com/", false],
      ["https://exa\nmple.com/", false],
      ["https:example.com", false],
      ["https:/example.com", false],
      ["https://*.example.com/", false],
    ],
  },
  {
    name: "relative, scheme-less and script URLs",
    policy: policy(["https://example.com"], true),
    rows: [
      ["/handler/sign-in", false],
      ["handler", false],
      ["//example.com/x", false],
      ["javascript:alert(1)", false],
      ["javascript://example.com/%0aalert(1)", false],
      ["data:text/html,hi", false],
      ["", false],
      ["not a url", false],
    ],
  },
  {
    name: "the server's own origin, even with no trusted domains",
    policy: policy([]),
    rows: [
      ["https://auth.latchkey.test/handler/sign-in", true],
      ["https://auth.latchkey.test:443/x", true],
      ["http://auth.latchkey.test/x", false],
      ["https://auth.latchkey.test:8443/x", false],
    ],
  },
  {
    name: "broken or missing base URLs never match",
    policy: { trustedDomains: [{ handlerPath: "/handler" }, { baseUrl: "not a url" }, { baseUrl: "https://*ü.example.com" }], allowLocalhost: false, serverOrigin: "::" },
    rows: [
      ["https://example.com/", false],
      ["https://xü.example.com/", false],
    ],
  },
];

describe("isTrustedUrl", () => {
  describe.each(cases)("$name", ({ policy, rows }) => {
    it.each(rows)("%s → %s", (url, trusted) => {
      expect(isTrustedUrl(url, policy)).toBe(trusted);
    });
  });

  it("never throws on values that are not strings", () => {
    expect(isTrustedUrl(undefined as unknown as string, policy([]))).toBe(false);
  });
});

describe("assertTrustedUrl", () => {
  const project = (configOverride: ProjectRow["configOverride"]): ProjectRow => ({
    id: "p1", displayName: "P", description: "", logoUrl: null, fullLogoUrl: null, isProductionMode: false,
    ownerTeamId: null, creatorUserId: null, configOverride, signingKeysVersion: "", createdAt: new Date(0), updatedAt: new Date(0),
  });
  const deps = { config: testServerConfig({ publicUrl: "https://auth.latchkey.test" }) };

  it("uses the project's rendered trusted domains and localhost setting, and the server's public URL", () => {
    const row = project({ "domains.trustedDomains.a": { baseUrl: "https://*.example.com" }, "domains.allowLocalhost": false });
    expect(() => assertTrustedUrl(deps, row, "https://app.example.com/cb")).not.toThrow();
    expect(() => assertTrustedUrl(deps, row, "https://auth.latchkey.test/handler")).not.toThrow();
    expect(() => assertTrustedUrl(deps, row, "http://localhost:3000/cb")).toThrow(expect.objectContaining({ code: "REDIRECT_URL_NOT_WHITELISTED" }));
    expect(() => assertTrustedUrl(deps, row, "https://evil.test/cb")).toThrow(expect.objectContaining({ code: "REDIRECT_URL_NOT_WHITELISTED" }));
    const local = project({ "domains.allowLocalhost": true });
    expect(() => assertTrustedUrl(deps, local, "http://localhost:3000/cb")).not.toThrow();
  });
});

describe("withQueryParam", () => {
  it.each([
    ["https://app.example.com/verify", "https://app.example.com/verify?code=abc"],
    ["https://app.example.com/verify?", "https://app.example.com/verify?code=abc"],
    ["https://app.example.com/verify?lang=en#top", "https://app.example.com/verify?lang=en&code=abc#top"],
    ["https://app.example.com/verify?code=old&lang=en&code=older", "https://app.example.com/verify?lang=en&code=abc"],
    ["https://app.example.com/v?q=a%20b&r=c+d&s=%E2%9C%93", "https://app.example.com/v?q=a%20b&r=c+d&s=%E2%9C%93&code=abc"],
    ["https://app.example.com/v?co%64e=old&flag", "https://app.example.com/v?flag&code=abc"],
  ])("%s → %s", (url, expected) => {
    expect(withQueryParam(url, "code", "abc")).toBe(expected);
  });

  it("encodes the name and value", () => {
    expect(withQueryParam("https://a.example/", "next url", "/x?y=1&z")).toBe("https://a.example/?next%20url=%2Fx%3Fy%3D1%26z");
  });
});
