// @vitest-environment node
import { scrubEvent } from './scrubEvent';

describe('scrubEvent (the before_send hook)', () => {
  it('scrubs URLs, referrers, $set/$set_once, messages and stacks; keeps the public token', () => {
    const out = scrubEvent({
      event: '$pageview',
      properties: {
        token: 'phc_public',
        $current_url: 'https://app.example/callback?code=SECRETCODE&state=SECRETSTATE&email=ann%40example.com&tab=2',
        $referrer: 'https://idp.example/authorize?state=SECRETSTATE&client_id=app',
        note: 'write to ann@example.com',
        $exception_list: [
          {
            value: 'failed for bob@example.com',
            stacktrace: { frames: [{ filename: 'https://app.example/x?token=abc' }] },
          },
        ],
        password: 'hunter2',
      },
      $set: { email: 'ann@example.com' },
      $set_once: { $initial_current_url: 'https://app.example/?code=SECRETCODE' },
    });
    const wire = JSON.stringify(out);
    for (const secret of [
      'SECRETCODE',
      'SECRETSTATE',
      'ann%40example',
      'ann@example',
      'bob@example',
      'hunter2',
      'token=abc',
    ]) {
      expect(wire, secret).not.toContain(secret);
    }
    expect(out.properties.token).toBe('phc_public');
    expect(out.properties.$current_url).toBe('https://app.example/callback?tab=2');
    expect(out.properties.$referrer).toBe('https://idp.example/authorize?client_id=app');
    expect(out.$set_once?.$initial_current_url).toBe('https://app.example/');
  });

  it('scrubs with extra parameter names', () => {
    const out = scrubEvent({ event: 'x', properties: { $current_url: '/a?invite=XYZ&b=1' } }, ['invite']);
    expect(out.properties.$current_url).toBe('/a?b=1');
  });

  it("keeps PostHog's $cookieless_mode flag (a cookie-like name), and only as a boolean", () => {
    const out = scrubEvent({ event: 'e', properties: { $cookieless_mode: true, session_cookie: 'abc123' } });
    expect(out.properties.$cookieless_mode).toBe(true);
    expect(out.properties.session_cookie).toBe('[redacted]'); // the positive control: cookie-like names are scrubbed
    const forged = scrubEvent({ event: 'e', properties: { $cookieless_mode: 'user@example.com' } });
    expect(JSON.stringify(forged)).not.toContain('user@example.com');
  });
});
