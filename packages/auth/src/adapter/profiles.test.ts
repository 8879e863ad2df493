import { AuthError } from '../AuthError';
import { BACKEND_REFRESH_TOKEN } from '../backend';
import { backendStore, scopeFor } from './oidc-client-ts';
import {
  CONSUMERS_TENANT,
  detectProvider,
  issuerMatchesAuthority,
  logoutTarget,
  PROFILES,
  renewFailure,
  tenantIssuer,
} from './profiles';

const ENTRA = 'https://login.microsoftonline.com/{tenantid}/v2.0';
const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const OTHER = 'f8cdef31-a31e-4b4a-93e4-5f571e91255a';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AuthError ? { code: error.code, message: error.message } : error;
  }
  return 'accepted';
};

describe('provider profiles', () => {
  it('detects the provider from discovery where it shows, else generic', () => {
    expect(detectProvider({ issuer: ENTRA })).toBe('entra');
    expect(detectProvider({ issuer: `https://login.microsoftonline.com/${TENANT}/v2.0` })).toBe('entra');
    expect(detectProvider({ issuer: 'https://id.example.com/realms/staff' })).toBe('keycloak');
    expect(detectProvider({ issuer: 'https://id.example.com/auth/realms/staff/' })).toBe('keycloak');
    expect(detectProvider({ issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123' })).toBe('cognito');
    expect(detectProvider({ issuer: 'https://issuer-cognito-idp.us-east-1.amazonaws.com/us-east-1_X' })).toBe(
      'cognito',
    );
    expect(
      detectProvider({
        issuer: 'https://id.example.com/pool',
        authorization_endpoint: 'https://shop.auth.eu-west-1.amazoncognito.com/oauth2/authorize',
      }),
    ).toBe('cognito');
    expect(detectProvider({ issuer: 'https://accounts.google.com' })).toBe('google');
    expect(detectProvider({ issuer: 'https://acme.eu.auth0.com/' })).toBe('auth0');
    expect(detectProvider({ issuer: 'https://acme.okta.com/oauth2/default' })).toBe('okta');
    expect(detectProvider({ issuer: 'https://id.example.com' })).toBe('generic');
    expect(detectProvider({ issuer: 'https://id.example.com/realms' })).toBe('generic');
  });

  it('an explicit provider wins over detection', () => {
    expect(detectProvider({ issuer: 'https://login.example.com/' }, 'auth0')).toBe('auth0');
    expect(detectProvider({ issuer: 'https://id.example.com/realms/staff' }, 'generic')).toBe('generic');
  });

  it("Entra: a multi-tenant authority matches discovery's {tenantid} template; others must match exactly", () => {
    for (const tenant of ['common', 'organizations', 'consumers', 'contoso.onmicrosoft.com', TENANT])
      expect(issuerMatchesAuthority(ENTRA, `https://login.microsoftonline.com/${tenant}/v2.0`, 'entra')).toBe(true);
    expect(issuerMatchesAuthority(ENTRA, 'https://login.microsoftonline.com/common/v2.0', 'generic')).toBe(false);
    expect(issuerMatchesAuthority(ENTRA, 'https://evil.example/common/v2.0', 'entra')).toBe(false);
    expect(issuerMatchesAuthority('https://id.example/', 'https://id.example', 'generic')).toBe(true);
    expect(issuerMatchesAuthority('https://id.example/a', 'https://id.example/b', 'generic')).toBe(false);
  });

  // What each kind of Entra authority's discovery publishes as `issuer` (Microsoft's access-tokens page, "Validate the
  // issuer": https://learn.microsoft.com/entra/identity-platform/access-tokens#validate-the-issuer): /common and
  // /organizations the {tenantid} template; /consumers, a tenant GUID and a tenant domain the tenant's fixed issuer.
  describe('Entra: every kind of authority with the issuer Microsoft publishes for it', () => {
    const authority = (tenant: string) => `https://login.microsoftonline.com/${tenant}/v2.0`;
    const fixed = (tenant: string) => `https://login.microsoftonline.com/${tenant}/v2.0`;

    it('/common/v2.0: the {tenantid} template', () => {
      expect(issuerMatchesAuthority(ENTRA, authority('common'), 'entra')).toBe(true);
    });

    it('/organizations/v2.0: the {tenantid} template', () => {
      expect(issuerMatchesAuthority(ENTRA, authority('organizations'), 'entra')).toBe(true);
    });

    it('/consumers/v2.0: the personal-accounts tenant fixed (9188040d-…)', () => {
      expect(issuerMatchesAuthority(fixed(CONSUMERS_TENANT), authority('consumers'), 'entra')).toBe(true);
    });

    it('a tenant by GUID: that GUID fixed (any case in the authority)', () => {
      expect(issuerMatchesAuthority(fixed(TENANT), authority(TENANT), 'entra')).toBe(true);
      expect(issuerMatchesAuthority(fixed(TENANT), `${authority(TENANT.toUpperCase())}/`, 'entra')).toBe(true);
    });

    it("a tenant by domain: the tenant's GUID fixed (the ID token's iss must then be that issuer: jose.ts)", () => {
      expect(issuerMatchesAuthority(fixed(TENANT), authority('contoso.onmicrosoft.com'), 'entra')).toBe(true);
      expect(issuerMatchesAuthority(fixed(TENANT), authority('contoso.com'), 'entra')).toBe(true);
      // A fixed issuer stays fixed: the issuer every ID token must carry, whatever its tid (jose.ts compares iss with it).
      expect(tenantIssuer(fixed(TENANT), { iss: fixed(OTHER), tid: OTHER }, undefined, 'callback')).toBe(fixed(TENANT));
    });

    it('the template still matches any one tenant (the RFC 9207 `iss` of an authorization response)', () => {
      for (const tenant of ['consumers', 'contoso.onmicrosoft.com', TENANT, CONSUMERS_TENANT])
        expect(issuerMatchesAuthority(ENTRA, authority(tenant), 'entra')).toBe(true);
    });

    it('refuses what it can tell is another tenant, another host or another shape', () => {
      // A tenant named by GUID, another GUID as issuer.
      expect(issuerMatchesAuthority(fixed(OTHER), authority(TENANT), 'entra')).toBe(false);
      // consumers is 9188040d-…, nothing else.
      expect(issuerMatchesAuthority(fixed(TENANT), authority('consumers'), 'entra')).toBe(false);
      // common and organizations publish the template, never one tenant's issuer.
      expect(issuerMatchesAuthority(fixed(TENANT), authority('common'), 'entra')).toBe(false);
      expect(issuerMatchesAuthority(fixed(CONSUMERS_TENANT), authority('organizations'), 'entra')).toBe(false);
      // A fixed issuer must be a GUID.
      expect(issuerMatchesAuthority(fixed('contoso.onmicrosoft.com'), authority('fabrikam.com'), 'entra')).toBe(false);
      // Another host, scheme, or path.
      expect(issuerMatchesAuthority(fixed(TENANT), `https://evil.example/contoso.com/v2.0`, 'entra')).toBe(false);
      expect(issuerMatchesAuthority(`https://evil.example/${TENANT}/v2.0`, authority('contoso.com'), 'entra')).toBe(
        false,
      );
      expect(issuerMatchesAuthority(fixed(TENANT), `http://login.microsoftonline.com/contoso.com/v2.0`, 'entra')).toBe(
        false,
      );
      expect(issuerMatchesAuthority(fixed(TENANT), 'https://login.microsoftonline.com/contoso.com', 'entra')).toBe(
        false,
      );
      expect(
        issuerMatchesAuthority(`https://login.microsoftonline.com/${TENANT}/`, authority('contoso.com'), 'entra'),
      ).toBe(false);
      expect(issuerMatchesAuthority(fixed(TENANT), authority('contoso.com/extra'), 'entra')).toBe(false);
      expect(issuerMatchesAuthority(ENTRA, 'https://login.microsoftonline.com/a/b/v2.0', 'entra')).toBe(false);
    });

    it('a non-Entra provider still needs an exact match', () => {
      for (const provider of ['generic', 'auth0', 'okta', 'keycloak', 'cognito', 'google'] as const) {
        expect(issuerMatchesAuthority(fixed(CONSUMERS_TENANT), authority('consumers'), provider)).toBe(false);
        expect(issuerMatchesAuthority(fixed(TENANT), authority('contoso.onmicrosoft.com'), provider)).toBe(false);
        expect(issuerMatchesAuthority(ENTRA, authority('common'), provider)).toBe(false);
        expect(issuerMatchesAuthority(fixed(TENANT), authority(TENANT), provider)).toBe(true);
      }
    });
  });

  it("Entra: the ID token's iss is the template with its own tid", () => {
    const iss = (tenant: string) => `https://login.microsoftonline.com/${tenant}/v2.0`;
    // Same tenant: accepted (the issuer the token must carry).
    expect(tenantIssuer(ENTRA, { iss: iss(TENANT), tid: TENANT }, undefined, 'callback')).toBe(iss(TENANT));
    // An iss naming another tenant than its tid: issuer_mismatch, naming both.
    const other = refusal(() => tenantIssuer(ENTRA, { iss: iss(OTHER), tid: TENANT }, undefined, 'callback'));
    expect(other).toMatchObject({ code: 'issuer_mismatch' });
    expect((other as { message: string }).message).toContain(OTHER);
    expect((other as { message: string }).message).toContain(TENANT);
    // No tid: nothing to resolve the template with.
    expect(refusal(() => tenantIssuer(ENTRA, { iss: iss(TENANT) }, undefined, 'callback'))).toMatchObject({
      code: 'issuer_mismatch',
    });
    // Not a template: the issuer as it is.
    expect(tenantIssuer('https://id.example', { iss: 'x' }, undefined, 'callback')).toBe('https://id.example');
  });

  it('Entra: an allow-list of tenants; personal accounts are the consumers tenant', () => {
    const iss = (tenant: string) => `https://login.microsoftonline.com/${tenant}/v2.0`;
    expect(CONSUMERS_TENANT).toBe('9188040d-6c67-4c5b-b112-36a304b66dad');
    expect(tenantIssuer(ENTRA, { iss: iss(TENANT), tid: TENANT }, [TENANT.toUpperCase()], 'renew')).toBe(iss(TENANT));
    expect(refusal(() => tenantIssuer(ENTRA, { iss: iss(OTHER), tid: OTHER }, [TENANT], 'renew'))).toMatchObject({
      code: 'issuer_mismatch',
    });
    const personal = { iss: iss(CONSUMERS_TENANT), tid: CONSUMERS_TENANT };
    expect(tenantIssuer(ENTRA, personal, ['consumers'], 'callback')).toBe(iss(CONSUMERS_TENANT));
    expect(tenantIssuer(ENTRA, personal, undefined, 'callback')).toBe(iss(CONSUMERS_TENANT));
    expect(refusal(() => tenantIssuer(ENTRA, personal, [TENANT], 'callback'))).toMatchObject({
      code: 'issuer_mismatch',
    });
  });

  it("Entra: the SPA refresh token's 24 h end is a session end with a clear reason", () => {
    const thrown = Object.assign(new Error('invalid_grant'), {
      error: 'invalid_grant',
      error_description:
        'AADSTS700084: The refresh token was issued to a single page app (SPA), and therefore has a fixed, limited lifetime of 1.00:00:00, which cannot be extended.',
    });
    const ended = renewFailure(PROFILES.entra, thrown);
    expect(ended).toBeInstanceOf(AuthError);
    expect(ended).toMatchObject({ source: 'renew', code: 'session_ended', error: 'invalid_grant' });
    expect(ended?.message).toMatch(/24 h/);
    expect(renewFailure(PROFILES.generic, thrown)).toBeUndefined();
    expect(renewFailure(PROFILES.entra, { error: 'invalid_grant', error_description: 'AADSTS70000' })).toBeUndefined();
  });

  it('Cognito: sign-out through /logout with client_id and logout_uri, revoking the refresh token only', () => {
    const metadata = {
      authorization_endpoint: 'https://shop.auth.eu-west-1.amazoncognito.com/oauth2/authorize',
      end_session_endpoint: 'https://shop.auth.eu-west-1.amazoncognito.com/logout',
    };
    const target = new URL(
      logoutTarget(PROFILES.cognito, metadata, { clientId: 'abc', postLogoutRedirectUri: 'https://app.example/' }) ??
        '',
    );
    expect(`${target.origin}${target.pathname}`).toBe('https://shop.auth.eu-west-1.amazoncognito.com/logout');
    expect(Object.fromEntries(target.searchParams)).toEqual({ client_id: 'abc', logout_uri: 'https://app.example/' });
    // Older pools list no end_session_endpoint: /logout on the authorization endpoint's host.
    expect(
      logoutTarget(
        PROFILES.cognito,
        { authorization_endpoint: metadata.authorization_endpoint },
        { clientId: 'abc', postLogoutRedirectUri: 'https://app.example/' },
      ),
    ).toBe(
      'https://shop.auth.eu-west-1.amazoncognito.com/logout?client_id=abc&logout_uri=https%3A%2F%2Fapp.example%2F',
    );
    // Everyone else: RP-initiated logout through oidc-client-ts (id_token_hint, post_logout_redirect_uri, state).
    expect(logoutTarget(PROFILES.generic, metadata, { clientId: 'abc', postLogoutRedirectUri: 'x' })).toBeUndefined();
    expect(PROFILES.cognito.revokeTokenTypes).toEqual(['refresh_token']);
    expect(PROFILES.generic.revokeTokenTypes).toEqual(['refresh_token', 'access_token']);
    expect(PROFILES.cognito.iframe).toBe(false);
  });

  it('Google: access_type=offline on every authorization request (its way to a refresh token), no offline_access', () => {
    expect(PROFILES.google).toMatchObject({ offlineAccess: false, authorizationParams: { access_type: 'offline' } });
    expect(PROFILES.generic.authorizationParams).toBeUndefined();
  });

  it("with a backend, the user store's user always carries the placeholder refresh token; none stored: an expired one", async () => {
    const memory = new Map<string, string>();
    const store = backendStore({
      get: async (key) => memory.get(key) ?? null,
      set: async (key, value) => void memory.set(key, value),
      remove: async (key) => {
        const value = memory.get(key) ?? null;
        memory.delete(key);
        return value;
      },
      getAllKeys: async () => [...memory.keys()],
    });
    expect(JSON.parse((await store.get('user')) ?? '')).toEqual({
      token_type: 'Bearer',
      profile: {},
      expires_at: 0,
      refresh_token: BACKEND_REFRESH_TOKEN,
    });
    await store.set('user', JSON.stringify({ access_token: 'at', refresh_token: null, expires_at: 99 }));
    expect(JSON.parse((await store.get('user')) ?? '')).toEqual({
      access_token: 'at',
      refresh_token: BACKEND_REFRESH_TOKEN,
      expires_at: 99,
    });
    await store.remove('user');
    expect(memory.size).toBe(0);
  });

  it('Keycloak: no offline_access unless the app asks for it', () => {
    const listed = ['openid', 'profile', 'email', 'offline_access'];
    expect(scopeFor('openid profile email', listed, PROFILES.keycloak.offlineAccess)).toBe('openid profile email');
    expect(scopeFor('openid profile email', listed, true)).toBe('openid profile email offline_access');
    expect(scopeFor('openid offline_access', listed, PROFILES.keycloak.offlineAccess)).toBe('openid offline_access');
    expect(scopeFor('openid profile email', listed, PROFILES.generic.offlineAccess)).toBe(
      'openid profile email offline_access',
    );
  });
});
