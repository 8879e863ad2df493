// @vitest-environment node
import { isSecretParam, REDACTED, scrubDeep, scrubUrl, scrubValue } from './scrub';

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

describe('secrets as they really arrive: encoded, nested, twice encoded', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
  const enc = encodeURIComponent;
  // [what the input is, the input, secrets that must be gone, text that must stay]
  const cases: [string, string, string[], string[]][] = [
    [
      'percent-encoded email in a value',
      'https://a.example/search?q=alice%40example.com&page=2',
      ['alice', 'example.com'],
      ['page=2', '/search'],
    ],
    ['+-encoded email', 'https://a.example/s?q=bob+x%40corp.com', ['x%40corp', 'corp.com'], ['/s?q=']],
    [
      'email in an error description',
      '/cb?error=access_denied&error_description=user%20bob%40corp.com%20denied',
      ['bob', 'corp.com'],
      ['error=access_denied', 'denied'],
    ],
    [
      'callback nested in a parameter',
      '/login?next=%2Fcallback%3Fcode%3DX1Y2%26state%3DS7T8%26tab%3D1',
      ['X1Y2', 'S7T8'],
      ['next=', 'tab'],
    ],
    [
      'callback nested twice encoded',
      `/login?next=${enc(enc('/callback?code=X1Y2&state=S7T8'))}`,
      ['X1Y2', 'S7T8'],
      ['next=', '%252Fcallback'],
    ],
    [
      'absolute URL nested in a parameter',
      `/r?to=${enc('https://idp.example/authorize?nonce=N0NCE&state=S7T8&client_id=app')}`,
      ['N0NCE', 'S7T8'],
      ['client_id'],
    ],
    ['JWT in a value', `/p?ctx=${jwt}&x=1`, ['eyJhbGci'], ['x=1']],
    [
      'JWT in a path segment',
      `https://a.example/u/${jwt}/profile?tab=1`,
      ['eyJhbGci', 'dozjg'],
      ['/u/', '/profile?tab=1'],
    ],
    ['JWT in a relative path', `/u/${jwt}/profile`, ['eyJhbGci'], ['/u/', '/profile']],
    ['secret behind an encoded = in a key', '/cb?code%3DABC123&tab=1', ['ABC123'], ['tab=1']],
    ['secret behind a twice-encoded = in a key', '/cb?tab=1&state%253DS7T8', ['S7T8'], ['tab=1']],
    ['token behind an encoded = in a fragment', '/cb#access_token%3DTOK123', ['TOK123'], ['/cb']],
    ['JWT in an encoded fragment', `/p#id=${enc(`Bearer ${jwt}`)}`, ['eyJhbGci'], ['/p#']],
    ['bearer string in a value', `/p?h=${enc('Bearer abcDEF1234567890')}`, ['abcDEF1234567890'], ['/p?h=']],
    [
      'token-like keys',
      '/p?access_token=A1&id_token=B2&refresh_token=C3&nonce=D4&password=E5&api_key=F6&keep=ok',
      ['A1', 'B2', 'C3', 'D4', 'E5', 'F6'],
      ['keep=ok'],
    ],
    ['encoded key names', '/p?%63ode=A1&%6Eonce=B2&keep=ok', ['A1', 'B2'], ['keep=ok']],
    ['email key', '/p?email=ann%40x.example&keep=ok', ['ann'], ['keep=ok']],
    [
      'percent-encoded email in free text',
      'login failed for user%20bob%40corp.com (401)',
      ['bob', 'corp.com'],
      ['login failed', '(401)'],
    ],
    ['twice-encoded email in free text', 'q=bob%2540corp.com', ['corp.com'], ['q=']],
    [
      'encoded URL in free text',
      `redirect to ${enc('https://app.example/cb?code=X1Y2&ok=1')} failed`,
      ['X1Y2'],
      ['redirect to', 'failed'],
    ],
  ];

  it.each(cases)('%s', (_, input, gone, kept) => {
    // A URL goes through scrubUrl too (what the packages run on `$current_url`, a log's `view.url`).
    const scrubbers = /^(\/|https?:)/.test(input) ? [scrubValue, scrubUrl] : [scrubValue];
    for (const scrub of scrubbers) {
      const out = scrub(input);
      for (const secret of gone) expect(out).not.toContain(secret);
      for (const text of kept) expect(out).toContain(text);
      // Whatever comes out, decoded, still holds no secret.
      const decoded = decodeURIComponent(decodeURIComponent(out.replace(/\+/g, ' ')));
      for (const secret of gone) expect(decoded).not.toContain(secret);
    }
  });

  it('leaves values without secrets exactly as encoded', () => {
    for (const url of ['/p?q=a%20b&x=%E2%9C%93', '/p?next=%2Fhome%3Ftab%3D2', '/p?q=bob+smith']) {
      expect(scrubUrl(url)).toBe(url);
    }
  });

  it('scrubDeep applies the same judgement to nested payloads', () => {
    const out = JSON.stringify(
      scrubDeep({ $current_url: '/a?next=%2Fcallback%3Fcode%3DX1Y2', props: { q: 'alice%40example.com' } }),
    );
    expect(out).not.toContain('X1Y2');
    expect(out).not.toContain('alice');
  });

  it('the secret-key predicate covers what the recorder redacts', () => {
    for (const key of [
      'code',
      'state',
      'session_state',
      'nonce',
      'code_verifier',
      'client_secret',
      'client_assertion',
      'assertion',
      'password',
      'access_token',
      'refresh_token',
      'id_token',
      'email',
    ]) {
      expect(isSecretParam(key)).toBe(true);
    }
    for (const key of ['q', 'page', 'utm_source', 'tab']) expect(isSecretParam(key)).toBe(false);
  });
});
