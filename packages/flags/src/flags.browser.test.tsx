import { channel, REDACTED } from '@plinth/core';
import { createTestConsent, recordChannel, resetChannel, TestConsentProvider } from '@plinth/core/testing';
import { type ReactNode, Suspense } from 'react';
import { inject, onTestFinished } from 'vitest';
import { act, mountAsApp, render, screen, waitFor } from '../../../tooling/render';
import type { FlagsConfig } from './createFlags';
import { Feature } from './Feature';
import { FlagsProvider } from './FlagsProvider';
import { createBootstrap } from './server/index';
import { testFlags } from './test-flags';
import { control, sandboxConfig, sandboxUrl } from './test-sandbox';
import { useAllFlags } from './useAllFlags';
import { useFlag } from './useFlag';
import { useFlagsFailure, useFlagsStatus } from './useFlagsStatus';
import { useFlagsContext, useTrack } from './useTrack';
import { useVariant } from './useVariant';
import { visitorKeyCookie } from './visitorKey';

// The real launchdarkly-js-client-sdk against @plinth/sandbox: what it sent is read back, decoded,
// from the sandbox's recording. Every test uses its own environment key to tell its traffic apart.

const deadUrl = inject('deadUrl');

interface Received {
  /** When the sandbox received it (ISO). */
  time: string;
  path: string;
  route?: string;
  method: string;
  body?: { context?: Record<string, unknown>; kind?: string; key?: string; [k: string]: unknown };
}

const received = async (env: string, route?: string): Promise<Received[]> => {
  const all: Received[] = await (await fetch(`${sandboxUrl}/_sandbox/received?vendor=launchdarkly`)).json();
  return all.filter((e) => e.path.split('/').includes(env) && (route === undefined || e.route === route));
};

