import { useAnalytics } from '@plinth/analytics';
import { type FormEvent, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router';
import { useTitle } from './useTitle';

/** How many events the burst button captures: 10,000 (what `pnpm bench` sends and measures the heap after). */
const BURST = 10_000;

/**
 * The burst's size for this URL: `?burst=<n>` (1 to 10,000) asks for a smaller one, as the load journeys do
 * (e2e/load.spec.ts: the same claims, each event exactly once, in a second of posthog-js's main thread instead of
 * fifteen); anything else is the full 10,000. The button and its progress show the real count.
 */
function burstSize(search: string): number {
  const size = Number(new URLSearchParams(search).get('burst') ?? BURST);
  return Number.isInteger(size) && size >= 1 && size <= BURST ? size : BURST;
}
/**
 * How long one slice of the burst may capture before the page lets the browser paint: a frame at 60 Hz lasts
 * 16.7 ms, and a slice of 8 ms leaves the rest of it to React's render of the progress and the browser's style,
 * layout and paint, so frames keep coming at 60 Hz on a quiet machine (`pnpm bench` measures the frames and the long
 * tasks). The few long tasks of 50–63 ms left were the inspector relaying the whole page for each batch it listed,
 * until its entries were laid out only near its visible part (styles.css, `.entries li`). Slices of 40 ms, each
 * followed by `scheduler.yield()` alone, gave a frame every 117 ms (median) and a task of up to 1.1 s; 12 ms ones
 * more long tasks, 5 ms ones a burst twice as long.
 */
const SLICE_MS = 8;

/**
 * Lets the browser paint, then handle input: the next animation frame (a page that is or becomes hidden runs
 * none, and does not wait for one), then `scheduler.yield()` where there is one, else a macrotask, so the next
 * slice runs after that frame is presented rather than inside it. Not core's `afterNextPaint`: it goes on with a
 * timer, which a background tab runs once a second, so a burst in a hidden tab would crawl.
 */
async function yieldToBrowser(): Promise<void> {
  if (document.visibilityState === 'visible')
    await new Promise<void>((resolve) => {
      const done = () => {
        document.removeEventListener('visibilitychange', done);
        resolve();
      };
      document.addEventListener('visibilitychange', done);
      requestAnimationFrame(done);
    });
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** What the page shows of its bursts: how many are done, and the captures of the one in flight. */
interface Bursts {
  /** Bursts completed. */
  done: number;
  /** Events the completed bursts captured. */
  tracked: number;
  /** Captures done by the burst in flight; undefined when none is. */
  sending?: number;
  /** The size of the burst in flight. */
  size?: number;
}

/**
 * The bursts live outside the page: one started goes on (and stays numbered) when the visitor leaves the page,
 * the page shows its progress again on return, and a second click, here or after returning, starts none while it
 * runs.
 */
let bursts: Bursts = { done: 0, tracked: 0 };
const burstListeners = new Set<() => void>();
const setBursts = (next: Bursts) => {
  bursts = next;
  for (const listener of burstListeners) listener();
};
const subscribeBursts = (listener: () => void) => {
  burstListeners.add(listener);
  return () => void burstListeners.delete(listener);
};
const readBursts = () => bursts;

async function sendBurst(size: number, capture: (seq: number, burst: number) => void) {
  if (bursts.sending !== undefined) return;
  const burst = bursts.done + 1;
  const { tracked } = bursts;
  let seq = 0;
  try {
    while (seq < size) {
      const sliceEnd = performance.now() + SLICE_MS;
      do capture(seq++, burst);
      while (seq < size && performance.now() < sliceEnd);
      // Rendered now, not in a task of React's own that the yields below could keep waiting: the frame the
      // browser paints between slices shows the progress.
      flushSync(() => setBursts({ done: bursts.done, tracked, sending: seq, size }));
      if (seq < size) await yieldToBrowser();
    }
  } finally {
    setBursts(seq === size ? { done: burst, tracked: tracked + size } : { done: bursts.done, tracked });
  }
}

/**
 * What @plinth/analytics records with no code of the page's own: an outbound link, a file download, a
 * form submission (never its values), rage clicks and dead clicks. Plus one custom event, and a burst
 * of 10,000 (fewer with `?burst=`: the load journeys, e2e/load.spec.ts).
 */
export function Interactions() {
  useTitle('Tracked interactions');
  const analytics = useAnalytics();
  const [sent, setSent] = useState(false);
  const [liked, setLiked] = useState(0);
  const [api, setApi] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(true);
  };
  return (
    <article>
      <h1>Tracked interactions</h1>
      <p>
        Each of these arrives at PostHog (the sandbox) as its own event; open the inspector and pick{' '}
        <code>posthog</code>.
      </p>
      <section aria-labelledby="outbound">
        <h2 id="outbound">Outbound link</h2>
        <p>
          <a href="https://example.com/?ref=plinth-demo">Visit example.com</a>: <code>outbound_link_clicked</code>, sent
          without holding the navigation (at most 250 ms while the SDK is still loading).
        </p>
      </section>
      <section aria-labelledby="download">
        <h2 id="download">File download</h2>
        <p>
          <a href="/files/plinth-checklist.txt" download>
            Download the checklist (.txt)
          </a>
          : <code>file_downloaded</code> with the file and its extension.
        </p>
      </section>
      <section aria-labelledby="form">
        <h2 id="form">A form</h2>
        <form id="newsletter" name="newsletter" onSubmit={submit}>
          <label>
            Name <input name="name" autoComplete="name" />
          </label>{' '}
          <label>
            Email <input name="email" type="email" autoComplete="email" />
          </label>{' '}
          <button type="submit">Subscribe</button>
        </form>
        {sent && <p role="status">Thanks! `form_submitted` was sent with the field names, never their values.</p>}
      </section>
      <section aria-labelledby="clicks">
        <h2 id="clicks">Rage and dead clicks</h2>
        <p>
          <button type="button" className="rage-target">
            Unresponsive button
          </button>{' '}
          click it quickly three times or more: <code>$rageclick</code>.
        </p>
        <p>
          <span className="dead-target">This looks like a link but does nothing</span>: click it,{' '}
          <code>$dead_click</code> follows about 3 s later if nothing on the page changes meanwhile (posthog-js waits
          2.5 s for a DOM change, a scroll, a selection or focus change). New traffic arriving in the inspector is such
          a change: click again once it is quiet.
        </p>
      </section>
      <section aria-labelledby="custom">
        <h2 id="custom">A custom event</h2>
        <button
          type="button"
          onClick={() => {
            setLiked((n) => n + 1);
            analytics.capture('demo_liked', { count: liked + 1 });
          }}
        >
          Like this demo ({liked})
        </button>
      </section>
      <section aria-labelledby="api">
        <h2 id="api">The app's own API</h2>
        <p>
          A request to this app's own origin (<code>/api/status.json</code>). With network capture on (the first-party
          proxy setup, <code>VITE_VENDOR_PROXY=1</code>) it arrives as <code>$network_request</code>; the vendors' own
          requests through the same origin never do.
        </p>
        <button
          type="button"
          onClick={() => {
            // The body is read: the browser's resource timing (what network capture reads) ends with it.
            fetch('/api/status.json')
              .then(async (response) => {
                await response.json();
                setApi(response.ok ? 'answered' : `answered ${response.status}`);
              })
              .catch(() => setApi('unreachable'));
          }}
        >
          Call the app's API
        </button>{' '}
        {api && <output>API {api}</output>}
      </section>
      <Burst />
    </article>
  );
}

