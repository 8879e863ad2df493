import { channel, ErrorBoundary } from '@plinth/core';
import { useState } from 'react';
import { act, waitFor } from '../../../tooling/render';
import {
  mountAnalytics,
  newToken,
  recordings,
  resetPage,
  sandboxUrl,
  titled,
  waitForEvents,
} from '../test/browser-helpers';

beforeEach(() => resetPage());
afterEach(() => resetPage());

const views = (events: { event: string; properties: Record<string, unknown> }[]) =>
  events.filter((e) => e.event === '$pageview').map((e) => e.properties.$pathname);

describe('page views, scrubbing, identity (real posthog-js against the sandbox)', () => {
  it('captures exactly one page view per navigation: push, replace and Back', async () => {
    const token = newToken('pageviews');
    const start = location.pathname;
    const { analytics } = mountAnalytics(token);
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    history.pushState(null, '', '/pv/one');
    history.replaceState({ restored: true }, '', '/pv/one'); // state only: not a navigation
    history.replaceState(null, '', '/pv/two');
    history.pushState(null, '', '/pv/three');
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    history.back();
    await popped;
    await titled('Two');
    analytics.capture('sentinel');
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === 'sentinel'));
    expect(views(received)).toEqual([start, '/pv/one', '/pv/two', '/pv/three', '/pv/two']);
  });

  it('never sends ?code=, &state= or an email from the URL, plain or percent-encoded, in any payload', async () => {
    const token = newToken('scrub');
    history.replaceState(
      null,
      '',
      '/callback?code=SECRETCODE1&state=SECRETSTATE1&email=ann%40example.com&utm_source=news',
    );
    const { analytics } = mountAnalytics(token);
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    history.pushState(
      null,
      '',
      '/next?return=%2Fcallback%3Fcode%3DSECRETCODE2%26state%3DSECRETSTATE2&email=bob@example.com',
    );
    analytics.capture('clicked', { href: 'https://app.example/cb?code=SECRETCODE3', note: 'mail carol@example.com' });
    analytics.captureException(new Error('failed for dave@example.com at /cb?code=SECRETCODE4'));
    analytics.capture('sentinel');
    // $exception travels in its own batch: wait for both.
    const received = await waitForEvents(token, (e) =>
      ['sentinel', '$exception'].every((n) => e.some((x) => x.event === n)),
    );
    expect(received.map((e) => e.event)).toEqual(expect.arrayContaining(['$pageview', 'clicked', '$exception']));
    const wire = JSON.stringify(await recordings());
    for (const secret of [
      'SECRETCODE',
      'SECRETSTATE',
      'example.com%40',
      'ann%40example',
      'ann@example',
      'bob@example',
      'carol@example',
      'dave@example',
    ]) {
      expect(wire, secret).not.toContain(secret);
    }
    // The positive control: the scrubbed pages and the campaign parameter did arrive.
    expect(wire).toContain('/callback');
    expect(wire).toContain('utm_source');
  });

  it('identifies on sign-in from the channel (also before mount) and resets on sign-out', async () => {
    const token = newToken('identity');
    channel.signedIn({ id: 'user-42', email: 'erin@example.com' });
    const { analytics } = mountAnalytics(token);
    await waitForEvents(token, (e) => e.some((x) => x.event === '$identify'));
    analytics.capture('as_user');
    act(() => channel.signedOut());
    analytics.capture('after_sign_out');
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === 'after_sign_out'));
    const identify = received.find((e) => e.event === '$identify')!;
    expect(identify.properties.distinct_id).toBe('user-42');
    expect(identify.properties.$anon_distinct_id).toEqual(expect.any(String));
    expect(received.find((e) => e.event === 'as_user')?.properties.distinct_id).toBe('user-42');
    const after = received.find((e) => e.event === 'after_sign_out')!;
    expect(after.properties.distinct_id).not.toBe('user-42');
    expect(after.properties.distinct_id).not.toBe(identify.properties.$anon_distinct_id);
    expect(JSON.stringify(received)).not.toContain('erin@example.com');
  });

  it("core's ErrorBoundary: $exception carries React's component stack and the boundary's context, scrubbed", async () => {
    const token = newToken('boundary');
    let explode = () => {};
    function Checkout() {
      const [failed, setFailed] = useState(false);
      explode = () => setFailed(true);
      if (failed) throw new Error('checkout failed for gina@example.com');
      return <p>fine</p>;
    }
    const { analytics } = mountAnalytics(token, {
      children: (
        <ErrorBoundary fallback={<p>fallback</p>} context={{ area: 'checkout' }}>
          <Checkout />
        </ErrorBoundary>
      ),
    });
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      act(() => explode());
    } finally {
      quiet.mockRestore();
    }
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === '$exception'));
    const exception = received.find((e) => e.event === '$exception')!;
    expect(exception.properties).toMatchObject({
      area: 'checkout',
      componentStack: expect.stringMatching(/\bCheckout\b[\s\S]*\bErrorBoundary\b/),
    });
    expect(JSON.stringify(exception)).toContain('checkout failed for');
    expect(JSON.stringify(exception)).not.toContain('gina@example.com');
  });

  it('refuses an email-shaped id', async () => {
    const token = newToken('email-id');
    const { analytics } = mountAnalytics(token);
    act(() => channel.signedIn({ id: 'frank@example.com' }));
    analytics.capture('sentinel');
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === 'sentinel'));
    expect(received.map((e) => e.event)).not.toContain('$identify');
    expect(JSON.stringify(received)).not.toContain('frank@');
  });

  it('keeps campaign attribution: first touch on the person, last touch on events', async () => {
    const token = newToken('utm');
    history.replaceState(null, '', '/landing?utm_source=newsletter&utm_campaign=spring&gclid=abc');
    const { analytics } = mountAnalytics(token);
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    history.pushState(null, '', '/pricing?utm_source=ads&utm_medium=cpc');
    await titled('Pricing');
    analytics.capture('sentinel');
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === 'sentinel'));
    const [landing, pricing] = received.filter((e) => e.event === '$pageview');
    expect(landing?.properties).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'spring', gclid: 'abc' });
    expect(landing?.$set_once).toMatchObject({ $initial_utm_source: 'newsletter', $initial_gclid: 'abc' });
    expect(pricing?.properties).toMatchObject({ utm_source: 'ads', utm_medium: 'cpc' });
    expect(pricing?.$set).toMatchObject({ utm_source: 'ads', utm_medium: 'cpc' });
  });

  it('a failing endpoint leaves the app working (status ready, no unhandled rejection)', async () => {
    const token = newToken('failing');
    const setStatus = (status: number) =>
      fetch(`${sandboxUrl()}/_sandbox/posthog/status`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    await setStatus(503);
    try {
      const { analytics } = mountAnalytics(token);
      analytics.capture('while_failing');
      // The sandbox records the batch it answered 503 to.
      await waitForEvents(token, (e) => e.some((x) => x.event === 'while_failing'));
      expect(analytics.status()).toBe('ready');
    } finally {
      await setStatus(200);
    }
  });

  it('batches a burst: 1,000 events in a few requests, each once, none dropped by the client rate limit', async () => {
    const token = newToken('burst');
    const { analytics } = mountAnalytics(token);
    await waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });
    const requests: string[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name.startsWith(`${sandboxUrl()}/e/`)) requests.push(entry.name);
    });
    observer.observe({ type: 'resource' });
    for (let seq = 0; seq < 1000; seq++) analytics.capture('burst', { seq });
    const received = await waitForEvents(token, (e) => e.filter((x) => x.event === 'burst').length >= 1000, 15_000);
    observer.disconnect();
    const seqs = received.filter((e) => e.event === 'burst').map((e) => e.properties.seq);
    expect(new Set(seqs).size).toBe(1000);
    expect(seqs).toHaveLength(1000);
    expect(received.some((e) => e.event === '$$client_ingestion_warning')).toBe(false);
    // posthog-js's batch queue, not one request per event.
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.length).toBeLessThan(10);
  });

  it('passes rateLimit to posthog-js: past the burst, events are dropped with one warning', async () => {
    const token = newToken('limited');
    const { analytics } = mountAnalytics(token, { config: { rateLimit: { eventsPerSecond: 1, burst: 20 } } });
    for (let seq = 0; seq < 100; seq++) analytics.capture('limited', { seq });
    // The warning and the kept events may travel in different batches: wait for both.
    const limited = (e: { event?: string }[]) => e.filter((x) => x.event === 'limited').length;
    const received = await waitForEvents(
      token,
      (e) => e.some((x) => x.event === '$$client_ingestion_warning') && limited(e) >= 15,
    );
    const kept = limited(received);
    // The burst (the page view took one token, the clock refills a few meanwhile), not the 100.
    expect(kept).toBeGreaterThanOrEqual(15);
    expect(kept).toBeLessThan(30);
  });

  it('turns a channel exposure into $feature_flag_called', async () => {
    const token = newToken('exposure');
    mountAnalytics(token);
    channel.exposure('new-checkout', 'test');
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === '$feature_flag_called'));
    expect(received.find((e) => e.event === '$feature_flag_called')?.properties).toMatchObject({
      $feature_flag: 'new-checkout',
      $feature_flag_response: 'test',
    });
  });
});
