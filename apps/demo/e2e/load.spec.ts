import { gunzipSync } from 'node:zlib';
import type { Request } from '@playwright/test';
import type { ReceivedRequest } from '@plinth/sandbox';
import { SANDBOX_URL } from '../playwright.config';
import { expect, test } from './fixtures';

/**
 * Follows the sandbox's event stream from now on: every recorded entry, however many, as it arrives
 * (the recording itself keeps the last 20,000 of each vendor).
 */
async function follow(query: string) {
  const entries: ReceivedRequest[] = [];
  const response = await fetch(`${SANDBOX_URL}/_sandbox/stream?${query}`);
  expect(response.ok).toBe(true);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let closed = false;
  const reading = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch((error) => {
        if (closed) return { value: undefined, done: true };
        throw error;
      });
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        buffer = buffer.slice(end + 2);
        if (data) entries.push(JSON.parse(data));
      }
    }
  })();
  return {
    entries,
    async close() {
      closed = true;
      await reader.cancel();
      await reading;
    },
  };
}

/**
 * The burst's size in these journeys (`?burst=`, src/pages/Interactions.tsx): the same claims as at 10,000 (each event
 * exactly once across offline and online, batched, the page responsive while it runs, progress kept after leaving,
 * no second burst), for a tenth of posthog-js's main thread: a few captures fit an 8 ms slice here, so 1,000 take
 * hundreds of slices. The 10,000 themselves, the JS heap after them and the frames while they are captured are
 * `pnpm bench`'s (scripts/bench.mjs).
 */
const BURST = 1_000;
const BURST_TEXT = BURST.toLocaleString('en');
const LIKES = 3;

/** Where the page notes how many captures of the burst were done when the first frame after the click ran. */
type FirstFrame = Window & { burstAtFirstFrame?: number };

/** A PostHog event as recorded: its name (`route`), id and properties. */
type Event = { event?: string; uuid?: string; properties?: { seq?: number; burst?: number } };

/** The events in a capture request's body (posthog-js gzips it, sent as text/plain). */
function eventsIn(request: Request): Event[] {
  const body = request.postDataBuffer();
  if (!body) return [];
  const json = JSON.parse((body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body).toString('utf8'));
  return Array.isArray(json) ? json : (json.batch ?? [json]);
}

