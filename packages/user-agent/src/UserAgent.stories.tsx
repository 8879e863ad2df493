import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { expect, within } from 'storybook/test';
import { TestUserAgentProvider } from './testing';
import type { ClientHints } from './types';
import { useUserAgent } from './useUserAgent';

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

/** The client hints as a sentence, e.g. "Windows 15.0.0 · Google Chrome 124.0.6367.60 · x86, 64-bit". */
function describeHints(hints: ClientHints | undefined): string | undefined {
  if (!hints) return undefined;
  const brand = hints.fullVersionList?.[0] ?? hints.brands?.[0];
  const cpu = hints.architecture && `${hints.architecture}${hints.bitness ? `, ${hints.bitness}-bit` : ''}`;
  const parts = [
    join(hints.platform, hints.platformVersion),
    brand && `${brand.brand} ${brand.version}`,
    hints.model && `model ${hints.model}`,
    hints.mobile === undefined ? undefined : hints.mobile ? 'mobile' : 'not mobile',
    cpu,
  ];
  return parts.filter(Boolean).join(' · ') || undefined;
}

// A definition list that wraps: label and value side by side on a phone; where even that is too narrow (a
// docs page's frame), the value goes under its label. Values break anywhere (a user-agent string has no
// spaces for a long way).
const LIST: CSSProperties = { display: 'grid', gap: 'var(--space-1)', margin: 0, maxWidth: '40rem' };
const ROW: CSSProperties = { display: 'flex', flexWrap: 'wrap', columnGap: 'var(--space-4)' };
const TERM: CSSProperties = { flex: '0 0 7.5rem', fontWeight: 600 };
const VALUE: CSSProperties = { flex: '1 1 12rem', minWidth: 0, margin: 0, overflowWrap: 'anywhere' };
const UNKNOWN: CSSProperties = { color: 'var(--color-muted)' };

