import { channel } from '@plinth/core';
import { createTestConsent } from '@plinth/core/testing';
import { userEvent } from 'vitest/browser';
import { act, waitFor } from '../../../tooling/render';
import {
  mountAnalytics,
  newToken,
  type PosthogEvent,
  resetPage,
  setRemoteConfig,
  waitForEvents,
} from '../test/browser-helpers';

beforeEach(() => resetPage());
afterEach(async () => {
  await setRemoteConfig(null);
  resetPage();
});

/** The page's requests for posthog-js's recorder (rrweb), whatever the dev server names the module. */
const recorderCode = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => name.includes('lazy-recorder'));

interface RrwebEvent {
  type: number;
  timestamp: number;
  data: unknown;
}
const snapshots = (events: PosthogEvent[]) => events.filter((e) => e.event === '$snapshot');
const rrwebOf = (snapshot: PosthogEvent) => snapshot.properties.$snapshot_data as RrwebEvent[];
/** The snapshots (as the sandbox decoded them) that carry `text` anywhere. */
const carrying = (events: PosthogEvent[], text: string) =>
  snapshots(events).filter((s) => JSON.stringify(s.properties.$snapshot_data).includes(text));
const sessionsCarrying = (events: PosthogEvent[], text: string) =>
  new Set(carrying(events, text).map((s) => s.properties.$session_id));

/**
 * A line of text the app unmasked (`replay.unmask`), added to the page while it is recorded, and clicked: posthog-js
 * holds a recording's upload until the visitor interacts with the page.
 */
async function say(text: string) {
  const line = document.createElement('p');
  line.dataset.shown = '';
  line.textContent = text;
  document.body.append(line);
  await userEvent.click(line);
  return line;
}

