import { useConsent } from '@plinth/core';
import { TestConsentProvider } from '@plinth/core/testing';
import type { ReceivedRequest } from '@plinth/sandbox';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { framed, phone } from '../stories/support';
import { ConsentBanner } from './ConsentBanner';
import { Inspector } from './Inspector';

type Feed = 'live' | 'empty' | 'connecting' | 'offline' | 'burst' | 'recording';

/** What the sandbox received, as its stream sends it (ids and times are filled in when sent). */
const RECORDING: Omit<ReceivedRequest, 'id' | 'time'>[] = [
  {
    vendor: 'posthog',
    route: '$pageview',
    method: 'POST',
    path: '/e/',
    query: {},
    headers: {},
    status: 200,
    body: {
      event: '$pageview',
      properties: { $current_url: 'http://127.0.0.1:5173/article', distinct_id: 'user-7f3a' },
    },
  },
  {
    vendor: 'launchdarkly',
    route: 'events',
    method: 'POST',
    path: '/events/bulk/plinth-demo',
    query: {},
    headers: {},
    status: 202,
    body: { kind: 'feature', key: 'price-test', value: 'a', context: { kind: 'user', key: 'user-7f3a' } },
  },
  {
    vendor: 'datadog',
    route: 'logs',
    method: 'POST',
    path: '/datadog/intake/api/v2/logs',
    query: {},
    headers: {},
    status: 202,
    body: { status: 'error', message: 'Demo: a component failed to render', usr: { id: 'user-7f3a' } },
  },
  {
    vendor: 'oidc',
    route: 'token',
    method: 'POST',
    path: '/oidc/token',
    query: {},
    headers: {},
    status: 200,
    body: { grant_type: 'authorization_code' },
    meta: { sub: 'user-7f3a' },
  },
  {
    vendor: 'oidc',
    route: 'revocation',
    method: 'POST',
    path: '/oidc/token/revocation',
    query: {},
    headers: {},
    status: 200,
    body: { token_type_hint: 'refresh_token' },
    meta: { revoked: 'RefreshToken' },
  },
  {
    vendor: 'posthog',
    route: 'batch',
    method: 'POST',
    path: '/batch/',
    query: {},
    headers: {},
    status: 400,
    body: undefined,
    malformed: 'truncated gzip',
  },
];

/** The 10,000-event burst of "Tracked interactions", then one log: the inspector keeps 100 rows per vendor. */
const burst = (): Omit<ReceivedRequest, 'id' | 'time'>[] => [
  ...RECORDING.slice(1, 4),
  ...Array.from({ length: 10_000 }, (_, seq) => ({
    vendor: 'posthog',
    route: 'demo_burst',
    method: 'POST',
    path: '/batch/',
    query: {},
    headers: {},
    status: 200,
    body: { event: 'demo_burst', properties: { burst: 1, seq, distinct_id: 'user-7f3a' } },
  })),
  RECORDING[2] as Omit<ReceivedRequest, 'id' | 'time'>,
];

/** A session recording's batch (PostHog's `$snapshot`, as the sandbox decoded it), after the live traffic. */
const SNAPSHOT: Omit<ReceivedRequest, 'id' | 'time'> = {
  vendor: 'posthog',
  route: '$snapshot',
  method: 'POST',
  path: '/s/',
  query: {},
  headers: {},
  status: 200,
  body: {
    event: '$snapshot',
    properties: {
      $session_id: '019aa1c2-77f0-7e3b-9d2a-5c1f3e8a41b7',
      distinct_id: 'user-7f3a',
      $snapshot_data: [
        { type: 4, data: { href: 'http://127.0.0.1:5173/article' } },
        { type: 3, data: { source: 2 } },
      ],
    },
  },
};

let feed: Feed = 'live';

/** A stand-in for the sandbox's event stream (`/_sandbox/stream`): no network, a recording chosen per story. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    super();
    const mode = feed;
    setTimeout(() => {
      if (this.readyState === 2 || mode === 'connecting') return;
      if (mode === 'offline') {
        this.readyState = 2;
        this.onerror?.(new Event('error'));
        return;
      }
      this.readyState = 1;
      this.onopen?.(new Event('open'));
      const recording =
        mode === 'burst' ? burst() : mode === 'live' ? RECORDING : mode === 'recording' ? [...RECORDING, SNAPSHOT] : [];
      // One fixed time (shown as 12:00:00), later than this visit's start so the inspector keeps it: the
      // screenshots do not change from run to run.
      const time = '2099-01-01T12:00:00.000Z';
      recording.forEach((entry, i) => {
        if (this.readyState !== 2)
          this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ ...entry, id: i + 1, time }) }));
      });
    });
  }
  close() {
    this.readyState = 2;
  }
}

interface InAppProps {
  /**
   * What the sandbox's stream sends: `live` (a sign-in and a few clicks), `empty` (connected, nothing yet),
   * `connecting` (no answer yet), `offline` (no sandbox running) or `burst` (after "Send 10,000 events").
   */
  feed: Feed;
  /** Whether it starts open (the app opens it on screens at least 70rem wide, closes it on narrower ones). */
  open: boolean;
  /** The consent banner too, as on a first visit (the app's `ConsentGate`, a choice pending). */
  banner?: boolean;
}

