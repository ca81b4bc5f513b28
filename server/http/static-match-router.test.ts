import { TrieRouter } from "hono/router/trie-router";
import { describe, expect, it } from "vitest";
import { StaticMatchRouter } from "./static-match-router.js";

const routes: Array<[string, string, string]> = [
  ["GET", "/api/v1/users/me", "me"],
  ["GET", "/api/v1/users/:user_id", "user"],
  ["ALL", "/api/v1/users/me", "me: method not allowed"],
  ["GET", "/api/v1/projects/current", "project"],
  ["GET", "/api/v1/projects/:project_id/.well-known/jwks.json", "jwks"],
  ["ALL", "/api/v1/*", "api not found"],
  ["ALL", "*", "common headers"],
];

function both() {
  const ours = new StaticMatchRouter<string>();
  const trie = new TrieRouter<string>();
  for (const [method, path, handler] of routes) {
    ours.add(method, path, handler);
    trie.add(method, path, handler);
  }
  return { ours, trie };
}

describe("StaticMatchRouter", () => {
  it("matches exactly as Hono's TrieRouter, the first time and when the match is reused", () => {
    const { ours, trie } = both();
    const requests: Array<[string, string]> = [
      ["GET", "/api/v1/users/me"],
      ["POST", "/api/v1/users/me"],
      ["GET", "/api/v1/users/4d1c0f7e"],
      ["GET", "/api/v1/projects/current"],
      ["GET", "/api/v1/projects/p1/.well-known/jwks.json"],
      ["GET", "/api/v1/nothing-here"],
      ["GET", "/"],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [method, path] of requests) expect(ours.match(method, path), `${method} ${path}`).toEqual(trie.match(method, path));
    }
  });

  it("gives a parameterised path its own parameters on every request", () => {
    const { ours } = both();
    const names = (path: string) => ours.match("GET", path)[0].map(([handler, params]) => [handler, params]);
    expect(names("/api/v1/users/a")).toContainEqual(["user", { user_id: "a" }]);
    expect(names("/api/v1/users/b")).toContainEqual(["user", { user_id: "b" }]);
  });

  it("sees routes added after a match was kept", () => {
    const { ours, trie } = both();
    const handlers = () => ours.match("GET", "/api/v1/users/me")[0].map(([handler]) => handler);
    expect(handlers()).not.toContain("late");
    ours.add("GET", "/api/v1/users/me", "late");
    trie.add("GET", "/api/v1/users/me", "late");
    expect(handlers()).toContain("late");
    expect(ours.match("GET", "/api/v1/users/me")).toEqual(trie.match("GET", "/api/v1/users/me"));
  });
});
