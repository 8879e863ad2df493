import { REDACTED, scrubDeep, scrubUrl, scrubValue } from './scrub';

describe('scrubUrl', () => {
  it.each([
    // OIDC callback: every callback parameter goes, the rest stays as written
    [
      'https://app.example/callback?code=abc&state=xyz&session_state=s1&iss=https%3A%2F%2Fidp&tab=2',
      'https://app.example/callback?tab=2',
    ],
    ['/callback?code=abc&state=xyz', '/callback'],
    ['https://a.example/p?id_token=x&access_token=y&refresh_token=z&keep=1', 'https://a.example/p?keep=1'],
    ['https://a.example/p?my_token=1&TOKEN=2&xTokeny=3&ok=4', 'https://a.example/p?ok=4'],
    ['https://a.example/p?password=hunter2&email=a%40b.co&q=shoes', 'https://a.example/p?q=shoes'],
    ['https://a.example/p?Code=1&STATE=2&q=a+b', 'https://a.example/p?q=a+b'],
    ['https://a.example/p?%63ode=1&q=1', 'https://a.example/p?q=1'], // encoded key
    ['https://a.example/p?client_secret=1&api_key=2&q=1', 'https://a.example/p?q=1'],
    // fragments: implicit-flow tokens, hash routers
    ['https://a.example/#access_token=abc&token_type=bearer&expires_in=3600', 'https://a.example/#expires_in=3600'],
    ['https://a.example/#/orders?code=1&page=2', 'https://a.example/#/orders?page=2'],
    ['https://a.example/docs#section-2', 'https://a.example/docs#section-2'],
    // nothing to remove: untouched, including odd encodings and order
    ['https://a.example/p?b=2&a=1&empty=&flag', 'https://a.example/p?b=2&a=1&empty=&flag'],
    ['https://a.example/p?x=%E2%9C%93', 'https://a.example/p?x=%E2%9C%93'],
    ['relative/path?q=1', 'relative/path?q=1'],
    // credentials in the authority
    ['https://user:pass@a.example/p', 'https://a.example/p'],
    ['https://a.example/p?code=1', 'https://a.example/p'],
    ['https://a.example/p?code=1#state=2', 'https://a.example/p'],
  ])('%s → %s', (input, expected) => {
    expect(scrubUrl(input)).toBe(expected);
  });

  it('removes configurable extras by name or pattern', () => {
    expect(scrubUrl('/p?ssn=1&utm_source=x&member_id=2', { extraParams: ['SSN', /^member_/] })).toBe('/p?utm_source=x');
  });

  it('leaves no secret value anywhere in a realistic callback URL', () => {
    const url = scrubUrl(
      'https://app.example/auth/callback?state=ST4TE&session_state=SESS&code=C0DE&iss=ISS#id_token=eyJ.x.y',
    );
    for (const secret of ['ST4TE', 'SESS', 'C0DE', 'ISS', 'eyJ']) expect(url).not.toContain(secret);
  });
});

describe('scrubValue', () => {
  it('redacts emails, JWTs and bearer tokens inside text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    const out = scrubValue(`user jane.doe+x@mail.example.com sent ${jwt} with Authorization: Bearer abcDEF123456.xyz`);
    expect(out).toBe(`user ${REDACTED} sent ${REDACTED} with Authorization: Bearer ${REDACTED}`);
  });

  it('scrubs URLs inside text', () => {
    expect(scrubValue('failed to load https://app.example/cb?code=abc&x=1 (500)')).toBe(
      'failed to load https://app.example/cb?x=1 (500)',
    );
    expect(scrubValue('GET /callback?state=abc&code=def failed')).toBe('GET /callback failed');
  });

  it('keeps ordinary text', () => {
    expect(scrubValue('Checkout failed: card declined (2 items) at 12:30 — see docs#retry')).toBe(
      'Checkout failed: card declined (2 items) at 12:30 — see docs#retry',
    );
  });

  it('handles hostile long input (linear regexes)', () => {
    const long = `${'a'.repeat(200_000)}@`;
    expect(scrubValue(long)).toHaveLength(long.length);
  });
});

describe('scrubDeep', () => {
  it('scrubs nested strings and secret keys without mutating the input', () => {
    const input = {
      user: { email: 'a@b.example', name: 'Ann' },
      headers: { Authorization: 'Bearer abcdefghijk', 'x-id': 7 },
      list: ['ok', 'see https://x.example/?access_token=t&q=1'],
      password: 'hunter2',
      nested: { refreshToken: 'r', when: new Date(0) },
    };
    const out = scrubDeep(input);
    expect(out).toEqual({
      user: { email: REDACTED, name: 'Ann' },
      headers: { Authorization: REDACTED, 'x-id': 7 },
      list: ['ok', 'see https://x.example/?q=1'],
      password: REDACTED,
      nested: { refreshToken: REDACTED, when: new Date(0) },
    });
    expect(input.user.email).toBe('a@b.example');
  });

  it('is safe on cycles and keeps shared references', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    const shared = { v: 1 };
    expect(scrubDeep({ a, x: shared, y: shared })).toEqual({
      a: { name: 'a', self: '[Circular]' },
      x: { v: 1 },
      y: { v: 1 },
    });
  });

  it('is bounded in depth, size and string length', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 50; i++) deep = { child: deep };
    let depth = 0;
    let node = scrubDeep(deep, { maxDepth: 5 }) as unknown;
    while (typeof node === 'object' && node !== null) {
      node = (node as { child: unknown }).child;
      depth++;
    }
    expect(depth).toBe(5);
    expect(node).toBe('[MaxDepth]');

    const wide = Array.from({ length: 5000 }, (_, i) => i);
    const out = scrubDeep(wide, { maxNodes: 100 }) as unknown[];
    expect(out.length).toBeLessThanOrEqual(101);
    expect(out.at(-1)).toBe('[Truncated]');

    expect((scrubDeep('x'.repeat(50), { maxStringLength: 10 }) as string).startsWith('xxxxxxxxxx…')).toBe(true);
  });

  it('turns errors into plain scrubbed objects', () => {
    const out = scrubDeep({ error: new TypeError('no user a@b.example') }) as unknown as {
      error: Record<string, string>;
    };
    expect(out.error.name).toBe('TypeError');
    expect(out.error.message).toBe(`no user ${REDACTED}`);
    expect(out.error.stack).not.toContain('a@b.example');
  });
});