/**
 * The consent banner while a choice is pending, placed by `children` where `Layout` places it (inside the app's
 * frame, after the inspector), and the frame told so (`data-consent`).
 */
function WithBanner({ children }: { children: (pending: boolean, banner: ReactNode) => ReactNode }) {
  const consent = useConsent();
  return children(consent.pending, consent.pending && <ConsentBanner consent={consent} />);
}

/** The inspector in the demo's frame (a page column beside it on wide screens, a bottom bar on phones). */
function InApp({ feed: _feed, open: initiallyOpen, banner = false }: InAppProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const app = (pending: boolean, dialog?: ReactNode) => (
    <div className="app" data-inspector={open ? 'open' : 'closed'} data-consent={pending ? 'pending' : undefined}>
      <div className="page">
        <main>
          <h1>Tracked interactions</h1>
          <p>The page's own content stays readable beside (or above) the inspector.</p>
        </main>
      </div>
      <Inspector open={open} onOpenChange={setOpen} />
      {dialog}
    </div>
  );
  if (!banner) return app(false);
  return (
    <TestConsentProvider>
      <WithBanner>{app}</WithBanner>
    </TestConsentProvider>
  );
}

const meta = {
  title: 'demo/Inspector',
  tags: ['beta'],
  component: InApp,
  decorators: [framed()],
  argTypes: {
    feed: {
      control: 'inline-radio',
      options: ['live', 'empty', 'connecting', 'offline', 'burst', 'recording'],
      description:
        'What the sandbox sends: `live` (a sign-in and a few clicks), `empty` (connected, nothing yet), `connecting` (no answer yet), `offline` (no sandbox running), `burst` (after "Send 10,000 events"), `recording` (live, and a session recording under way).',
    },
    banner: { control: 'boolean', description: 'The consent banner too, as on a first visit.' },
    open: {
      control: 'boolean',
      description:
        'Whether it starts open (the app opens it on screens at least 70rem wide, closes it on narrower ones).',
    },
  },
  beforeEach: ({ args }) => {
    feed = args.feed;
    const real = globalThis.EventSource;
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
    return () => {
      globalThis.EventSource = real;
    };
  },
  parameters: {
    layout: 'fullscreen',
    docsHeight: '40rem',
    docs: {
      description: {
        component: `A development panel on every page of the demo, for whoever evaluates it: what each vendor's endpoint in the local sandbox received, live, newest first, scrubbed as it was sent; a one-line summary and the decoded body per entry. It is not part of the product: it is off when \`VITE_SANDBOX_URL=off\`.

Where it sits: on screens at least 70rem wide, a column beside the page, open (it covers no page text); narrower, a bar docked at the bottom, closed, that opens into a panel over the lower half of the screen, and the page keeps room below its end for it. It keeps the newest 100 entries of each vendor and counts everything received.

Its states: **live** (a green dot, entries as they arrive), **connecting** (a yellow dot: the sandbox has not answered yet), **offline** (a red dot: no sandbox is running; the page works as before), and an empty list that says which of these it is. The vendor menu filters the list, **Earlier visits too** adds what other visits left in the sandbox, **Clear** empties the sandbox's recording.

**When to use**: only in the demo, to show what a visitor's actions send; it always uses its own dark colours, whatever the theme.

**Do**
- Keep it out of the page's way: a column beside it, or a bar below it that the page leaves room for.
- Say why a list is empty (connecting, no sandbox, nothing sent yet).

**Don't**
- Ship it in a product build, or let it cover page text or the consent banner's buttons.

These stories replay a recording instead of the sandbox's stream.`,
      },
    },
  },
} satisfies Meta<typeof InApp>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A desktop (70rem or wider: the app opens it there) after a sign-in and a few clicks: one entry per request, each
 * vendor with its own summary line and decoded body.
 */
export const Desktop: Story = {
  args: { feed: 'live', open: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(`${RECORDING.length} received`)).toBeVisible();
    await expect(canvas.getByText('subject user-7f3a')).toBeVisible();
    await expect(canvas.getByText('revoked: RefreshToken')).toBeVisible();
    await expect(canvas.getByText('error · Demo: a component failed to render · user user-7f3a')).toBeVisible();
  },
};

/** Session replay under way: a line in the header names the recorded session and its last batch's time. */
export const Recording: Story = {
  args: { feed: 'recording', open: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Session replay: recording session …8a41b7, last batch at/)).toBeVisible();
    await expect(
      canvas.getByText('2 recorded changes · 019aa1c2-77f0-7e3b-9d2a-5c1f3e8a41b7 · user-7f3a'),
    ).toBeVisible();
  },
};

/**
 * A phone (390 px; any screen under 70rem): how every page opens there, a closed bar at the bottom with the
 * connection and the count; the page keeps room for it.
 */