/** What `useUserAgent()` returns, as a designer reads it: one line a field, "unknown" where the parser found nothing. */
function ParsedUserAgent({ hints, own = false }: { hints?: ClientHints | undefined; own?: boolean }) {
  const { ua, browser, engine, os, device, cpu, isBot } = useUserAgent();
  const rows: [string, string | undefined][] = [
    ['Browser', join(browser.name, browser.version)],
    ['Engine', join(engine.name, engine.version)],
    ['OS', join(os.name, os.version)],
    ['Device', join(device.type ?? 'not stated (usually a desktop)', device.vendor, device.model)],
    ['CPU', cpu.architecture],
    ['Bot', isBot ? 'yes' : 'no'],
    ['Client hints', own ? "this browser's own, if it sends any" : (describeHints(hints) ?? 'none given')],
    ['String parsed', ua || undefined],
  ];
  return (
    <dl style={LIST}>
      {rows.map(([label, value]) => (
        <div key={label} style={ROW}>
          <dt style={TERM}>{label}</dt>
          <dd style={VALUE} data-testid={label.toLowerCase()}>
            {value ?? <span style={UNKNOWN}>unknown</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const USER_AGENTS = {
  'This browser': null,
  'Chrome on Windows': WINDOWS_CHROME,
  'Safari on iPhone':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Chrome on an Android phone':
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Firefox on macOS': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'curl (command line)': 'curl/8.5.0',
  'Empty string': '',
} satisfies Record<string, string | null>;

const HINTS = {
  None: undefined,
  'Windows 11, Chrome 124': {
    platform: 'Windows',
    platformVersion: '15.0.0',
    fullVersionList: [{ brand: 'Google Chrome', version: '124.0.6367.60' }],
    architecture: 'x86',
    bitness: '64',
  },
  'Android 14, Pixel 8': {
    platform: 'Android',
    platformVersion: '14.0.0',
    model: 'Pixel 8',
    mobile: true,
    fullVersionList: [{ brand: 'Google Chrome', version: '124.0.6367.82' }],
  },
} satisfies Record<string, ClientHints | undefined>;

interface UserAgentStoryProps {
  /** The visitor: a sample User-Agent string, or "This browser" (what the browser showing this story says, no provider). */
  userAgent: keyof typeof USER_AGENTS;
  /** Client hints sent along (`Sec-CH-UA-*` headers or `navigator.userAgentData`; Chromium browsers only). */
  hints: keyof typeof HINTS;
}

/** `useUserAgent()` under a pinned user agent (`TestUserAgentProvider`), or this browser's own answer. */
function UserAgentStory({ userAgent, hints }: UserAgentStoryProps) {
  const ua = USER_AGENTS[userAgent];
  if (ua === null) return <ParsedUserAgent own />;
  return (
    <TestUserAgentProvider userAgent={ua} hints={HINTS[hints]}>
      <ParsedUserAgent hints={HINTS[hints]} />
    </TestUserAgentProvider>
  );
}

const meta = {
  title: 'user-agent/useUserAgent',
  component: UserAgentStory,
  tags: ['autodocs', 'stable'],
  parameters: {
    width: 'phone',
    docs: {
      description: {
        component: `
\`useUserAgent()\` tells a component which browser, engine, operating system, device and CPU the visitor uses, and whether it is a bot. It parses the User-Agent string and, where the browser sends them, the client hints (which alone tell Windows 11 from 10, the full browser version and an Android phone's model). Each story below shows the parsed result for one visitor; the **User agent** and **Client hints** controls switch between sample visitors.

**When to use**

- To adapt a detail to the platform: a keyboard shortcut written ⌘ on a Mac and Ctrl elsewhere, the right app-store badge, a "download for Windows" button.
- To leave bots out of analytics or experiments (\`isBot\`).
- In server rendering, with \`<UserAgentProvider {...userAgentProps(request.headers)}>\`, so the first render matches what the server sent.

**Do**

- Treat every field as possibly unknown (\`undefined\`) and keep a neutral default (the stories show "unknown").
- Read \`device.type\` as "not stated" when it is \`undefined\`: that is usually a desktop.
- Expect one update after mount in the browser: the client hints arrive once, asynchronously.

**Don't**

- Don't use it for layout: a phone-sized window on a desktop and a tablet with a keyboard need CSS media queries, not the user agent.
- Don't gate features on a browser name: test for the feature itself (\`'share' in navigator\`).
- Don't trust it for security: any client can send any string.

**States**

- **Server / hydration**: the provider's value (the request's headers), or every field unknown without a provider.
- **Frozen string only**: what the User-Agent header alone tells (Windows 11 reads as Windows 10, versions end in \`.0.0.0\`).
- **Enriched by client hints**: the real OS version, full browser version, device model and CPU, once they arrive.
- **Bot**: \`isBot\` is true for crawlers, link previewers, headless browsers and command-line clients; most other fields are then unknown.
`,
      },
    },
  },
  args: { userAgent: 'Chrome on Windows', hints: 'None' },
  argTypes: {
    userAgent: { control: 'select', options: Object.keys(USER_AGENTS) },
    hints: { control: 'select', options: Object.keys(HINTS) },
  },
} satisfies Meta<typeof UserAgentStory>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * What the browser showing this story says about itself: the frozen string first, then, a moment after
 * mount, the client hints' answer. This is what a component sees on a client-only page without a provider.
 */
export const ThisBrowser: Story = {
  args: { userAgent: 'This browser' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByTestId('browser')).not.toHaveTextContent('unknown');
    await expect(canvas.getByTestId('client hints')).toHaveTextContent("this browser's own");
  },
};

/**
 * Windows 11 is only visible through client hints: its string says Windows NT 10.0, like Windows 10's.
 * This is what a Chromium browser on Windows 11 gives once `getUserAgent()` has read the high-entropy
 * hints (or what the server knows when it asked for them with `Accept-CH`).
 */
export const Windows11ViaClientHints: Story = {
  args: { hints: 'Windows 11, Chrome 124' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('os')).toHaveTextContent('Windows 11');
    await expect(canvas.getByTestId('browser')).toHaveTextContent('Chrome 124.0.6367.60');
    await expect(canvas.getByTestId('cpu')).toHaveTextContent('amd64');
  },
};

/**
 * The same Windows string without hints: what the User-Agent header alone can tell. This is the
 * server's view of a first request, of any non-Chromium browser, and the browser's own view before
 * the hints arrive.
 */
export const Windows10FrozenString: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('os')).toHaveTextContent('Windows 10');
    await expect(canvas.getByTestId('browser')).toHaveTextContent('Chrome 124.0.0.0');
  },
};

/**
 * A crawler: `isBot` is true and the browser, OS and device are unknown. This is what a page sees when
 * Google indexes it; analytics and experiments should leave such visits out.
 */
export const Googlebot: Story = {
  args: { userAgent: 'Googlebot' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('bot')).toHaveTextContent('yes');
    await expect(canvas.getByTestId('browser')).toHaveTextContent('unknown');
    const page = canvasElement.ownerDocument.documentElement;
    await expect(page.scrollWidth).toBeLessThanOrEqual(page.clientWidth);
  },
};
