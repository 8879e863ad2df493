import { SANDBOX_URL } from '../playwright.config';
import { expect, test } from './fixtures';

// Every journey runs under the preview server's strict policy, Trusted Types included, and the shared fixture
// fails any test that records a violation. These are its controls: the policy is really sent, and a violation
// (a Trusted Types one too) really is recorded, so the journeys' "zero violations" can fail.

test('the built demo is served with the strict policy and Trusted Types; an injected script, an HTML string and a fetch to another host are refused and recorded', async ({
  page,
  cspViolations,
}) => {
  const response = await page.goto('/');
  const policy = Object.fromEntries(
    (response?.headers()['content-security-policy'] ?? '').split(';').map((directive) => {
      const [name = '', ...values] = directive.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
  expect(policy['script-src']).toBe("'self'");
  expect(policy['connect-src']).toBe(`'self' ${SANDBOX_URL}`);
  expect(policy['frame-src']).toBe(`'self' ${SANDBOX_URL}`);
  expect(policy['object-src']).toBe("'none'");
  expect(policy['base-uri']).toBe("'self'");
  expect(policy['require-trusted-types-for']).toBe("'script'");
  expect(policy['trusted-types']).toBe('plinth-svg');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The positive controls, from a page script: under Trusted Types a string given to a script or HTML sink
  // throws before the browser gets to the CSP's own script-src check, and a fetch leaves through connect-src.
  const outcome = await page.evaluate(async () => {
    const refused = (act: () => void) => {
      try {
        act();
        return 'allowed';
      } catch (error) {
        return (error as Error).name;
      }
    };
    const script = document.createElement('script');
    const results = {
      script: refused(() => {
        script.textContent = 'window.injectedScriptRan = true;';
      }),
      html: refused(() => {
        document.createElement('div').innerHTML = '<b>injected</b>';
      }),
      policy: refused(() =>
        (
          window as { trustedTypes?: { createPolicy(name: string, rules: object): unknown } }
        ).trustedTypes?.createPolicy('injected', { createHTML: (input: string) => input }),
      ),
    };
    document.body.append(script);
    // A port nothing listens on: under the policy the request never leaves the page.
    await fetch('http://127.0.0.2:9/beacon').catch(() => {});
    return { ...results, ran: (window as { injectedScriptRan?: boolean }).injectedScriptRan ?? false };
  });
  expect(outcome).toEqual({ script: 'TypeError', html: 'TypeError', policy: 'TypeError', ran: false });
  // Each is recorded as the event the page dispatched, and Chromium's console reports the CSP ones.
  const recorded = (via: string) =>
    cspViolations.filter((v) => v.via === via).map(({ directive, blocked }) => ({ directive, blocked }));
  await expect
    .poll(() => recorded('event'))
    .toEqual([
      { directive: 'require-trusted-types-for', blocked: 'trusted-types-sink' },
      { directive: 'require-trusted-types-for', blocked: 'trusted-types-sink' },
      { directive: 'trusted-types', blocked: 'trusted-types-policy' },
      { directive: 'connect-src', blocked: 'http://127.0.0.2:9/beacon' },
    ]);
  await expect
    .poll(() => recorded('console').map(({ directive }) => directive))
    .toEqual(expect.arrayContaining(['connect-src']));
  // Expected here: emptied so that the fixture's own check (zero violations) passes.
  cspViolations.length = 0;
});

test('positive control: another site framing the demo is refused (frame-ancestors) and recorded', async ({
  page,
  baseURL,
  cspViolations,
}) => {
  // Any page of another origin (the sandbox's 404) as the framing site.
  await page.goto(`${SANDBOX_URL}/_sandbox/not-a-page`);
  await page.evaluate((url) => {
    const frame = document.createElement('iframe');
    frame.src = url;
    document.body.append(frame);
  }, `${baseURL}/`);
  // Chromium dispatches no event for a refused framing (the framed page never loads): the fixture's
  // console path records it.
  await expect.poll(() => cspViolations.length).toBe(1);
  expect(cspViolations.map(({ via, directive }) => ({ via, directive }))).toEqual([
    { via: 'console', directive: 'frame-ancestors' },
  ]);
  cspViolations.length = 0;
});
