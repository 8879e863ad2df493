import type { IncomingMessage, ServerResponse } from 'node:http';

/** Every cookie oidc-provider sets on `res` goes out `SameSite=None; Secure` (Chromium takes Secure over http on 127.0.0.1). */
export function sameSiteNone(res: ServerResponse): void {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => {
    if (name.toLowerCase() !== 'set-cookie') return setHeader(name, value);
    // The cookies module sets the whole list again with each cookie: rewrite each entry once.
    const cookies = (Array.isArray(value) ? value : [String(value)]).map((cookie) =>
      /;\s*samesite=none/i.test(cookie) ? cookie : `${cookie.replace(/;\s*samesite=\w+/i, '')}; samesite=none; secure`,
    );
    return setHeader(name, cookies);
  };
}

/** The id of oidc-provider's session (its `_session` cookie) that a request carries, if any. */
export function sessionIdOf(cookieHeader: string | undefined): string | undefined {
  return /(?:^|;\s*)_session=([^;]+)/.exec(cookieHeader ?? '')?.[1];
}

/**
 * Third-party cookies blocked (`thirdPartyCookies: false`): the hidden iframe's `prompt=none` reaches the provider
 * without its session cookie, so it answers as to a visitor without a session.
 */
export function dropCookiesOfSilentRequest(req: IncomingMessage, url: URL): void {
  if (url.searchParams.get('prompt') === 'none') delete req.headers.cookie;
}