let env: string;
let count = 0;
const pageErrors: unknown[] = [];
const onError = (event: ErrorEvent) => pageErrors.push(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => pageErrors.push(event.reason);

beforeEach(async () => {
  count += 1;
  env = `env-${count}-${Date.now()}`;
  pageErrors.length = 0;
  localStorage.clear();
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  await control('/reset', 'POST');
});
afterEach(async () => {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  resetChannel();
  await control('/behaviour', 'PUT', { status: 200, delayMs: 0 });
});

const config = (extra: Partial<FlagsConfig> = {}): FlagsConfig => sandboxConfig(env, { streaming: true, ...extra });

function App({ children, functional = 'granted' }: { children: ReactNode; functional?: 'granted' | 'denied' }) {
  return <TestConsentProvider decisions={{ functional }}>{children}</TestConsentProvider>;
}

function Probe({ seen }: { seen?: string[] }) {
  const theme = useFlag('theme');
  const price = useFlag('price-test');
  const improved = useFlag('fpImprovedUI');
  seen?.push(price);
  return (
    <p>
      <output data-testid="status">{useFlagsStatus()}</output>
      <output data-testid="failure">{useFlagsFailure()?.code ?? 'none'}</output>
      <output data-testid="theme">{theme}</output>
      <output data-testid="price">{price}</output>
      <output data-testid="improved">{String(improved)}</output>
    </p>
  );
}

function Experiment() {
  return <output data-testid="variant">{useVariant('price-test')}</output>;
}

const text = (id: string) => screen.getByTestId(id).textContent;

describe('flags with the real LaunchDarkly SDK against the sandbox', () => {
  it('shows the sandbox values (keys as written), one client and one stream under StrictMode, and live changes without reload', async () => {
    render(
      <App>
        <FlagsProvider config={config()}>
          <Probe />
        </FlagsProvider>
      </App>,
    );
    expect(text('price')).toBe('control'); // the catalogue default on the first render
    // The first test also fetches the SDK's chunk from the dev server.
    await waitFor(() => expect(text('status')).toBe('ready'), { timeout: 5000 });
    expect(text('failure')).toBe('none');
    expect(text('price')).toBe('a');
    expect(text('improved')).toBe('true'); // fpImprovedUI, not fpImprovedUi
    const streams = async () =>
      ((await (await control('/streams', 'GET')).json()) as { env: string }[]).filter((s) => s.env === env);
    await waitFor(async () => expect(await streams()).toHaveLength(1), { timeout: 3000 });
    await control('/flags/theme', 'PUT', { value: 'dark' });
    await waitFor(() => expect(text('theme')).toBe('dark'));
    expect(await streams()).toHaveLength(1);
    const evalx = await received(env, 'evalx');
    expect(evalx).toHaveLength(1);
    expect(evalx[0]!.body!.context).toMatchObject({ kind: 'user', anonymous: true });
    expect(pageErrors).toEqual([]);
  });

  it('counts one exposure per mount and variant under StrictMode (LaunchDarkly event and channel)', async () => {
    const exposures = recordChannel();
    const ui = (
      <App>
        <FlagsProvider config={config({ streaming: false })}>
          <Experiment />
        </FlagsProvider>
      </App>
    );
    const first = render(ui);
    await waitFor(() => expect(text('variant')).toBe('a'));
    // Events flush every 2 s: wait for the summary (the sentinel), then count.
    const summaries = async () => (await received(env, 'events')).filter((e) => e.body?.kind === 'summary');
    await waitFor(async () => expect(await summaries()).toHaveLength(1), { timeout: 5000 });
    const features = async () =>
      (await received(env, 'events')).filter((e) => e.body?.kind === 'feature' && e.body.key === 'price-test');
    expect(await features()).toHaveLength(1);
    expect((await features())[0]!.body).toMatchObject({ value: 'a' });
    const counters = (await summaries())[0]!.body!.features as Record<
      string,
      { counters: { value: unknown; count: number }[] }
    >;
    expect(counters['price-test']!.counters).toEqual([expect.objectContaining({ value: 'a', count: 1 })]);
    expect(exposures.of('exposure')).toEqual([
      { type: 'exposure', flag: 'price-test', variant: 'a', context: { source: 'live' } },
    ]);
    first.unmount();
    render(ui);
    await waitFor(() => expect(text('variant')).toBe('a'));
    await waitFor(async () => expect(await summaries()).toHaveLength(2), { timeout: 5000 });
    expect(await features()).toHaveLength(2);
    expect(exposures.of('exposure')).toHaveLength(2);
  });

  it('identifies on sign-in with the stable id only by default: no email leaves the page', async () => {
    render(
      <App>
        <FlagsProvider config={config()}>
          <Probe seen={[]} />
        </FlagsProvider>
      </App>,
    );
    await waitFor(() => expect(text('price')).toBe('a'));
    channel.signedIn({ id: 'user-b', email: 'bea@example.com', name: 'Bea' });
    await waitFor(() => expect(text('price')).toBe('b')); // the positive sentinel: the new context was evaluated
    const evalx = await received(env, 'evalx');
    expect(evalx.at(-1)!.body!.context).toEqual({ kind: 'user', key: 'user-b' });
    expect(JSON.stringify(await received(env))).not.toContain('bea@example.com');
  });

  it('with contextAttributes, identifies with email and name as private attributes, no flash, back on sign-out', async () => {
    const seen: string[] = [];
    render(
      <App>
        <FlagsProvider config={config({ contextAttributes: ['email', 'name'] })}>
          <Probe seen={seen} />
        </FlagsProvider>
      </App>,
    );
    await waitFor(() => expect(text('price')).toBe('a'));
    const mark = seen.length;
    channel.signedIn({ id: 'user-b', email: 'bea@example.com', name: 'Bea' });
    await waitFor(() => expect(text('price')).toBe('b'));
    // Old values stayed until the new ones arrived: never back to the default in between.
    expect(seen.slice(mark).filter((value) => value !== 'a' && value !== 'b')).toEqual([]);
    expect(seen.slice(mark)).toContain('b');
    const evalx = await received(env, 'evalx');
    expect(evalx.at(-1)!.body!.context).toMatchObject({ kind: 'user', key: 'user-b', email: 'bea@example.com' });
    // The identify event keeps email and name out of LaunchDarkly's event data.
    const identify = async () =>
      (await received(env, 'events')).filter(
        (e) => e.body?.kind === 'identify' && (e.body.context as { key?: string }).key === 'user-b',
      );
    await waitFor(async () => expect(await identify()).toHaveLength(1), { timeout: 5000 });
    const context = (await identify())[0]!.body!.context as Record<string, unknown>;
    expect(context.email).toBeUndefined();
    expect(context.name).toBeUndefined();
    expect(context._meta).toMatchObject({ redactedAttributes: expect.arrayContaining(['/email', '/name']) });
    channel.signedOut();
    await waitFor(() => expect(text('price')).toBe('a'));
    expect((await received(env, 'evalx')).at(-1)!.body!.context).toMatchObject({ anonymous: true });
  });

  it('makes no request at all while functional consent is denied', async () => {
    const denied = env;
    render(
      <App functional="denied">
        <FlagsProvider config={config()}>
          <Probe />
        </FlagsProvider>
      </App>,
    );
    // The sentinel: a granted provider mounted after it gets its answer.
    const granted = `${env}-granted`;
    render(
      <App>
        <FlagsProvider config={config({ clientSideId: granted })}>
          <Experiment />
        </FlagsProvider>
      </App>,
    );
    await waitFor(async () => expect(await received(granted, 'evalx')).toHaveLength(1));
    expect(await received(denied)).toEqual([]);
    expect(screen.getAllByTestId('status')[0]!.textContent).toBe('denied'); // a choice, not a failure
    expect(text('theme')).toBe('light');
  });

  it('revoking functional consent closes the stream; granting again starts a fresh client', async () => {
    const consent = createTestConsent({ functional: 'granted' });
    render(
      <TestConsentProvider store={consent}>
        <FlagsProvider config={config()}>
          <Probe />
        </FlagsProvider>
      </TestConsentProvider>,
    );
    await waitFor(() => expect(text('status')).toBe('ready'), { timeout: 3000 });
    const streams = async () =>
      ((await (await control('/streams', 'GET')).json()) as { env: string }[]).filter((s) => s.env === env);
    await waitFor(async () => expect(await streams()).toHaveLength(1), { timeout: 3000 });
    expect(document.cookie).toMatch(/plinth_flags_visitor=[\w-]{8,}/); // the visitor key, kept with consent …
    consent.deny('functional');
    await waitFor(async () => expect(await streams()).toHaveLength(0), { timeout: 3000 });
    expect(localStorage.getItem(`plinth.flags.${env}`)).toBeNull();
    expect(document.cookie).not.toContain('plinth_flags_visitor'); // … and forgotten with it
    await control('/flags/theme', 'PUT', { value: 'dark' });
    consent.grant('functional');
    await waitFor(() => expect(text('theme')).toBe('dark'), { timeout: 3000 });
    expect(await received(env, 'evalx')).toHaveLength(2);
    expect(pageErrors).toEqual([]);
  });

  it.each([
    ['stopped', async () => config({ baseUrl: deadUrl, streamUrl: deadUrl, eventsUrl: deadUrl })],
    [
      'answering 500',
      async () => {
        await control('/behaviour', 'PUT', { status: 500 });
        return config();
      },
    ],
  ])('flag service %s: defaults (bootstrap kept) within the timeout, no page error', async (_, setup) => {
    const started = performance.now();
    render(
      <App>
        <FlagsProvider config={{ ...(await setup()), bootstrap: { theme: 'dark' } }}>
          <Probe />
        </FlagsProvider>
      </App>,
    );
    await waitFor(() => expect(['failed', 'timeout']).toContain(text('status')), { timeout: 1500 });
    expect(performance.now() - started).toBeLessThan(1500 + 300);
    expect(text('failure')).toBe(text('status')); // why: the loader's error, code failed or timeout
    expect(text('theme')).toBe('dark');
    expect(text('price')).toBe('control');
    expect(pageErrors).toEqual([]);
  });

  it('flag service answering late: timeout at 1.5 s on defaults, then the late values, no page error', async () => {
    await control('/behaviour', 'PUT', { delayMs: 2500 });
    const started = performance.now();
    render(
      <App>
        <FlagsProvider config={config()}>
          <Probe />
        </FlagsProvider>
      </App>,
    );
    await waitFor(() => expect(text('status')).toBe('timeout'), { timeout: 2000 });
    const at = performance.now() - started;
    expect(at).toBeGreaterThanOrEqual(1400);
    expect(at).toBeLessThan(1900);
    expect(text('price')).toBe('control');
    // Why: the loader's timeout (its timer and the client's fire together: the hook hears the second too).
    await waitFor(() => expect(text('failure')).toBe('timeout'), { timeout: 1000 });
    await waitFor(() => expect(text('status')).toBe('ready'), { timeout: 3000 });
    expect(text('failure')).toBe('none');
    expect(text('price')).toBe('a');
    expect(pageErrors).toEqual([]);
  });
});

describe('what the real service does when a flag is misconfigured', () => {
  it('a flag not available to client-side SDKs is left out: its default, FLAG_NOT_FOUND, one development warning; a wrong type is TYPE_MISMATCH', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // In LaunchDarkly: "SDKs using Client-side ID" unticked for fpImprovedUI; theme served as a number.
    await control('/flags/fpImprovedUI', 'PUT', { value: true, clientSide: false });
    await control('/flags/theme', 'PUT', { value: 7 });
    const recording = recordChannel();
    render(
      <App>
        <FlagsProvider config={config()}>
          <Probe />
          <Experiment />
        </FlagsProvider>
      </App>,
    );
    await waitFor(() => expect(text('status')).toBe('ready'), { timeout: 5000 });
    expect(text('price')).toBe('a'); // the sentinel: the service's other values arrived
    const evaluation = (await received(env, 'evalx')).length;
    expect(evaluation).toBeGreaterThan(0);
    expect(text('improved')).toBe('false'); // the default, though the flag is on for everyone
    expect(text('theme')).toBe('light'); // the default: 7 is no theme
    const warnings = warn.mock.calls.map(([message]) => String(message));
    expect(warnings.filter((m) => m.includes('"fpImprovedUI"') && m.includes('FLAG_NOT_FOUND'))).toHaveLength(1);
    expect(warnings.filter((m) => m.includes('"theme"') && m.includes('TYPE_MISMATCH'))).toHaveLength(1);
    expect(
      recording
        .of('report')
        .map((r) => r.context.errorCode)
        .sort(),
    ).toEqual(['FLAG_NOT_FOUND', 'TYPE_MISMATCH']);
    // Made available: the stream brings it, and it is no longer an error.
    await control('/flags/fpImprovedUI', 'PUT', { value: true, clientSide: true });
    await waitFor(() => expect(text('improved')).toBe('true'), { timeout: 5000 });
    warn.mockRestore();
  });
});