export const PhoneClosed: Story = {
  args: { feed: 'live', open: false },
  parameters: phone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Inspector' })).toHaveAttribute('aria-expanded', 'false');
    const count = await canvas.findByText(`${RECORDING.length} received`);
    // At 70rem and wider (the toolbar's Desktop) the app opens it; closed there, it is a tab at the top of its column
    // with its toggle alone, and the count shows once it is opened. Narrower, the closed bar shows the count.
    if (window.matchMedia('(min-width: 70rem)').matches) await expect(count).not.toBeVisible();
    else await expect(count).toBeVisible();
  },
};

/** A phone after a tap on "Inspector": a panel over the lower half of the screen; "Hide inspector" closes it. */
export const PhoneOpen: Story = {
  args: { feed: 'live', open: false },
  parameters: phone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Inspector' }));
    await expect(canvas.getByRole('button', { name: 'Hide inspector' })).toHaveAttribute('aria-expanded', 'true');
    await expect(await canvas.findByText('subject user-7f3a')).toBeVisible();
  },
};

/** Connected, nothing received yet (a first visit before a privacy choice, or just after "Clear"): it says what to do. */
export const Empty: Story = {
  args: { feed: 'empty', open: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Nothing received yet. Accept all, navigate and sign in.')).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'sandbox live' })).toBeVisible();
  },
};

/** The sandbox's stream is not answering yet (the first moment of every page load, or while it restarts): "connecting". */
export const Connecting: Story = {
  args: { feed: 'connecting', open: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'sandbox connecting' })).toBeVisible();
    await expect(within(canvasElement).getByText('Connecting to the sandbox…')).toBeVisible(); // not "Nothing received yet"
  },
};

/** The sandbox is not running (the demo started without it): "offline", and the page works as before. */
export const Offline: Story = {
  args: { feed: 'offline', open: true },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status', { name: 'sandbox offline' })).toBeVisible();
    await expect(within(canvasElement).getByText(/The sandbox is not running/)).toBeVisible(); // not "Nothing received yet"
  },
};

/**
 * After "Send 10,000 events": all 10,004 counted, the newest 100 PostHog entries kept, and the other
 * vendors' entries still there.
 */
export const AfterABurst: Story = {
  args: { feed: 'burst', open: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('10,004 received')).toBeVisible();
    await expect(canvas.getByRole('option', { name: 'posthog (10,000)' })).toBeInTheDocument();
    await expect(canvas.getByRole('option', { name: 'datadog (2)' })).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('.entries li[data-vendor="posthog"]')).toHaveLength(100);
    await expect(canvasElement.querySelectorAll('.entries li[data-vendor="oidc"]')).toHaveLength(1);
    await expect(
      canvas.getByText('9,900 older entries not shown: the newest 100 of each vendor are kept.'),
    ).toBeVisible();
  },
};

/** How much two boxes overlap, in px² (0: apart). */
const overlap = (a: DOMRect, b: DOMRect) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * A first visit with the inspector open, as the demo opens on a desktop: at 70rem and wider the consent banner sits
 * at the bottom-right, OVER the inspector's column (styles.css: "not over page text: the page stays usable until a
 * choice"), so it covers the inspector's lower entries until a choice, not the page. Narrower, it sits above the
 * inspector's open panel (or its bar), clear of it. At every width its three buttons are on top, reachable.
 */
export const BesideTheConsentBanner: Story = {
  name: 'Beside the consent banner',
  args: { feed: 'live', open: true, banner: true },
  // What this story shows is the wide layout: on its docs page it is drawn at desktop width (scaled in a narrower
  // column). At a phone's width the page keeps room below its text for the banner, so it scrolls.
  parameters: { width: 'desktop' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const banner = await canvas.findByRole('dialog', { name: 'Your privacy choices' });
    await expect(await canvas.findByText(`${RECORDING.length} received`)).toBeVisible();
    const inspector = canvasElement.querySelector('.inspector') as HTMLElement;
    const page = canvasElement.querySelector('.page') as HTMLElement;
    const [b, i, p] = [banner, inspector, page].map((element) => element.getBoundingClientRect()) as [
      DOMRect,
      DOMRect,
      DOMRect,
    ];
    if (window.matchMedia('(min-width: 70rem)').matches) {
      // Within the inspector's column, over it; none of the page's column covered.
      await expect(overlap(b, i)).toBeCloseTo(b.width * b.height, 0);
      await expect(overlap(b, p)).toBe(0);
      // So the page keeps no room below its end for the banner (it scrolled by half a screen of nothing).
      await expect(getComputedStyle(page).paddingBottom).toBe('0px');
    } else {
      await expect(overlap(b, i)).toBe(0);
    }
    // Every button of the banner is on top where it is drawn (not under the inspector).
    for (const name of ['Accept all', 'Reject all', 'Choose…']) {
      const button = canvas.getByRole('button', { name });
      const box = button.getBoundingClientRect();
      await expect(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)).toBe(button);
    }
  },
};
