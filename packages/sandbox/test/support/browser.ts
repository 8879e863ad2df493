/**
 * A tiny stand-in for a browser driving the dev login pages: a cookie jar per origin-less host
 * (the sandbox is one host), manual redirects, and HTML form submission.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  /** One request, no redirect following; stores Set-Cookie and sends the jar. */
  async request(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * Follows redirects from `url` until one leaves the sandbox (`stopAt` prefix, e.g. the app's
   * callback) or a page answers 200. Returns either the final redirect target or the page.
   */
  async navigate(
    url: string | URL,
    stopAt: string,
    init: RequestInit = {},
  ): Promise<{ redirect: string } | { page: string; url: string; status: number }> {
    let current = new URL(url);
    let res = await this.request(current, init);
    for (let hops = 0; hops < 20; hops++) {
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        const next = new URL(location, current);
        if (next.href.startsWith(stopAt)) return { redirect: next.href };
        current = next;
        res = await this.request(current);
        continue;
      }
      return { page: await res.text(), url: current.href, status: res.status };
    }
    throw new Error('too many redirects');
  }

  /** Submits the first form on a page: its hidden inputs plus `fields`, to its action, then navigates on. */
  async submit(page: { page: string; url: string }, fields: Record<string, string>, stopAt: string) {
    const form = /<form\b[^>]*>/i.exec(page.page)?.[0];
    if (!form) throw new Error(`no form on ${page.url}:\n${page.page.slice(0, 500)}`);
    const action = decodeEntities(/action="([^"]*)"/i.exec(form)?.[1] ?? page.url);
    const body = new URLSearchParams();
    for (const input of page.page.matchAll(/<input\b[^>]*type="hidden"[^>]*>/gi)) {
      const name = /name="([^"]*)"/i.exec(input[0])?.[1];
      const value = /value="([^"]*)"/i.exec(input[0])?.[1] ?? '';
      if (name) body.set(decodeEntities(name), decodeEntities(value));
    }
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return this.navigate(new URL(action, page.url), stopAt, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Narrows a navigation result to a page, failing with what arrived instead. */
export function asPage(result: { redirect: string } | { page: string; url: string; status: number }) {
  if ('redirect' in result) throw new Error(`expected a page, got a redirect to ${result.redirect}`);
  return result;
}

/** Narrows a navigation result to a redirect out of the sandbox. */
export function asRedirect(result: { redirect: string } | { page: string; url: string; status: number }): string {
  if (!('redirect' in result))
    throw new Error(`expected a redirect, got ${result.status} ${result.url}:\n${result.page.slice(0, 800)}`);
  return result.redirect;
}
