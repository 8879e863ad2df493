// @vitest-environment node
import { renderToString } from 'react-dom/server';
import type { UserAgent } from '../src/index';

const WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

// Filled in after the dynamic import, so the "before" snapshots are taken before the package loads.
const hook: { use?: () => UserAgent } = {};
function Show() {
  const { os, browser } = hook.use!();
  return (
    <p>
      {os.name} {os.version} / {browser.name}
    </p>
  );
}

it('imports and renders on a server without window, fetch/console patches or vendor globals', async () => {
  const fetchBefore = globalThis.fetch;
  const errorBefore = console.error;
  const warnBefore = console.warn;
  const globalsBefore = new Set(Object.keys(globalThis));

  const { UserAgentProvider, useUserAgent, parseUserAgent, getUserAgent } = await import('../src/index');
  const { userAgentFromHeaders, userAgentProps } = await import('../src/server');
  const { TestUserAgentProvider } = await import('../src/testing');

  hook.use = useUserAgent;
  const html = renderToString(
    <UserAgentProvider
      {...userAgentProps({
        'user-agent': WIN,
        'sec-ch-ua-platform': '"Windows"',
        'sec-ch-ua-platform-version': '"15.0.0"',
      })}
    >
      <Show />
    </UserAgentProvider>,
  );
  expect(html).toBe('<p>Windows<!-- --> <!-- -->11<!-- --> / <!-- -->Chrome</p>');
  expect(renderToString(<Show />)).toBe('<p> <!-- --> / </p>'); // no provider: nothing known, nothing guessed
  expect(
    renderToString(
      <TestUserAgentProvider userAgent={WIN}>
        <Show />
      </TestUserAgentProvider>,
    ),
  ).toContain('Windows');
  expect(userAgentFromHeaders({ 'user-agent': WIN }).os.version).toBe('10');
  expect(parseUserAgent(WIN).browser.name).toBe('Chrome');
  expect((await getUserAgent()).ua).toBe(typeof navigator === 'undefined' ? '' : navigator.userAgent);

  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  expect(globalThis.fetch).toBe(fetchBefore);
  expect(console.error).toBe(errorBefore);
  expect(console.warn).toBe(warnBefore);
  // ua-parser-js's UMD would set window.UAParser / jQuery.ua in a browser; nothing global here.
  expect(Object.keys(globalThis).filter((key) => !globalsBefore.has(key))).toEqual([]);
});
