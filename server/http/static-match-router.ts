/**
 * Hono's router with the match of every parameter-free path kept. Our route table needs Hono's
 * TrieRouter (its RegExpRouter refuses `/projects/current` beside `/projects/:project_id/...`), which
 * walks its tree on every request; a path registered without parameters or wildcards always gets the
 * same match, so that match is computed once per method. Only registered paths are kept, so requests
 * cannot grow the cache, and matches are shared read-only (Hono reads them, never writes them).
 */
import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";

export class StaticMatchRouter<T> implements Router<T> {
  readonly name = "StaticMatchRouter";
  readonly #inner = new TrieRouter<T>();
  readonly #staticPaths = new Set<string>();
  readonly #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    if (!path.includes(":") && !path.includes("*")) this.#staticPaths.add(path);
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (!this.#staticPaths.has(path)) return this.#inner.match(method, path);
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (!result) this.#matches.set(key, (result = this.#inner.match(method, path)));
    return result;
  }
}