// Its own file: the recorder chunk is a page-wide module, so nothing else in this page may have imported it.
describe('session replay (real posthog-js and its recorder against the sandbox)', () => {
  it('downloads the recorder only after consent and for a sampled session; the snapshots carry masked text', async () => {
    await setRemoteConfig({ sessionRecording: { endpoint: '/s/' } });
    const page = (
      <>
        <p>Secret words</p>
        <p data-shown>Shown words, mail jane@example.com</p>
        <input aria-label="Name" defaultValue="typed secret" />
        <img alt="Jane at the beach" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />
      </>
    );
    const replay = { unmask: '[data-shown]' };
    const waiting = createTestConsent({});
    const recorded = newToken('replay-recorded');
    const consented = mountAnalytics(recorded, {
      consent: waiting,
      config: { capabilities: { replay: true }, replay },
      children: page,
    });
    // A session PostHog's config records, not sampled by the app (rate 0): everything else runs.
    const unsampled = newToken('replay-unsampled');
    const other = mountAnalytics(unsampled, { config: { capabilities: { replay: true }, replay: { sampleRate: 0 } } });
    await waitFor(() => expect(other.analytics.status()).toBe('ready'), { timeout: 10_000 });
    other.analytics.capture('unsampled_sentinel');
    // The sentinel: the unsampled instance has its remote config (recording on) and sends; the other waits for consent.
    await waitForEvents(unsampled, (e) => e.some((x) => x.event === 'unsampled_sentinel'));
    expect(consented.analytics.status()).toBe('waiting-consent');
    expect(recorderCode()).toEqual([]);
    other.unmount();

    act(() => waiting.grant('analytics'));
    await waitFor(() => expect(recorderCode()).toHaveLength(1), { timeout: 10_000 });
    await userEvent.click(document.querySelector('[data-shown]')!);
    const received = await waitForEvents(recorded, (e) => carrying(e, 'Shown words').length > 0, 15_000);
    const recording = JSON.stringify(snapshots(received).map(rrwebOf));
    expect(recording).toContain('****** *****'); // "Secret words", masked where it stands
    expect(recording).not.toContain('Secret words');
    expect(recording).toContain('Shown words, mail [redacted]'); // unmasked by the app, scrubbed as events are
    expect(recording).not.toContain('jane@example.com');
    expect(recording).not.toContain('typed secret');
    expect(recording).not.toContain('Jane at the beach');
    expect(recording).not.toContain('R0lGODlh'); // the image is blocked: neither its source nor its alt text
    expect((await waitForEvents(unsampled, () => true)).filter((e) => e.event === '$snapshot')).toEqual([]);
    consented.unmount();
  }, 30_000);

  it('stops at a revocation before the next event; a re-grant and a sign-out each start a new recording', async () => {
    await setRemoteConfig({ sessionRecording: { endpoint: '/s/' } });
    const token = newToken('replay-revoke');
    const { analytics, consent } = mountAnalytics(token, {
      config: { capabilities: { replay: true }, replay: { unmask: '[data-shown]' } },
    });
    act(() => channel.signedIn({ id: 'erin-replay' }));
    await say('phase one');
    await waitForEvents(token, (e) => carrying(e, 'phase one').length > 0, 15_000);

    act(() => consent.deny('analytics'));
    const revokedAt = Date.now();
    analytics.capture('while_revoked');
    // The page changes and is clicked while revoked, and the re-grant comes in that click's own task. rrweb hears a
    // click first (its listeners capture on the document), so a recorder left running would hold this click in its
    // buffer at the re-grant, with no timer in between to flush it away while revoked (dropped there): it would be sent
    // with the recording's next upload, before 'after regrant' below, the positive sentinel. No fixed wait.
    let regrantedAt = Number.POSITIVE_INFINITY;
    const during = document.createElement('p');
    during.dataset.shown = ''; // unmasked: its text would show in a recording
    during.textContent = 'during revocation';
    document.body.append(during);
    during.addEventListener('click', () => {
      during.remove();
      regrantedAt = Date.now();
      act(() => consent.grant('analytics'));
    });
    await userEvent.click(during);
    expect(consent.get('analytics')).toBe('granted'); // the click reached the page: the window was closed by it
    await say('after regrant');
    await waitForEvents(token, (e) => carrying(e, 'after regrant').length > 0, 15_000);

    act(() => channel.signedOut());
    await say('after sign-out');
    const received = await waitForEvents(token, (e) => carrying(e, 'after sign-out').length > 0, 15_000);

    // Nothing recorded between the revocation and the re-grant: no rrweb event of that time, not the text shown then.
    expect(carrying(received, 'during revocation')).toEqual([]);
    const between = snapshots(received)
      .flatMap(rrwebOf)
      .filter((e) => e.timestamp >= revokedAt && e.timestamp < regrantedAt);
    expect(between).toEqual([]);
    // Three recordings: before, after the re-grant, after the sign-out (a new visitor too).
    const [first] = sessionsCarrying(received, 'phase one');
    const [second] = sessionsCarrying(received, 'after regrant');
    const [third] = sessionsCarrying(received, 'after sign-out');
    expect(new Set([first, second, third]).size).toBe(3);
    const visitor = (text: string) => carrying(received, text)[0]?.properties.distinct_id;
    expect(visitor('after regrant')).toBe('erin-replay');
    expect(visitor('after sign-out')).not.toBe('erin-replay');
  }, 40_000); // three recordings, each uploaded on posthog-js's own 2 s buffer cycle: 8 s here, 15 s+ on a loaded machine

  it("records a canvas the app allows through a Worker made from a blob: URL (README, Going live: CSP's worker-src)", async () => {
    // PostHog's project setting "Capture canvas" (remote config `recordCanvas`), a canvas the app lets through.
    await setRemoteConfig({ sessionRecording: { endpoint: '/s/', recordCanvas: true, canvasFps: 4 } });
    const schemes: string[] = [];
    const PageWorker = window.Worker;
    window.Worker = class extends PageWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        schemes.push(new URL(url, location.href).protocol);
        super(url, options);
      }
    };
    try {
      const token = newToken('replay-canvas');
      const paint = (canvas: HTMLCanvasElement | null) => {
        const context = canvas?.getContext('2d');
        if (context) context.fillRect(0, 0, 40, 20);
      };
      const { unmount } = mountAnalytics(token, {
        config: { capabilities: { replay: true }, replay: { allowMedia: 'canvas' } },
        children: <canvas width={40} height={20} ref={paint} />,
      });
      await say('canvas shown');
      // The positive sentinel: a frame of the canvas in the recording (rrweb's drawImage of an ImageBitmap).
      await waitForEvents(token, (e) => carrying(e, '"rr_type":"ImageBitmap"').length > 0, 15_000);
      expect(schemes).toEqual(['blob:']);
      unmount();
    } finally {
      window.Worker = PageWorker;
    }
  }, 30_000);
});