/**
 * The burst and its progress: a component of its own, so each slice re-renders this section alone (not the page).
 */
function Burst() {
  const analytics = useAnalytics();
  const { done, tracked, sending, size: sendingSize } = useSyncExternalStore(subscribeBursts, readBursts, readBursts);
  const size = burstSize(useLocation().search);
  const startBurst = () => void sendBurst(size, (seq, burst) => analytics.capture('demo_burst', { burst, seq }));
  return (
    <section aria-labelledby="burst">
      <h2 id="burst">A burst</h2>
      <p>
        {size.toLocaleString('en')} <code>demo_burst</code> events, numbered (<code>burst</code>, <code>seq</code>),
        captured in short slices so the page keeps responding (the button shows the progress): PostHog gets them in a
        few batched requests, each exactly once, also when the browser goes offline meanwhile (they are retried once it
        is back).
      </p>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
      <button type="button" aria-disabled={sending !== undefined} onClick={startBurst}>
        {sending === undefined
          ? `Send ${size.toLocaleString('en')} events`
          : `Sending… ${sending.toLocaleString('en')} / ${(sendingSize ?? size).toLocaleString('en')}`}
      </button>{' '}
      {done > 0 && <output>{tracked.toLocaleString('en')} events tracked</output>}
    </section>
  );
}