describe('a client-side ID that names no environment', () => {
  it('LaunchDarkly answers 404: rejected, not failed, with a line saying what to check, and the SDK’s own words kept', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const recording = recordChannel();
    // What LaunchDarkly answers the SDK's first evaluation for an unknown client-side ID (js-sdk-common's Requestor
    // reads a 404 as "Environment not found").
    await control('/behaviour', 'PUT', { status: 404 });
    render(
      <App>
        <FlagsProvider config={config({ bootstrap: { theme: 'dark' } })}>
          <Probe />
        </FlagsProvider>
      </App>,
    );
    await waitFor(() => expect(text('status')).toBe('rejected'), { timeout: 5000 });
    expect(text('failure')).toBe('rejected');
    expect(text('theme')).toBe('dark'); // the bootstrap stays
    expect((await received(env, 'evalx')).length).toBeGreaterThan(0); // it did ask
    const warnings = warn.mock.calls.map((call) => call.map(String).join(' '));
    // Plinth's line: what happened and what to check, once.
    expect(
      warnings.filter((m) =>
        /^\[plinth\] launchdarkly: LaunchDarkly knows no environment with this client-side ID \(HTTP 404\): check `clientSideId`/.test(
          m,
        ),
      ),
    ).toHaveLength(1);
    // The SDK's own warning, not silenced.
    expect(warnings.some((m) => m.includes('Environment not found'))).toBe(true);
    expect(recording.of('report')).toContainEqual(
      expect.objectContaining({
        level: 'error',
        context: expect.objectContaining({ misconfiguration: 'launchdarkly:rejected', httpStatus: 404 }),
      }),
    );
    expect(pageErrors).toEqual([]);
    warn.mockRestore();
  });
});

