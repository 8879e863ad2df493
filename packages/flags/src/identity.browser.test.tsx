import { channel } from '@plinth/core';
import { createTestConsent, resetChannel, TestConsentProvider } from '@plinth/core/testing';
import { act, render, screen, waitFor } from '../../../tooling/render';
import { FlagsProvider } from './FlagsProvider';
import { control, sandboxConfig, sandboxUrl } from './test-sandbox';
import { useFlagsStatus } from './useFlagsStatus';
import { useTrack } from './useTrack';

// The identity matrix with the real launchdarkly-js-client-sdk against @plinth/sandbox: after any sequence of
// sign-in, sign-out (this tab or another) and consent pending / denied / granted / revoked / granted again, no
// request carries a subject that is not the current one, and the current one is carried wherever it was before.

interface Received {
  time: string;
  route?: string;
  body?: { context?: Record<string, unknown>; kind?: string; [k: string]: unknown };
}

const CAROL = 'carol-7f3a';
let env: string;
let count = 0;

const received = async (since = 0): Promise<Received[]> => {
  const all: (Received & { path: string })[] = await (
    await fetch(`${sandboxUrl}/_sandbox/received?vendor=launchdarkly`)
  ).json();
  return all.filter((e) => e.path.split('/').includes(env) && Date.parse(e.time) >= since);
};
const contexts = async (route: 'evalx' | 'stream', since = 0) =>
  (await received(since)).filter((e) => e.route === route).map((e) => e.body?.context);
const streams = async () =>
  ((await (await control('/streams', 'GET')).json()) as { env: string }[]).filter((s) => s.env === env);
/** Requests whose decoded content (context, event) names Carol. */
const carrying = (entries: Received[], key: string) => entries.filter((e) => JSON.stringify(e.body).includes(key));

beforeEach(async () => {
  count += 1;
  env = `identity-${count}-${Date.now()}`;
  localStorage.clear();
  await control('/reset', 'POST');
});
afterEach(() => resetChannel());

let track: ReturnType<typeof useTrack> | undefined;
function Probe() {
  track = useTrack();
  return <output data-testid="status">{useFlagsStatus()}</output>;
}

it('sign-in, sign-out, consent pending / granted / revoked / granted again, and a sign-out heard in another tab while denied: only the current subject is ever sent', async () => {
  const consent = createTestConsent({ functional: 'pending' });
  const startedAt = Date.now();
  render(
    <TestConsentProvider store={consent}>
      <FlagsProvider config={sandboxConfig(env, { streaming: true })}>
        <Probe />
      </FlagsProvider>
    </TestConsentProvider>,
  );

  // Pending: signing in sends nothing.
  act(() => channel.signedIn({ id: CAROL, email: 'carol@example.com' }));
  // Granted: the SDK starts with the signed-in subject (evaluation and stream).
  const grantedAt = Date.now();
  act(() => consent.grant('functional'));
  await waitFor(async () => expect(await contexts('evalx')).toEqual([{ kind: 'user', key: CAROL }]), { timeout: 5000 });
  await waitFor(async () => expect(await contexts('stream')).toContainEqual({ kind: 'user', key: CAROL }));
  expect((await received(startedAt)).filter((e) => Date.parse(e.time) < grantedAt)).toEqual([]);

  // Signed out in this tab: anonymous; signed in again: Carol.
  act(() => channel.signedOut());
  await waitFor(async () => expect((await contexts('evalx')).at(-1)).toMatchObject({ anonymous: true }));
  act(() => channel.signedIn({ id: CAROL }));
  await waitFor(async () => expect((await contexts('evalx')).at(-1)).toEqual({ kind: 'user', key: CAROL }));

  // Revoked, then granted again while still signed in: Carol is carried again, as before.
  act(() => consent.deny('functional'));
  await waitFor(async () => expect(await streams()).toHaveLength(0));
  const regrantedAt = Date.now();
  act(() => consent.grant('functional'));
  await waitFor(async () => expect(await contexts('evalx', regrantedAt)).toContainEqual({ kind: 'user', key: CAROL }));

  // Two tabs: this one denies; the other signs out (heard here on the channel); this one grants again.
  await waitFor(async () => expect(screen.getByTestId('status').textContent).toBe('ready'));
  act(() => consent.deny('functional'));
  await waitFor(async () => expect(await streams()).toHaveLength(0));
  // The events the SDK flushed when it closed (Carol's identify, while she was signed in) have arrived.
  await waitFor(
    async () =>
      expect(
        carrying(
          (await received()).filter((e) => e.route === 'events'),
          CAROL,
        ).length,
      ).toBeGreaterThan(0),
    { timeout: 5000 },
  );
  const signedOutAt = Date.now();
  act(() => channel.signedOut());
  act(() => consent.grant('functional'));

  // The positive sentinel first: after the grant the SDK evaluated, streamed and sent events, anonymously.
  const anonymousContext = { kind: 'user', anonymous: true, key: expect.any(String) };
  await waitFor(
    async () => expect(await contexts('evalx', signedOutAt)).toContainEqual(expect.objectContaining(anonymousContext)),
    { timeout: 5000 },
  );
  const anonymous = (await contexts('evalx', signedOutAt)).find((context) => context?.anonymous === true)!;
  await waitFor(async () => expect(await contexts('stream', signedOutAt)).toContainEqual(anonymous));
  act(() => track!('checkout-completed'));
  await waitFor(
    async () => {
      const custom = (await received(signedOutAt)).filter((e) => e.route === 'events' && e.body?.kind === 'custom');
      expect(custom).toHaveLength(1);
      expect(JSON.stringify(custom[0]!.body)).toContain(anonymous.key as string);
    },
    { timeout: 8000, interval: 200 },
  );
  const after = await received(signedOutAt);
  expect(after.map((e) => e.route)).toEqual(expect.arrayContaining(['evalx', 'stream', 'events']));
  // Nothing sent since the sign-out names Carol: no evaluation, no stream, no event.
  expect(carrying(after, CAROL)).toEqual([]);
});

