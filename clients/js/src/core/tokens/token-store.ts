import type { Tokens } from "./session.js";

/** Where an app keeps the current tokens. */
export interface TokenStore {
  get(): Tokens;
  set(tokens: Tokens): void;
  /** Called after every change; returns the unsubscribe function. */
  onChange(listener: (tokens: Tokens) => void): () => void;
}

/** A request-like object (a `Request`, or anything with `headers.get`) on servers. */
export interface RequestLike {
  headers: { get(name: string): string | null };
}

/**
 * What apps accept as `tokenStore`: a kind of store ("memory", "cookie"; "nextjs-cookie" behaves as
 * "cookie" in browsers), an object with both tokens, a request-like object, or null for none.
 */
export type TokenStoreInit = "memory" | "cookie" | "nextjs-cookie" | RequestLike | { accessToken: string | null; refreshToken: string | null } | null;

/** A token store kept in memory, optionally starting with some tokens. */
export function memoryTokenStore(initial: Tokens = { accessToken: null, refreshToken: null }): TokenStore {
  let tokens = { ...initial };
  const listeners = new Set<(tokens: Tokens) => void>();
  return {
    get: () => tokens,
    set(next) {
      if (next.accessToken === tokens.accessToken && next.refreshToken === tokens.refreshToken) return;
      tokens = { ...next };
      for (const listener of [...listeners]) listener(tokens);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