test('load: a burst of 1,000 events, then offline and online again: each arrives exactly once, batched', async ({
  page,
  context,
}) => {
  const stream = await follow('vendor=posthog');
  // posthog-js's capture requests: sent, finished, failed (offline), and retries (`retry_count=`).
  const isCapture = (request: Request) => request.url().startsWith(`${SANDBOX_URL}/e/`);
  const net = { sent: 0, finished: 0, failed: 0, retries: 0 };
  /** Events, by name, in the capture requests that failed (offline). */
  const failedEvents = new Map<string, number>();
  page.on('request', (r) => {
    if (!isCapture(r)) return;
    net.sent++;
    if (/[?&]retry_count=/.test(r.url())) net.retries++;
  });
  page.on('requestfinished', (r) => {
    if (isCapture(r)) net.finished++;
  });
  page.on('requestfailed', (r) => {
    if (!isCapture(r)) return;
    net.failed++;
    for (const { event = '?' } of eventsIn(r)) failedEvents.set(event, (failedEvents.get(event) ?? 0) + 1);
  });

  await page.goto(`/interactions?burst=${BURST}`);
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tracked interactions');
  // The SDK is loaded and delivering: the page view arrived.
  await expect.poll(() => stream.entries.some((e) => e.route === '$pageview')).toBe(true);

  const started = Date.now();
  // The burst starts without the test waiting for it (its captures take about a second of main thread) and the
  // connection drops while it runs: its batch is certainly sent offline. The first animation frame after
  // the click reads how many captures were done by then (the button's progress, updated after each slice)
  // and clicks again: a burst that yields lets the frame run before its last capture, and a second click
  // meanwhile starts no second burst (exactly BURST arrive, below).
  await page.getByRole('button', { name: `Send ${BURST_TEXT} events` }).evaluate((button: HTMLElement) => {
    setTimeout(() => {
      button.click();
      requestAnimationFrame(() => {
        const number = (match: RegExpExecArray | null) => (match ? Number(match[1]!.replaceAll(',', '')) : undefined);
        (window as FirstFrame).burstAtFirstFrame =
          number(/Sending… ([\d,]+) \//.exec(button.textContent ?? '')) ??
          number(/([\d,]+) events tracked/.exec(button.closest('section')?.textContent ?? '')) ??
          0;
        button.click();
      });
    });
  });
  await context.setOffline(true);
  await page.waitForFunction(() => (window as FirstFrame).burstAtFirstFrame !== undefined, null, { timeout: 60_000 });
  const atFirstFrame = await page.evaluate(() => (window as FirstFrame).burstAtFirstFrame);
  // Yielded: the frame ran after some captures and before the last one.
  expect(atFirstFrame, 'captures done when the first frame after the click ran').toBeGreaterThan(0);
  expect(atFirstFrame, 'captures done when the first frame after the click ran').toBeLessThan(BURST);
  await expect(page.getByText(`${BURST_TEXT} events tracked`)).toBeVisible({ timeout: 60_000 });
  const tracked = Date.now();
  // Events keep being tracked offline.
  const like = page.getByRole('button', { name: /^Like this demo/ });
  for (let i = 0; i < LIKES; i++) await like.click();
  await expect(like).toHaveText(`Like this demo (${LIKES})`);
  // posthog-js tried to send all of them, offline, and failed: they wait in its retry queue.
  await expect.poll(() => failedEvents.get('demo_burst')).toBe(BURST);
  await expect.poll(() => failedEvents.get('demo_liked')).toBe(LIKES);
  await context.setOffline(false);

  const burst = () => stream.entries.filter((e) => e.route === 'demo_burst');
  const likes = () => stream.entries.filter((e) => e.route === 'demo_liked');
  await expect
    .poll(() => new Set(burst().map((e) => (e.body as Event).properties?.seq)).size, { timeout: 30_000 })
    .toBe(BURST);
  await expect.poll(() => likes().length).toBeGreaterThanOrEqual(LIKES);
  // Settled: no capture request in flight, and every failed one was retried (a retry carries
  // `retry_count`); only then can a duplicate no longer be on its way.
  await expect.poll(() => net.sent === net.finished + net.failed && net.retries >= net.failed).toBe(true);
  const delivered = Date.now();

  const events = [...burst(), ...likes()].map((e) => e.body as Event);
  const uuids = new Set(events.map((e) => e.uuid));
  const seqs = burst().map((e) => (e.body as Event).properties?.seq);
  console.log(
    `load: ${BURST_TEXT} tracked in ${tracked - started} ms (${atFirstFrame} captured at the first frame), delivered ${delivered - started} ms after the click; ` +
      `capture requests ${net.sent} (${net.failed} failed offline, carrying ${JSON.stringify(Object.fromEntries(failedEvents))}; ${net.retries} retries)`,
  );
  // Exactly once: every sequence number, each once; every event id once; the likes made offline, once each.
  expect(seqs.length).toBe(BURST);
  expect(new Set(seqs).size).toBe(BURST);
  expect(Math.min(...(seqs as number[]))).toBe(0);
  expect(Math.max(...(seqs as number[]))).toBe(BURST - 1);
  expect(likes()).toHaveLength(LIKES);
  expect(uuids.size).toBe(events.length);
  // Batched: a handful of requests, not one per event.
  expect(net.sent).toBeLessThan(50);
  // Kept afterwards too: the sandbox's recording holds the whole burst (it keeps 20,000 entries of each vendor).
  const recorded = await page.request.get(`${SANDBOX_URL}/_sandbox/received?vendor=posthog&route=demo_burst`);
  const recordedSeqs = ((await recorded.json()) as ReceivedRequest[]).map((e) => (e.body as Event).properties?.seq);
  expect(new Set(recordedSeqs).size).toBe(BURST);
  await stream.close();
});

/** Holds the page's `scheduler.yield()` until the test opens the gate: a burst waits between two slices. */
type Gate = Window & { burstGate?: { open(): void } };

test('a burst goes on when the visitor leaves the page: back on it, its progress shows, a click starts no second one', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    const original = scheduler?.yield?.bind(scheduler);
    if (!scheduler || !original) return;
    let open = false;
    const waiting: (() => void)[] = [];
    scheduler.yield = () => (open ? original() : new Promise<void>((resolve) => waiting.push(resolve)));
    (window as Gate).burstGate = {
      open() {
        open = true;
        for (const resolve of waiting.splice(0)) resolve();
      },
    };
  });
  const stream = await follow('vendor=posthog');
  await page.goto(`/interactions?burst=${BURST}`);
  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => stream.entries.some((e) => e.route === '$pageview')).toBe(true);
  const button = page.getByRole('button', { name: new RegExp(`^(Send ${BURST_TEXT} events|Sending…)`) });
  await button.click();
  // The first slice ran, and the burst waits at its first yield (the gate).
  await expect(button).toHaveText(new RegExp(`^Sending… [\\d,]+ / ${BURST_TEXT}$`));
  const before = await button.textContent();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Tracked interactions');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tracked interactions');
  // The page shows the burst started before leaving (a page that forgot it would offer "Send 1,000 events"),
  // and a click on it starts none.
  await expect(button).toHaveText(before!);
  await button.click({ force: true }); // aria-disabled: Playwright would wait for it to be enabled
  await page.evaluate(() => (window as Gate).burstGate!.open());
  await expect(page.getByText(`${BURST_TEXT} events tracked`)).toBeVisible({ timeout: 60_000 });
  await expect(button).toHaveText(`Send ${BURST_TEXT} events`);
  const burst = () => stream.entries.filter((e) => e.route === 'demo_burst').map((e) => (e.body as Event).properties);
  await expect.poll(() => burst().length, { timeout: 30_000 }).toBe(BURST);
  // A sentinel captured after everything the clicks could have started: posthog-js sends its queue in order, so
  // once the like has arrived, a second burst's events (captured before it) would have too.
  await page.getByRole('button', { name: /^Like this demo/ }).click();
  await expect.poll(() => stream.entries.some((e) => e.route === 'demo_liked'), { timeout: 30_000 }).toBe(true);
  expect(burst()).toHaveLength(BURST);
  expect(new Set(burst().map((p) => p?.burst))).toEqual(new Set([1]));
  expect(new Set(burst().map((p) => p?.seq)).size).toBe(BURST);
  await stream.close();
});
