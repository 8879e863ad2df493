import type { KoaContextWithOIDC, Provider } from 'oidc-provider';

/** What the ledger keeps of a token the provider issued. */
interface Issued {
  kind: string;
  grantId: string | undefined;
  exp: number;
  revoked: boolean;
}

/** How many tokens (and last ID tokens) are kept before the expired (the oldest) are let go. */
const CAPACITY = 2000;

/**
 * The tokens the provider issued, by value (opaque tokens: the value is the id), until they expire, and the last ID
 * token issued to each client for each account. oidc-provider answers a revocation 200 whether or not anything was
 * revoked (RFC 7009), and revoking one token revokes every token of its grant, so the second of a refresh + access
 * pair finds its token already gone: the ledger says which, and why.
 */
export class TokenLedger {
  readonly #tokens = new Map<string, Issued>();
  readonly #lastIdTokens = new Map<string, string>();

  /** Follows `provider`'s access and refresh tokens and its revoked grants. */
  follow(provider: Provider): void {
    const remember = (token: { jti: string; kind: string; grantId?: string; exp?: number }) => {
      if (this.#tokens.size >= CAPACITY) {
        for (const [id, entry] of this.#tokens) if (entry.exp * 1000 < Date.now()) this.#tokens.delete(id);
      }
      this.#tokens.set(token.jti, { kind: token.kind, grantId: token.grantId, exp: token.exp ?? 0, revoked: false });
    };
    provider.on('access_token.saved', remember);
    provider.on('refresh_token.saved', remember);
    provider.on('grant.revoked', (_ctx: unknown, grantId: string) => this.revokeGrant(grantId));
  }

  /** Every token of `grantId` is gone (oidc-provider revokes a grant's tokens together). */
  revokeGrant(grantId: string | undefined): void {
    if (!grantId) return;
    for (const entry of this.#tokens.values()) if (entry.grantId === grantId) entry.revoked = true;
  }

  /** Notes the ID token the token endpoint just gave `clientId` (its value as sent, `sub` read from it). */
  issuedIdToken(clientId: string, idToken: string): void {
    const sub = subjectOf(idToken);
    if (!sub) return;
    const key = `${clientId}\n${sub}`;
    this.#lastIdTokens.delete(key);
    if (this.#lastIdTokens.size >= CAPACITY) this.#lastIdTokens.delete(this.#lastIdTokens.keys().next().value!);
    this.#lastIdTokens.set(key, idToken);
  }

  /** The last ID token issued to `clientId` for the account `sub`, if any. */
  lastIdToken(clientId: string, sub: string): string | undefined {
    return this.#lastIdTokens.get(`${clientId}\n${sub}`);
  }

  /**
   * What a revocation did. `revoked`: the kind of token revoked, with `grant: 'revoked'` (oidc-provider revokes
   * every token of its grant with it, as RFC 7009 §2.1 asks for a refresh token); or `null` with the `reason`
   * nothing was revoked (`already revoked`, `expired`, `another client's token`, `unknown token`) and, when the
   * sandbox issued it, the `token`'s kind.
   */
  async revocationOutcome(ctx: KoaContextWithOIDC): Promise<Record<string, unknown>> {
    const value = String(ctx.oidc.params?.token ?? '');
    const entities = ctx.oidc.entities as { RefreshToken?: { grantId?: string }; AccessToken?: { grantId?: string } };
    const kind = entities.RefreshToken ? 'RefreshToken' : entities.AccessToken ? 'AccessToken' : undefined;
    if (kind) {
      // Found, but still there: the revocation policy refused it (a public client revokes only its own tokens).
      const { provider } = ctx.oidc;
      const still = await (kind === 'RefreshToken'
        ? provider.RefreshToken.find(value)
        : provider.AccessToken.find(value));
      if (still) return { revoked: null, token: kind, reason: "another client's token" };
      this.revokeGrant(entities[kind]?.grantId);
      return { revoked: kind, grant: 'revoked' };
    }
    const known = this.#tokens.get(value);
    if (!known) return { revoked: null, reason: 'unknown token' };
    const reason = known.revoked ? 'already revoked' : known.exp * 1000 <= Date.now() ? 'expired' : 'unknown token';
    return { revoked: null, token: known.kind, reason };
  }
}

/** The `sub` claim of a JWT, unverified (the provider's own token, as it just sent it). */
function subjectOf(jwt: string): string | undefined {
  try {
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : undefined;
  } catch {
    return undefined;
  }
}
