// A small, hostile OpenID provider for the journeys (oidc-provider will not mint bad tokens): it answers
// every authorization request at once with a code, and its token endpoint mints the ID token the current
// scenario asks for — forged `iss`/`aud`/`azp`/`exp`/`iat`, a corrupted signature, a key it never
// published, `alg: none`, HMAC keyed with its own public key — or a good one (with a `kid`, without one
// against a single key, after a key rotation). The discovery issuer, the RFC 9207 `iss` response parameter
// and UserInfo's `sub` can be forged too. `PUT /_scenario` picks the scenario; `GET /_requests` lists
// what it was asked (so a test can show that no token request was made); `DELETE /_requests` clears it.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT } from 'jose';

const b64url = (value) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

async function keyPair(kid) {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, publicKey, privateKey, jwk: { ...(await exportJWK(publicKey)), alg: 'RS256', use: 'sig', kid } };
}

/** Starts the provider on 127.0.0.1:`port`; `allowOrigin` is the app's origin (CORS). */
export async function startHostileProvider({ port, allowOrigin }) {
  const issuer = `http://127.0.0.1:${port}`;
  const first = await keyPair('key-1');
  const second = await keyPair('key-2');
  const never = await keyPair('never-published');
  const requests = [];
  let scenario = { name: 'good' };

  /** The keys published at `jwks_uri` for the scenario. */
  const published = () => {
    if (scenario.name === 'no-kid') return [{ ...first.jwk, kid: undefined }];
    if (scenario.name === 'rotated') return [second.jwk];
    return [first.jwk];
  };

  async function idToken(clientId, nonce) {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: 'hostile-user-1',
      name: 'Mallory Example',
      aud: clientId,
      iss: issuer,
      iat: now,
      exp: now + 300,
    };
    if (nonce) claims.nonce = nonce;
    const name = scenario.name;
    if (name === 'iss') claims.iss = 'http://127.0.0.1:1/another-issuer';
    if (name === 'aud') claims.aud = 'another-client';
    if (name === 'azp') Object.assign(claims, { aud: [clientId, 'another-client'], azp: 'another-client' });
    if (name === 'exp') Object.assign(claims, { iat: now - 3600, exp: now - 600 });
    if (name === 'iat') delete claims.iat;
    if (name === 'none') return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    if (name === 'hs256-public-key') {
      // The classic confusion: HMAC with the provider's public key (as PEM) as the secret.
      const body = `${b64url({ alg: 'HS256', typ: 'JWT', kid: first.kid })}.${b64url(claims)}`;
      const secret = await exportSPKI(first.publicKey);
      return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    }
    const key = name === 'unpublished-key' ? never : name === 'rotated' ? second : first;
    const header = name === 'no-kid' ? { alg: 'RS256', typ: 'JWT' } : { alg: 'RS256', typ: 'JWT', kid: key.kid };
    const token = await new SignJWT(claims).setProtectedHeader(header).sign(key.privateKey);
    if (name !== 'signature') return token;
    // A corrupted signature: flip one byte in its middle.
    const [h, p, s] = token.split('.');
    const bytes = Buffer.from(s, 'base64url');
    bytes[bytes.length >> 1] ^= 0xff;
    return `${h}.${p}.${bytes.toString('base64url')}`;
  }

  const codes = new Map();
  const readBody = (req) =>
    new Promise((resolve) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const cors = { 'access-control-allow-origin': allowOrigin, 'access-control-allow-headers': '*' };
    const json = (status, value) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...cors });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, POST' });
      res.end();
      return;
    }
    if (!url.pathname.startsWith('/_')) requests.push({ method: req.method, path: url.pathname });
    switch (url.pathname) {
      case '/_scenario':
        scenario = JSON.parse(await readBody(req));
        json(200, scenario);
        return;
      case '/_requests':
        if (req.method === 'DELETE') requests.length = 0;
        json(200, requests);
        return;
      case '/.well-known/openid-configuration':
        json(200, {
          issuer: scenario.name === 'discovery-issuer' ? 'http://127.0.0.1:1/another-issuer' : issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          userinfo_endpoint: `${issuer}/userinfo`,
          jwks_uri: `${issuer}/jwks`,
          scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          id_token_signing_alg_values_supported: ['RS256', 'HS256', 'none'],
          authorization_response_iss_parameter_supported: scenario.name !== 'no-iss-support',
        });
        return;
      case '/jwks':
        json(200, { keys: published() });
        return;
      case '/authorize': {
        const code = randomBytes(12).toString('hex');
        codes.set(code, { clientId: url.searchParams.get('client_id'), nonce: url.searchParams.get('nonce') });
        const back = new URL(url.searchParams.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        if (scenario.name === 'response-iss') back.searchParams.set('iss', 'http://127.0.0.1:1/another-issuer');
        else if (scenario.name !== 'response-iss-missing') back.searchParams.set('iss', issuer);
        res.writeHead(302, { location: back.href });
        res.end();
        return;
      }
      case '/token': {
        const form = new URLSearchParams(await readBody(req));
        const grant = form.get('grant_type');
        const issued =
          grant === 'authorization_code' ? codes.get(form.get('code') ?? '') : { clientId: form.get('client_id') };
        if (!issued) return json(400, { error: 'invalid_grant' });
        codes.delete(form.get('code') ?? '');
        requests.at(-1).grant = grant;
        json(200, {
          access_token: randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: scenario.expiresIn ?? 300,
          refresh_token: randomBytes(16).toString('hex'),
          id_token: await idToken(issued.clientId ?? form.get('client_id'), issued.nonce),
          scope: 'openid profile',
        });
        return;
      }
      case '/userinfo':
        json(200, {
          sub: scenario.name === 'userinfo-sub' ? 'somebody-else' : 'hostile-user-1',
          name: 'Mallory Example',
        });
        return;
      default:
        json(404, { error: 'not_found' });
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { issuer, close: () => new Promise((resolve) => server.close(resolve)) };
}