describe('the server bootstrap and the browser bucket a visitor alike', () => {
  it('a 50 % rollout: for each visitor the browser SDK’s live value is the server bootstrap’s, with no flip', async () => {
    // LaunchDarkly buckets by the context key: the server must evaluate the key the browser will use.
    await control('/flags/price-test', 'PUT', { rollout: { variations: ['a', 'b'], weights: [50_000, 50_000] } });
    const served: string[] = [];
    for (let visitor = 1; visitor <= 16; visitor++) {
      localStorage.clear();
      resetChannel();
      // The server's first answer set the visitor cookie (functional consent granted) and bootstrapped with it.
      const key = `visitor-${String(visitor).padStart(8, '0')}`;
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari; the value is built by visitorKeyCookie
      document.cookie = visitorKeyCookie(key);
      const bootstrap = await createBootstrap(testFlags, {
        clientSideId: env,
        consent: 'granted',
        cookie: document.cookie,
        baseUrl: sandboxUrl,
      });
      expect(bootstrap['price-test']).toMatch(/^[ab]$/);
      const seen: string[] = [];
      const { unmount } = render(
        <App>
          <FlagsProvider config={config({ bootstrap, streaming: false })}>
            <Probe seen={seen} />
          </FlagsProvider>
        </App>,
      );
      await waitFor(() => expect(text('status')).toBe('ready'), { timeout: 5000 });
      const live = (await received(env, 'evalx')).at(-1)!.body!.context;
      expect(live).toEqual({ kind: 'user', key, anonymous: true }); // the SDK evaluated the same key
      expect(text('price')).toBe(bootstrap['price-test']);
      expect(new Set(seen)).toEqual(new Set([bootstrap['price-test']])); // never another value on screen
      served.push(bootstrap['price-test']!);
      unmount();
    }
    // The rollout really splits these visitors (else the comparison above proves nothing).
    expect(new Set(served)).toEqual(new Set(['a', 'b']));
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari; the value is built by visitorKeyCookie
    document.cookie = visitorKeyCookie('', { maxAge: 0 });
    expect(pageErrors).toEqual([]);
  });
});

