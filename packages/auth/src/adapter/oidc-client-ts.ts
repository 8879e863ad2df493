// The only file that imports oidc-client-ts; loaded with import() by createAuth, so the SDK is a lazy chunk.
import { InMemoryWebStorage, type User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { AuthError } from '../AuthError';
import type { AuthClient, AuthSession, ResolvedAuthSettings } from '../types';

/** Tokens in memory, one store per page: two providers with the same settings share the user. */
const memory = new InMemoryWebStorage();

const toSession = (user: User): AuthSession => ({
  claims: { ...user.profile },
  accessToken: user.access_token,
  expiresAt: user.expires_at,
  returnTo: (user.state as { returnTo?: unknown } | undefined)?.returnTo,
});

export function createOidcClient(settings: ResolvedAuthSettings): AuthClient {
  const origin = location.origin;
  const manager = new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    scope: settings.scope,
    response_type: 'code', // with PKCE S256, the library's default
    redirect_uri: origin + settings.callbackPath,
    silent_redirect_uri: origin + settings.silentCallbackPath,
    post_logout_redirect_uri: origin + settings.postLogoutPath,
    // Plinth renews itself: single-flight, serialised across tabs (oidc-client-ts would start its own timer in the constructor).
    automaticSilentRenew: false,
    userStore: new WebStorageStateStore({
      store: settings.tokenStorage === 'session' ? sessionStorage : memory,
    }),
    stateStore: new WebStorageStateStore({ prefix: 'oidc.', store: localStorage }),
    staleStateAgeInSeconds: settings.requestMaxAgeSeconds,
    revokeTokenTypes: ['refresh_token', 'access_token'],
    // oidc-provider answers a revocation with an empty text/plain 200.
    revokeTokenAdditionalContentTypes: ['text/plain'],
    silentRequestTimeoutInSeconds: 10,
    extraQueryParams: settings.extraQueryParams ?? {},
  });

  return {
    async signIn(returnTo, signal) {
      try {
        await manager.metadataService.getMetadata();
      } catch (cause) {
        if (signal?.aborted) return;
        throw new AuthError(`discovery: ${settings.authority} could not be read`, {
          source: 'discovery',
          code: 'network',
          cause,
        });
      }
      // A slow provider: the user may have gone elsewhere meanwhile (RequireAuth unmounted).
      if (signal?.aborted) return;
      await manager.signinRedirect({ state: { returnTo } });
    },
    callback: async (url) => toSession(await manager.signinRedirectCallback(url)),
    silentCallback: (url) => manager.signinSilentCallback(url),
    async current() {
      const user = await manager.getUser();
      return user && !user.expired ? toSession(user) : null;
    },
    async renew() {
      const user = await manager.signinSilent();
      if (!user) throw new AuthError('renew: no session', { source: 'renew', code: 'login_required' });
      return toSession(user);
    },
    revoke: () => manager.revokeTokens(['refresh_token', 'access_token']),
    async endSession() {
      if (!(await manager.metadataService.getEndSessionEndpoint().catch(() => undefined))) {
        await manager.removeUser();
        return false;
      }
      await manager.signoutRedirect(); // sends id_token_hint, then forgets the user
      return true;
    },
    forget: () => manager.removeUser(),
  };
}
