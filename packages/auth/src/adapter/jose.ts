// The only file that imports jose. Imported by the oidc-client-ts adapter alone, so it sits in the same
// lazy chunk as oidc-client-ts and is never in the initial bundle.
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { AuthError, type AuthErrorSource } from '../AuthError';
import { tenantIssuer } from './profiles';

/** What an ID token must satisfy (OpenID Connect Core 3.1.3.7), from the discovery document and the settings. */
export interface IdTokenPolicy {
  /** The discovery document's `issuer` (already checked against the configured authority); Entra ID: a `{tenantid}` template. */
  issuer: string;
  /** Other spellings of `issuer` an ID token may carry (Google's scheme-less `accounts.google.com`). */
  issuerAliases?: readonly string[];
  /** The tenants allowed when `issuer` is a template (`AuthConfig.tenants`). */
  tenants?: readonly string[];
  clientId: string;
  /** The discovery document's `jwks_uri`. */
  jwksUri: string;
  /** Accepted `alg` values: asymmetric only (see `signingAlgorithms`). */
  algorithms: readonly string[];
  /** Allowed clock skew for `exp`, `iat` and `nbf`, in seconds. */
  clockToleranceSeconds: number;
}

/** RSA, RSA-PSS, ECDSA and EdDSA: never `none`, never an HMAC (`HS*`) key that could be the provider's public key. */
const ASYMMETRIC = /^(?:RS|PS|ES)(?:256|384|512)$|^EdDSA$|^Ed25519$|^ES256K$/;

/**
 * The algorithms an ID token may be signed with: `wanted` (the app's setting) or else the discovery
 * document's `id_token_signing_alg_values_supported`, keeping only asymmetric ones; RS256 (the
 * specification's default) when nothing asymmetric is left.
 */
export function signingAlgorithms(advertised: unknown, wanted?: readonly string[]): string[] {
  const from = wanted ?? (Array.isArray(advertised) ? advertised : []);
  const kept = from.filter((alg): alg is string => typeof alg === 'string' && ASYMMETRIC.test(alg));
  return kept.length ? kept : ['RS256'];
}

/** One key set per `jwks_uri` on the page: fetched when first needed, and again for a `kid` it does not hold. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(jwksUri: string) {
  let keys = keySets.get(jwksUri);
  if (!keys) {
    // No cooldown: a token whose `kid` is unknown makes one refetch (the provider rotated its keys), per token.
    keys = createRemoteJWKSet(new URL(jwksUri), { cooldownDuration: 0, timeoutDuration: 10_000 });
    keySets.set(jwksUri, keys);
  }
  return keys;
}

const reasonOf = (error: unknown): string => {
  if (error instanceof errors.JWTClaimValidationFailed)
    return `claim "${error.claim}" ${error.reason}: ${error.message}`;
  if (error instanceof errors.JWTExpired) return `expired: ${error.message}`;
  if (error instanceof errors.JOSEError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
};

/**
 * Entra ID's keys carry `issuer` (the `{tenantid}` template for the shared keys, one tenant's issuer for a tenant's
 * own): the key that signed the token must be one its issuer may use, or a key of one tenant could sign tokens
 * naming another (Microsoft.IdentityModel.Validators' `EnableAadSigningKeyIssuerValidation`). `expected` is the
 * token's issuer, already resolved with its `tid`; a key without `issuer` is not checked.
 */
function signingKeyIssuer(
  keys: readonly { kid?: string; issuer?: unknown }[] | undefined,
  kid: string | undefined,
  { expected, tid }: { expected: string; tid: string },
  source: AuthErrorSource,
) {
  const key = keys?.find((candidate) => candidate.kid === kid) ?? (keys?.length === 1 ? keys[0] : undefined);
  if (typeof key?.issuer !== 'string') return;
  if (key.issuer.replace('{tenantid}', tid) !== expected) {
    throw new AuthError(
      `${source}: the ID token's issuer is "${expected}", but its signing key belongs to "${key.issuer}"`,
      {
        source,
        code: 'issuer_mismatch',
      },
    );
  }
}

/**
 * Verifies an ID token's signature against the provider's published keys and its claims: `iss` is the
 * issuer, `aud` holds the client id (with several audiences, `azp` must be the client id; when `azp` is
 * there it must be the client id), `exp` in the future, `iat` and `sub` present. Resolves the claims;
 * rejects with an `AuthError` `invalid_id_token` saying which check failed, or `issuer_mismatch` when an issuer
 * template's tenant is not the token's own `tid` or not an allowed one (`tenantIssuer`), or the signing key's
 * `issuer` is another (`signingKeyIssuer`).
 */
export async function verifyIdToken(
  idToken: string,
  policy: IdTokenPolicy,
  source: AuthErrorSource,
): Promise<Record<string, unknown>> {
  try {
    const template = policy.issuer.includes('{tenantid}');
    const keys = keySet(policy.jwksUri);
    const { payload, protectedHeader } = await jwtVerify(idToken, keys, {
      // A `{tenantid}` template is resolved with the token's own `tid` once its signature is checked.
      ...(template ? {} : { issuer: [policy.issuer, ...(policy.issuerAliases ?? [])] }),
      audience: policy.clientId,
      algorithms: [...policy.algorithms],
      clockTolerance: policy.clockToleranceSeconds,
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    const several = Array.isArray(payload.aud) && payload.aud.length > 1;
    if ((several || payload.azp !== undefined) && payload.azp !== policy.clientId) {
      throw new Error(`claim "azp" is ${JSON.stringify(payload.azp)}, not this client (${policy.clientId})`);
    }
    if (template) {
      const expected = tenantIssuer(policy.issuer, payload, policy.tenants, source);
      const tid = String(payload.tid).toLowerCase(); // checked by tenantIssuer
      signingKeyIssuer(keys.jwks()?.keys, protectedHeader.kid, { expected, tid }, source);
    }
    return payload as Record<string, unknown>;
  } catch (cause) {
    if (cause instanceof AuthError) throw cause;
    throw new AuthError(`${source}: the ID token was refused (${reasonOf(cause)})`, {
      source,
      code: 'invalid_id_token',
      cause,
    });
  }
}