describe('what the LaunchDarkly React SDK gives, through Plinth', () => {
  it('track: a conversion and a numeric metric reach LaunchDarkly as custom events, data scrubbed, only after functional consent', async () => {
    const consent = createTestConsent({ functional: 'pending' });
    let track: ReturnType<typeof useTrack> | undefined;
    function Checkout() {
      track = useTrack();
      return <Probe />;
    }
    render(
      <TestConsentProvider store={consent}>
        <FlagsProvider config={config()}>
          <Checkout />
        </FlagsProvider>
      </TestConsentProvider>,
    );
    track!('checkout-completed', { data: { email: 'bea@example.com', plan: 'pro' } });
    track!('revenue', { value: 42.5 });
    const grantedAt = Date.now();
    consent.grant('functional');
    await waitFor(() => expect(text('status')).toBe('ready'), { timeout: 5000 });
    await waitFor(
      async () => {
        const custom = (await received(env, 'events')).filter((e) => e.body?.kind === 'custom');
        expect(custom.map((e) => [e.body!.key, e.body!.metricValue, e.body!.data])).toEqual([
          ['checkout-completed', undefined, { email: REDACTED, plan: 'pro' }],
          ['revenue', 42.5, undefined],
        ]);
      },
      { timeout: 8000, interval: 200 },
    );
    // After that sentinel: nothing of this environment reached LaunchDarkly before the grant.
    expect((await received(env)).filter((e) => Date.parse(e.time) < grantedAt)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('multi-kind contexts: the organization is evaluated beside the user, changed and removed at run time', async () => {
    let context: ReturnType<typeof useFlagsContext> | undefined;
    let all: Record<string, unknown> | undefined;
    function Org() {
      context = useFlagsContext();
      all = useAllFlags();
      return <Probe />;
    }
    render(
      <App>
        <FlagsProvider config={config({ contexts: { organization: { key: 'acme', plan: 'pro' } } })}>
          <Org />
        </FlagsProvider>
      </App>,
    );
    await waitFor(() => expect(text('status')).toBe('ready'), { timeout: 5000 });
    expect(all).toEqual({ 'new-checkout': false, theme: 'light', 'price-test': 'a', fpImprovedUI: true });
    const contexts = async () => (await received(env, 'evalx')).map((e) => e.body!.context);
    expect((await contexts())[0]).toMatchObject({
      kind: 'multi',
      user: { anonymous: true },
      organization: { key: 'acme', plan: 'pro' },
    });
    context!.setContext('organization', { key: 'globex' });
    context!.setContext('device', { key: 'kiosk-7', os: 'linux' });
    await waitFor(async () =>
      expect((await contexts()).at(-1)).toMatchObject({
        kind: 'multi',
        organization: { key: 'globex' },
        device: { key: 'kiosk-7', os: 'linux' },
      }),
    );
    context!.setContext('organization', null);
    context!.setContext('device', null);
    await waitFor(async () => expect((await contexts()).at(-1)).toMatchObject({ kind: 'user', anonymous: true }), {
      timeout: 5000,
    });
    expect(() => context!.setContext('multi', { key: 'x' })).toThrow(expect.objectContaining({ code: 'context_kind' }));
    expect(pageErrors).toEqual([]);
  });

  it('user attributes: a targeting rule on the app’s own attribute; setUserAttributes resolves once the new value is served; gone at sign-out', async () => {
    await control('/flags/theme', 'PUT', {
      value: 'light',
      rules: [{ attribute: 'plan', values: ['pro'], value: 'dark' }],
    });
    let context: ReturnType<typeof useFlagsContext> | undefined;
    function Attributes() {
      context = useFlagsContext();
      return <Probe />;
    }
    render(
      <App>
        <FlagsProvider config={config({ userAttributes: { plan: 'pro', beta: true, contact: 'ada@example.com' } })}>
          <Attributes />
        </FlagsProvider>
      </App>,
    );
    await waitFor(() => expect(text('theme')).toBe('dark'), { timeout: 5000 });
    const contexts = async () => (await received(env, 'evalx')).map((e) => e.body!.context);
    // Scrubbed before it leaves the page: the email in an attribute's value is redacted.
    expect((await contexts())[0]).toMatchObject({
      kind: 'user',
      anonymous: true,
      plan: 'pro',
      beta: true,
      contact: REDACTED,
    });
    expect(JSON.stringify(await received(env))).not.toContain('ada@example.com');
    // Resolved only when LaunchDarkly has evaluated the new context: the value is there on the next line.
    await act(() => context!.setUserAttributes({ plan: 'free' }));
    expect(text('theme')).toBe('light');
    expect((await contexts()).at(-1)).toMatchObject({ plan: 'free' });
    await act(() => context!.setUserAttributes({ plan: 'pro' }));
    expect(text('theme')).toBe('dark');
    // Signed in: the user's key with the attributes; signed out: the next visitor starts without them.
    channel.signedIn({ id: 'user-b' });
    await waitFor(async () => expect((await contexts()).at(-1)).toMatchObject({ key: 'user-b', plan: 'pro' }));
    channel.signedOut();
    await waitFor(() => expect(text('theme')).toBe('light'), { timeout: 5000 });
    expect((await contexts()).at(-1)).toEqual(expect.objectContaining({ anonymous: true }));
    expect((await contexts()).at(-1)).not.toHaveProperty('plan');
    expect(() => context!.setUserAttributes({ key: 'forged' })).toThrow(
      expect.objectContaining({ code: 'user_attributes' }),
    );
    expect(pageErrors).toEqual([]);
  });

  it('suspend: the first render waits for the flag service and shows the live variant, never the default; <Feature> counts what it showed', async () => {
    await control('/behaviour', 'PUT', { delayMs: 600 });
    const errors = vi.spyOn(console, 'error');
    onTestFinished(() => errors.mockRestore());
    const seen: string[] = [];
    function Suspended() {
      const price = useVariant('price-test', { suspend: true });
      seen.push(price);
      return <output data-testid="suspended">{price}</output>;
    }
    mountAsApp(
      <App>
        <FlagsProvider config={config()}>
          <Suspense fallback={<output data-testid="waiting">waiting</output>}>
            <Suspended />
            <Feature flag="fpImprovedUI" suspend fallback={<output data-testid="feature">old</output>}>
              <output data-testid="feature">improved</output>
            </Feature>
          </Suspense>
        </FlagsProvider>
      </App>,
    );
    await waitFor(() => expect(text('waiting')).toBe('waiting'));
    await waitFor(() => expect(text('suspended')).toBe('a'), { timeout: 5000 });
    expect(text('feature')).toBe('improved');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((value) => value !== 'a')).toEqual([]); // never the catalogue default
    // React's complaint when a component that suspended with use() does not call it again on the retry.
    expect(
      errors.mock.calls.map((call) => call.map(String).join(' ')).filter((text) => text.includes('use()')),
    ).toEqual([]);
    // <Feature> counts what it showed, as useVariant does: both exposures reach LaunchDarkly.
    await waitFor(
      async () => {
        const features = (await received(env, 'events')).filter(
          (e) => e.body?.kind === 'feature' || e.body?.kind === 'summary',
        );
        const keys = JSON.stringify(features.map((e) => e.body));
        expect(keys).toContain('price-test');
        expect(keys).toContain('fpImprovedUI');
      },
      { timeout: 8000, interval: 200 },
    );
    expect(pageErrors).toEqual([]);
  });

  it('suspend against a flag service that never answers in time: the default after timeoutMs, no page error', async () => {
    await control('/behaviour', 'PUT', { delayMs: 10_000 });
    function Suspended() {
      return <output data-testid="suspended">{useFlag('price-test', { suspend: true })}</output>;
    }
    mountAsApp(
      <App>
        <FlagsProvider config={config({ timeoutMs: 500 })}>
          <Suspense fallback={<output data-testid="waiting">waiting</output>}>
            <Suspended />
          </Suspense>
        </FlagsProvider>
      </App>,
    );
    await waitFor(() => expect(text('waiting')).toBe('waiting'));
    await waitFor(() => expect(text('suspended')).toBe('control'), { timeout: 3000 });
    expect(pageErrors).toEqual([]);
  });
});