describe('core’s visitor, with the real SDK (issue 34)', () => {
  const anonymousContext = { kind: 'user', anonymous: true, key: expect.any(String) };

  it('a restore that fails at start-up after an identified session: her cached values go, and no request carries her', async () => {
    // An earlier visit: Carol's values, kept under her subject.
    localStorage.setItem(`plinth.flags.${env}.user:${CAROL}`, JSON.stringify({ theme: 'dark' }));
    const startedAt = Date.now();
    render(
      <TestConsentProvider decisions={{ functional: 'granted' }}>
        <FlagsProvider config={sandboxConfig(env)}>
          <Probe />
        </FlagsProvider>
      </TestConsentProvider>,
    );
    // The page starts before auth settles: the SDK evaluates an anonymous visitor (the positive sentinel)…
    await waitFor(async () => expect(await contexts('evalx')).toContainEqual(anonymousContext), { timeout: 5000 });
    act(() => channel.signedOut()); // …and the silent restore fails: nobody is signed in.
    await waitFor(() => expect(localStorage.getItem(`plinth.flags.${env}.user:${CAROL}`)).toBeNull());
    expect(carrying(await received(startedAt), CAROL)).toEqual([]);
  });

  it('a sign-out while the instance is stopped reaches its SDK (the loader follows core’s visitor for its life): it evaluates the anonymous context', async () => {
    act(() => channel.signedIn({ id: CAROL }));
    const consent = createTestConsent({ functional: 'granted' });
    const { createFlags } = await import('./createFlags');
    const flags = createFlags(sandboxConfig(env, { consent }));
    const tree = () => (
      <FlagsProvider instance={flags}>
        <Probe />
      </FlagsProvider>
    );
    const first = render(tree());
    await waitFor(async () => expect(await contexts('evalx')).toEqual([{ kind: 'user', key: CAROL }]), {
      timeout: 5000,
    });
    first.unmount(); // the instance stops (its SDK stays)
    const signedOutAt = Date.now();
    act(() => channel.signedOut()); // another tab, or an expiry, while nobody here listens
    render(tree());
    await waitFor(async () => expect(await contexts('evalx', signedOutAt)).toContainEqual(anonymousContext), {
      timeout: 5000,
    });
    expect(carrying(await received(signedOutAt), CAROL)).toEqual([]);
    expect(localStorage.getItem(`plinth.flags.${env}.user:${CAROL}`)).toBeNull();
  });

  it('events queued across a sign-out follow core’s rule: hers are dropped and counted (visitor), never sent under the next visitor’s context', async () => {
    const consent = createTestConsent({ functional: 'pending' });
    const { createFlags } = await import('./createFlags');
    const flags = createFlags(sandboxConfig(env, { consent }));
    render(
      <FlagsProvider instance={flags}>
        <Probe />
      </FlagsProvider>,
    );
    // Consent pending: whatever is made now waits in the loader's queue, with the person who made it.
    act(() => channel.signedIn({ id: CAROL }));
    act(() => track!('checkout-completed', { data: { by: 'carol' } }));
    act(() => flags.exposure('price-test', 'a'));
    act(() => channel.signedOut()); // she leaves (this tab, another tab, an expiry) before anything was sent
    act(() => track!('revenue', { value: 7 })); // the next visitor's own event: the positive sentinel
    const grantedAt = Date.now();
    act(() => consent.grant('functional'));

    // The sentinel: the SDK evaluated the anonymous visitor, and his event arrived under his context.
    await waitFor(async () => expect(await contexts('evalx', grantedAt)).toContainEqual(anonymousContext), {
      timeout: 5000,
    });
    const anonymous = (await contexts('evalx', grantedAt)).find((context) => context?.anonymous === true)!;
    // The SDK flushes its events every 2 s: hers would be in the same flush as his.
    await waitFor(
      async () => {
        const custom = (await received(grantedAt)).filter((e) => e.route === 'events' && e.body?.kind === 'custom');
        expect(custom.map((e) => e.body?.key)).toContain('revenue');
      },
      { timeout: 8000, interval: 200 },
    );
    const events = (await received(grantedAt)).filter((e) => e.route === 'events');
    const custom = events.filter((e) => e.body?.kind === 'custom');
    expect(custom.map((e) => e.body?.key)).toEqual(['revenue']);
    expect(JSON.stringify(custom[0]!.body)).toContain(anonymous.key as string);
    // Hers: neither her metric nor her exposure was sent, under her context or his.
    expect(events.filter((e) => e.body?.kind === 'feature')).toEqual([]);
    expect(carrying(await received(grantedAt), CAROL)).toEqual([]);
    expect(JSON.stringify(events)).not.toContain('"by":"carol"');
    expect(flags.dropped()).toMatchObject({ visitor: 2 });
  });
});
