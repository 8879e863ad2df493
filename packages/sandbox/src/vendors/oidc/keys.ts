import { createPrivateKey, generateKeyPair, type JsonWebKey, randomBytes, sign } from 'node:crypto';
import { promisify } from 'node:util';
import type { OidcOptions } from './options';

/** The provider's signing key: its private JWK (for oidc-provider's `jwks`) and a way to sign with it. */
export interface SigningKey {
  jwk: JsonWebKey & { kid: string; use: 'sig'; alg: 'RS256' };
  /** An RS256 JWS of `header.payload` (both base64url), as `header.payload.signature`. */
  signJws(input: string): string;
}

/** A fresh RSA key, generated at every start (the sandbox keeps nothing). */
export async function createSigningKey(): Promise<SigningKey> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const jwk = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    use: 'sig' as const,
    alg: 'RS256' as const,
  };
  const signer = createPrivateKey({ key: jwk as JsonWebKey, format: 'jwk' });
  return { jwk, signJws: (input) => `${input}.${sign('sha256', Buffer.from(input), signer).toString('base64url')}` };
}

/** What an ID token issued again needs besides the token: the issuer (a template for tenants) and each account's email. */
export interface ReissueContext {
  options: Pick<OidcOptions, 'tenants' | 'schemelessIdTokenIssuer'>;
  issuer: string;
  /** The tenant that `iss` names instead of the token's own `tid` (`PUT /_sandbox/oidc/id-token-tenant`). */
  issuerTenant: string | null;
  emailOf(sub: string): string | undefined;
  key: SigningKey;
}

/** Whether ID tokens are issued again (`reissuedIdToken`) rather than as oidc-provider signs them. */
export const reissuesIdTokens = (options: ReissueContext['options']) =>
  Boolean(options.tenants || options.schemelessIdTokenIssuer);

/**
 * An ID token as the real provider issues it, where oidc-provider signs with one fixed issuer: Entra ID's
 * `tid` (the account's tenant) and `iss` the issuer template with that tenant, or with `issuerTenant` when
 * a test set one (`tenants`); Google's scheme-less `iss` (`schemelessIdTokenIssuer`). Signed again with the
 * same key.
 */
export function reissuedIdToken(idToken: string, { options, issuer, issuerTenant, emailOf, key }: ReissueContext) {
  const [header, payload] = idToken.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (options.tenants) {
    const email = emailOf(String(claims.sub)) ?? '';
    const tenants = options.tenants;
    const tid = tenants[email.slice(email.indexOf('@') + 1).toLowerCase()] ?? tenants['*'] ?? 'common';
    claims.tid = tid;
    claims.iss = issuer.replace('{tenantid}', issuerTenant ?? tid);
  }
  if (options.schemelessIdTokenIssuer) claims.iss = String(claims.iss).replace(/^https?:\/\//, '');
  return key.signJws(`${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`);
}

/** The JWKS as Entra ID publishes it (`signingKeyIssuer`): each key names its issuer, a tenant's or the template. */
export function keysWithIssuer(keys: Record<string, unknown>[], issuer: string, tenant: string | null) {
  const keyIssuer = tenant ? issuer.replace('{tenantid}', tenant) : issuer;
  return keys.map((key) => ({ ...key, issuer: keyIssuer }));
}
