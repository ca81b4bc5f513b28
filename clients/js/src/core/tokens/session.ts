import { accessTokenExpiresAt } from "./jwt.js";

/** The pair a token store holds. */
export interface Tokens {
  accessToken: string | null;
  refreshToken: string | null;
}

/** Tokens are "likely valid" when the access token lives at least this much longer. */
export const likelyValidMarginMs = 20_000;
/** The longest margin a caller may ask for: access tokens are requested for at most 60 s. */
export const maxRequestedLifeMs = 60_000;

/** Asks the token endpoint for a new access token; null when the refresh token is no longer valid. */
export type RefreshAccessToken = (refreshToken: string) => Promise<string | null>;

type Listener = () => void;

/**
 * One signed-in session (a refresh token, maybe with an access token) and the rules around it: an access
 * token close to expiry is refreshed first; concurrent refreshes share one request; a refresh that yields
 * nothing marks the session invalid for good; a session created with neither token is invalid from the
 * start.
 */
export class Session {
  private accessToken: string | null;
  readonly refreshToken: string | null;
  private invalid: boolean;
  private refreshing: Promise<string | null> | null = null;
  private readonly accessListeners = new Set<(token: string | null) => void>();
  private readonly invalidateListeners = new Set<Listener>();

  constructor(
    tokens: Tokens,
    private readonly refreshAccessToken: RefreshAccessToken,
    private readonly now: () => number = Date.now,
  ) {
    this.accessToken = tokens.accessToken || null;
    this.refreshToken = tokens.refreshToken || null;
    this.invalid = this.accessToken === null && this.refreshToken === null;
  }

  /** The key that identifies this session in a token store's session map. */
  static keyOf(tokens: Tokens): string {
    if (tokens.refreshToken) return `refresh-${tokens.refreshToken}`;
    if (tokens.accessToken) return `access-${tokens.accessToken}`;
    return "not-signed-in";
  }

  isKnownToBeInvalid(): boolean {
    return this.invalid;
  }

  /** Forgets the access token and marks the session invalid for good (sign-out, deleted account). */
  markInvalid(): void {
    this.setAccessToken(null);
    if (this.invalid) return;
    this.invalid = true;
    for (const listener of [...this.invalidateListeners]) listener();
  }

  /** The server said `accessToken` is not valid: forget it (if still current) so the next request refreshes. */
  markAccessTokenExpired(accessToken: string): void {
    if (this.accessToken === accessToken) this.setAccessToken(null);
  }

  onInvalidate(listener: Listener): () => void {
    this.invalidateListeners.add(listener);
    return () => this.invalidateListeners.delete(listener);
  }

  onAccessTokenChange(listener: (token: string | null) => void): () => void {
    this.accessListeners.add(listener);
    return () => this.accessListeners.delete(listener);
  }

  /**
   * Tokens whose access token lives at least `marginMs` more, refreshing first if needed; null when the
   * session is invalid or has no refresh token (an access token alone authenticates nothing).
   */
  async getLikelyValidTokens(marginMs = likelyValidMarginMs): Promise<{ accessToken: string; refreshToken: string } | null> {
    if (marginMs >= maxRequestedLifeMs) throw new Error(`A margin of ${marginMs} ms is too long: access tokens are requested for at most ${maxRequestedLifeMs} ms`);
    const current = this.usableAccessToken();
    if (current && this.millisUntilExpiry(current) >= marginMs) return { accessToken: current, refreshToken: this.refreshToken! };
    const fresh = await this.fetchNewAccessToken();
    if (!fresh) return null;
    const life = this.millisUntilExpiry(fresh);
    if (life < marginMs) throw new Error(`The server issued an access token that expires in ${life} ms, under the required ${marginMs} ms`);
    return { accessToken: fresh, refreshToken: this.refreshToken! };
  }

  /** A newly fetched access token (never a cached one), shared by all concurrent callers. */
  async fetchNewAccessToken(): Promise<string | null> {
    if (!this.refreshToken || this.invalid) return null;
    if (!this.refreshing) {
      const refreshing = this.refreshAccessToken(this.refreshToken).then(
        (token) => {
          if (this.refreshing === refreshing) {
            this.refreshing = null;
            this.setAccessToken(token);
            if (!token) this.markInvalid();
          }
          return token;
        },
        (error: unknown) => {
          if (this.refreshing === refreshing) this.refreshing = null;
          throw error;
        },
      );
      this.refreshing = refreshing;
    }
    return this.refreshing;
  }

  /** The tokens as they are now (the access token may be expired). */
  currentTokens(): Tokens {
    return { accessToken: this.accessToken, refreshToken: this.refreshToken };
  }

  private usableAccessToken(): string | null {
    if (!this.refreshToken || this.invalid || !this.accessToken) return null;
    return this.millisUntilExpiry(this.accessToken) > 0 ? this.accessToken : null;
  }

  private millisUntilExpiry(token: string): number {
    return Math.max(0, accessTokenExpiresAt(token).getTime() - this.now());
  }

  private setAccessToken(token: string | null): void {
    if (this.accessToken === token) return;
    this.accessToken = token;
    for (const listener of [...this.accessListeners]) listener(token);
  }
}
