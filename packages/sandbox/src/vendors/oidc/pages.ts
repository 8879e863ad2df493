import type { Configuration, KoaContextWithOIDC, Provider } from 'oidc-provider';
import { parseForm } from '../../http/decode';
import type { VendorContext } from '../types';
import type { AccountClaims } from './accounts';
import { OIDC_PATH } from './options';

export const HTML = 'text/html; charset=utf-8';

export const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A page of the sandbox's provider: system fonts, light and dark, nothing loaded from outside 127.0.0.1. */
export function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(title)}</title><style>:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#f6f8fa;--card:#fff;--line:#d1d9e0;--accent:#0b57d0;--on-accent:#fff}@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--card:#151b23;--line:#3d444d;--accent:#79b8ff;--on-accent:#0d1117}}*{box-sizing:border-box}body{font:1rem/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0;padding:3rem 1rem}main{max-width:26rem;margin:0 auto;background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.5rem}h1{font-size:1.375rem;margin:0 0 1rem}label{display:block;font-weight:600}input[type=text],input[type=password]{display:block;width:100%;margin-top:.25rem;font:inherit;font-weight:400;padding:.5rem .75rem;color:inherit;background:var(--card);border:1px solid var(--line);border-radius:.375rem}input:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}button{font:inherit;font-weight:600;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0;border-radius:.375rem;cursor:pointer;border:1px solid var(--line);background:var(--card);color:var(--fg)}button[type=submit]:first-of-type{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}a{color:var(--accent)}code{background:var(--bg);padding:0 .25rem;border-radius:.25rem;overflow-wrap:anywhere}small{color:var(--muted)}</style></head><body><main><h1>${html(title)}</h1>${body}<p><small>@plinth/sandbox — development OpenID provider</small></p></main></body></html>`;
}

/** The sign-in (`prompt` `login`) or consent page of one interaction; with a Cancel link unless `cancel` is false. */
function interactionPage(
  prompt: string,
  base: string,
  clientId: string,
  params: Record<string, unknown>,
  cancel: boolean,
  problem?: string,
): string {
  const cancelLink = cancel ? `<p><a href="${html(`${base}/abort`)}">Cancel</a></p>` : '';
  const alert = problem ? `<p role="alert"><strong>${html(problem)}</strong></p>` : '';
  if (prompt === 'login') {
    const hint = typeof params.login_hint === 'string' ? params.login_hint : '';
    return page(
      'Sign in',
      `${alert}<p>Sign in to <code>${html(clientId)}</code> with <strong>any</strong> login and password. Your subject (<code>sub</code>) is an opaque, stable hash of the login's email address.</p>` +
        `<form autocomplete="off" action="${html(base)}" method="post"><input type="hidden" name="prompt" value="login"/>` +
        `<p><label>Login<br><input required type="text" name="login" placeholder="alice or alice@example.com" value="${html(hint)}"${hint ? '' : ' autofocus'}></label></p>` +
        `<p><label>Password<br><input required type="password" name="password" placeholder="anything"${hint ? ' autofocus' : ''}></label></p>` +
        `<button type="submit">Sign in</button></form>${cancelLink}`,
    );
  }
  const scopes = typeof params.scope === 'string' ? params.scope.split(' ').filter(Boolean) : [];
  return page(
    'Authorize',
    `${alert}<p><code>${html(clientId)}</code> asks for: ${scopes.map((scope) => `<code>${html(scope)}</code>`).join(' ')}</p>` +
      `<form autocomplete="off" action="${html(base)}" method="post"><input type="hidden" name="prompt" value="consent"/>` +
      `<button autofocus type="submit">Continue</button></form>${cancelLink}`,
  );
}

/** oidc-provider's pages (RP-initiated logout's "Sign out?" and "Signed out", errors) in the sandbox's look. */
export const providerPages = {
  logoutSource: async (ctx: KoaContextWithOIDC, form: string) => {
    ctx.body = page(
      'Sign out?',
      `${form}<p>Sign out of the sandbox OpenID provider at <code>${html(ctx.host)}</code>?</p><button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button><button type="submit" form="op.logoutForm">No, stay signed in</button>`,
    );
  },
  postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
    ctx.body = page('Signed out', '<p>You are signed out of the sandbox OpenID provider.</p>');
  },
  renderError: (async (ctx, out) => {
    ctx.type = 'html';
    ctx.body = page(
      'OpenID provider error',
      Object.entries(out)
        .map(([key, value]) => `<p><strong>${html(key)}</strong>: ${html(String(value))}</p>`)
        .join(''),
    );
  }) satisfies Configuration['renderError'],
};

/** What the sign-in and consent pages need of the provider around them. */
export interface InteractionDeps {
  provider: Provider;
  /** The accounts that signed in, by their opaque subject (the provider's accountId). */
  accounts: Map<string, AccountClaims>;
  claimsFor(login: string): AccountClaims;
  /** Whether the pages offer Cancel (`loginCancel`). */
  cancel: boolean;
}

/** The sign-in and consent pages: `GET/POST /oidc/interaction/:uid`, `GET /oidc/interaction/:uid/abort`. */
export async function interaction(
  deps: InteractionDeps,
  ctx: VendorContext,
  uid: string,
  abort: boolean,
): Promise<void> {
  const { provider } = deps;
  ctx.skip();
  const { req, res } = ctx;
  const noStore = { 'cache-control': 'no-store' };
  try {
    if (abort) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('this sign-in page belongs to another sign-in attempt');
    const base = `${OIDC_PATH}/interaction/${encodeURIComponent(uid)}`;
    const clientId = String(details.params.client_id ?? '');
    const render = (problem?: string) =>
      interactionPage(details.prompt.name, base, clientId, details.params, deps.cancel, problem);
    if (ctx.method === 'GET') {
      ctx.text(200, render(), HTML, noStore);
      return;
    }
    if (ctx.method !== 'POST') {
      ctx.text(405, page('Method not allowed', ''), HTML, { allow: 'GET, POST' });
      return;
    }
    const form = parseForm((await ctx.rawBody()).toString('utf8'));
    const field = (name: string) => {
      const value = form[name];
      return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
    };
    if (details.prompt.name === 'login') {
      const login = field('login');
      if (!login) {
        ctx.text(400, render('Type any login.'), HTML, noStore);
        return;
      }
      const claims = deps.claimsFor(login);
      deps.accounts.set(claims.sub, claims);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: claims.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'consent') {
      const { prompt, grantId, session, params } = details;
      const grant =
        (grantId && (await provider.Grant.find(grantId))) ||
        new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
      const missing = prompt.details as {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
        grant.addResourceScope(indicator, scopes.join(' '));
      }
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    ctx.text(501, page('Not implemented', `<p>Prompt <code>${html(details.prompt.name)}</code>.</p>`), HTML);
  } catch (error) {
    // An expired or unknown interaction (e.g. Back after signing in): say so, don't crash.
    const message = error instanceof Error ? error.message : String(error);
    ctx.text(
      400,
      page('Sign-in expired', `<p>${html(message)}</p><p>Start again from the application.</p>`),
      HTML,
      noStore,
    );
  }
}
