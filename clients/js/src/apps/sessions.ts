import { cookieTokenStore, type CookieJar } from "../core/tokens/cookie-store.js";
import { tokensFromRequest } from "../core/tokens/request-store.js";
import { Session, type Tokens } from "../core/tokens/session.js";
import { memoryTokenStore, type TokenStore, type TokenStoreInit } from "../core/tokens/token-store.js";
import type { Transport } from "../core/transport/transport.js";

/**
 * Turns `tokenStore` options into stores and stores into sessions: one memory store and one cookie store
 * per app, one store per request object and per tokens object. A store keeps one session per
 * pair of tokens; the session's new access tokens are written back to the store, and an invalidated
 * session empties it.
 */
export class SessionRegistry {
  private memory: TokenStore | null = null;
  private cookie: TokenStore | null = null;
  private readonly requestStores = new WeakMap<object, TokenStore>();
  private readonly sessions = new WeakMap<TokenStore, Map<string, Session>>();

  constructor(
    private readonly transport: Transport,
    private readonly projectId: string,
    private readonly defaultInit: TokenStoreInit,
  ) {}

  /** The store for `init` (the app's own when undefined); null when the app has none. */
  store(init: TokenStoreInit | undefined = this.defaultInit): TokenStore | null {
    if (init === null) return null;
    if (init === "memory") return (this.memory ??= memoryTokenStore());
    if (init === "cookie" || init === "nextjs-cookie") {
      const doc = (globalThis as { document?: CookieJar }).document;
      if (!doc) throw new Error("The cookie token store works in browsers only; on servers pass the request (tokenStore: request)");
      const secure = (globalThis as { location?: { protocol?: string } }).location?.protocol === "https:";
      return (this.cookie ??= cookieTokenStore(this.projectId, doc, secure));
    }
    if ("headers" in init) {
      let store = this.requestStores.get(init);
      if (!store) this.requestStores.set(init, (store = memoryTokenStore(tokensFromRequest(init, this.projectId))));
      return store;
    }
    // One store per tokens object, so the same object keeps one session (and one set of cached reads).
    let store = this.requestStores.get(init);
    if (!store) this.requestStores.set(init, (store = memoryTokenStore({ accessToken: init.accessToken ?? null, refreshToken: init.refreshToken ?? null })));
    return store;
  }

  /** The session of a store's current tokens (a session with no tokens when there is no store). */
  session(init?: TokenStoreInit): Session {
    const store = this.store(init);
    if (!store) return this.transport.createSession({ accessToken: null, refreshToken: null });
    return this.sessionOf(store);
  }

  sessionOf(store: TokenStore): Session {
    const tokens = store.get();
    const key = Session.keyOf(tokens);
    let byKey = this.sessions.get(store);
    if (!byKey) this.sessions.set(store, (byKey = new Map()));
    const existing = byKey.get(key);
    if (existing) return existing;
    const session = this.transport.createSession(tokens);
    session.onAccessTokenChange((accessToken) => {
      if (store.get().refreshToken === session.refreshToken) store.set({ ...store.get(), accessToken });
    });
    session.onInvalidate(() => {
      if (store.get().refreshToken === session.refreshToken) store.set({ accessToken: null, refreshToken: null });
    });
    byKey.set(key, session);
    return session;
  }

  /** Stores tokens after a sign-in. */
  signIn(tokens: Tokens, init?: TokenStoreInit): void {
    const store = this.store(init);
    if (!store) throw new Error("This app has no token store to keep the session in; pass tokenStore");
    store.set(tokens);
  }
}
