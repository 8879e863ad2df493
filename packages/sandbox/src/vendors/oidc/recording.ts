import type { KoaContextWithOIDC } from 'oidc-provider';
import { redactParams } from '../../http/redact';
import type { VendorContext } from '../types';
import type { TokenLedger } from './ledger';

/** The endpoints whose requests are recorded (discovery, JWKS and the login pages are not). */
const RECORDED_ROUTES = new Set([
  'authorization',
  'token',
  'revocation',
  'userinfo',
  'end_session',
  'end_session_confirm',
  'introspection',
  'pushed_authorization_request',
]);

/** Fills in the recording of an endpoint that answered: its route, the parsed parameters (secrets redacted), what it did and any error. */
export async function describe(ctx: KoaContextWithOIDC, vendor: VendorContext, ledger: TokenLedger): Promise<void> {
  const route = ctx.oidc?.route;
  const status = ctx.status;
  if (route === undefined ? status < 400 : !RECORDED_ROUTES.has(route)) {
    vendor.skip();
    return;
  }
  if (route) vendor.entry.route = route;
  const meta: Record<string, unknown> = {};
  const sub = ctx.oidc?.account?.accountId ?? ctx.oidc?.session?.accountId;
  if (sub && route !== 'end_session_confirm') meta.sub = sub;
  if (route === 'revocation' && status < 400) {
    // oidc-provider answers 200 whether or not anything was revoked (RFC 7009): say what was, or why not.
    Object.assign(meta, await ledger.revocationOutcome(ctx));
  }
  if (route === 'end_session_confirm' && status < 400) {
    // "Yes, sign me out" ends the provider's session (every client's grant with it); "No, stay signed in"
    // keeps it and ends only the grant of the client that asked.
    meta.logout = ctx.oidc.params?.logout ? 'everywhere' : 'this client';
  }
  if (Object.keys(meta).length) vendor.entry.meta = meta;
  const body = ctx.oidc?.body;
  if (body && Object.keys(body).length > 0) {
    vendor.entry.body = redactParams({ ...body });
    vendor.entry.decoding = [ctx.is('application/json') ? 'json' : 'form'];
  }
  const answer = ctx.body as { error?: unknown; error_description?: unknown } | undefined;
  let error: string | undefined;
  let description: string | undefined;
  if (answer && typeof answer === 'object' && typeof answer.error === 'string') {
    error = answer.error;
    description = typeof answer.error_description === 'string' ? answer.error_description : undefined;
  } else {
    // Authorization errors go back to the client as a redirect carrying `error=`.
    const location = ctx.response.get('location');
    const params = location ? URL.parse(location, 'http://x')?.searchParams : undefined;
    const redirected = params?.get('error');
    if (redirected) {
      error = redirected;
      description = params?.get('error_description') ?? undefined;
    }
  }
  if (error) {
    vendor.entry.error = description ? `${error}: ${description}` : error;
    if (/failed to parse|content-type bodies are supported/.test(description ?? ''))
      vendor.entry.malformed = description;
  }
}
