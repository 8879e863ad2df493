import { act, waitFor } from '../../../tooling/render';
import {
  mountAnalytics,
  newToken,
  recordings,
  resetPage,
  sandboxUrl,
  setRemoteConfig,
  waitForEvents,
} from '../test/browser-helpers';

const order: string[] = [];
const originalBeacon = navigator.sendBeacon.bind(navigator);
/** Stops real navigations and downloads after every listener ran, noting when. */
const stopNavigation = (e: Event) => {
  if (e.type === 'click' && !(e.target as Element).closest('a')) return; // a submit button's click submits
  order.push(`default-action:${e.type}`);
  e.preventDefault();
};

beforeEach(() => {
  resetPage();
  order.length = 0;
  navigator.sendBeacon = (url, data) => {
    order.push('beacon');
    return originalBeacon(url, data);
  };
  window.addEventListener('click', stopNavigation);
  window.addEventListener('submit', stopNavigation);
});
afterEach(async () => {
  navigator.sendBeacon = originalBeacon;
  window.removeEventListener('click', stopNavigation);
  window.removeEventListener('submit', stopNavigation);
  await setRemoteConfig(null);
  resetPage();
});

const whenReady = (analytics: { status(): string }) =>
  waitFor(() => expect(analytics.status()).toBe('ready'), { timeout: 10_000 });

describe('tracked interactions (real posthog-js against the sandbox)', () => {
  it('hands an outbound click to sendBeacon before the navigation proceeds', async () => {
    const token = newToken('outbound');
    const { analytics } = mountAnalytics(token, {
      children: (
        <a href="https://partner.example/offer?ref=plinth" data-testid="out">
          Partner
        </a>
      ),
    });
    await whenReady(analytics);
    act(() => document.querySelector<HTMLAnchorElement>('[data-testid="out"]')!.click());
    expect(order).toEqual(['beacon', 'default-action:click']);
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === 'outbound_link_clicked'));
    expect(received.find((e) => e.event === 'outbound_link_clicked')?.properties).toMatchObject({
      url: 'https://partner.example/offer?ref=plinth',
      domain: 'partner.example',
    });
  });

  it('captures a form submit without field values, and a download', async () => {
    const token = newToken('forms');
    const { analytics } = mountAnalytics(token, {
      children: (
        <>
          <form id="newsletter" name="newsletter" action="/subscribe?email=gina@example.com">
            <input name="email" defaultValue="secret-value@example.com" />
            <button type="submit">Subscribe</button>
          </form>
          <a href="/files/price-list.pdf" data-testid="pdf">
            Price list
          </a>
        </>
      ),
    });
    await whenReady(analytics);
    act(() => document.querySelector('button')!.click());
    act(() => document.querySelector<HTMLAnchorElement>('[data-testid="pdf"]')!.click());
    const received = await waitForEvents(token, (e) =>
      ['form_submitted', 'file_downloaded'].every((n) => e.some((x) => x.event === n)),
    );
    expect(received.find((e) => e.event === 'form_submitted')?.properties).toMatchObject({
      form_id: 'newsletter',
      form_name: 'newsletter',
      form_action: `${location.origin}/subscribe`,
      fields: 2,
    });
    expect(received.find((e) => e.event === 'file_downloaded')?.properties).toMatchObject({
      file: 'price-list.pdf',
      extension: 'pdf',
    });
    expect(JSON.stringify(received)).not.toMatch(/secret-value|gina@/);
  });

  it('captures rage clicks (autocapture extension through __extensionClasses), remote config allowing', async () => {
    await setRemoteConfig({ autocapture_opt_out: false });
    const token = newToken('rage');
    const { analytics } = mountAnalytics(token, {
      config: { capabilities: { rageClicks: true } },
      children: <button type="button">Does nothing</button>,
    });
    await whenReady(analytics);
    const button = document.querySelector('button')!;
    const burst = () => {
      for (let i = 0; i < 4; i++) {
        button.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 20, clientY: 20, button: 0 }));
      }
    };
    // Autocapture starts once the remote config has answered; click in bursts until it counts.
    await waitFor(
      async () => {
        burst();
        const events = await waitForEvents(token, () => true, 1000);
        expect(events.map((e) => e.event)).toContain('$rageclick');
      },
      { timeout: 10_000, interval: 300 },
    );
    // Plain click autocapture stays off unless asked for.
    expect((await waitForEvents(token, () => true)).map((e) => e.event)).not.toContain('$autocapture');
  });

  it('captures clicks ($autocapture) with the element, when asked for and remote config allows', async () => {
    await setRemoteConfig({ autocapture_opt_out: false });
    const token = newToken('clicks');
    const { analytics } = mountAnalytics(token, {
      config: { capabilities: { autocapture: true } },
      children: (
        <button type="button" id="buy">
          Buy
        </button>
      ),
    });
    await whenReady(analytics);
    const button = document.getElementById('buy')!;
    // Autocapture starts once the remote config has answered; click until it counts.
    await waitFor(
      async () => {
        button.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: 20, clientY: 20, button: 0 }));
        const events = await waitForEvents(token, () => true, 1000);
        expect(events.map((e) => e.event)).toContain('$autocapture');
      },
      { timeout: 10_000, interval: 300 },
    );
    const click = (await waitForEvents(token, () => true)).find((e) => e.event === '$autocapture')!;
    expect(click.properties).toMatchObject({ $event_type: 'click', $el_text: 'Buy' });
  });

  it('captures web vitals from the npm package (no remote script)', async () => {
    const token = newToken('vitals');
    const { analytics } = mountAnalytics(token, { config: { capabilities: { webVitals: true } } });
    await whenReady(analytics);
    // posthog-js sends its buffered metrics on page hide (or after a delay): simulate hiding the page.
    await waitFor(
      async () => {
        window.dispatchEvent(new Event('pagehide'));
        const events = await waitForEvents(token, () => true, 1000);
        expect(events.map((e) => e.event)).toContain('$web_vitals');
      },
      { timeout: 15_000, interval: 500 },
    );
    const vitals = (await waitForEvents(token, () => true)).filter((e) => e.event === '$web_vitals');
    const metrics = vitals.flatMap((e) => Object.keys(e.properties)).filter((k) => /^\$web_vitals_\w+_value$/.test(k));
    expect(metrics).toContain('$web_vitals_TTFB_value');
    expect(metrics.some((k) => /(FCP|LCP|CLS|INP)/.test(k))).toBe(true);
  });

  it("captures the page's own network requests, scrubbed, when asked to", async () => {
    const token = newToken('network');
    const { analytics } = mountAnalytics(token, { config: { capabilities: { network: true } } });
    await whenReady(analytics);
    await fetch(`${location.origin}/?api_token=SECRETTOKEN&page=2`);
    const received = await waitForEvents(token, (e) => e.some((x) => x.event === '$network_request'));
    const request = received.find((e) => e.event === '$network_request')!;
    expect(request.properties).toMatchObject({ url: `${location.origin}/?page=2`, initiator: 'fetch' });
    expect(received.filter((e) => e.event === '$network_request').map((e) => e.properties.url)).not.toContain(
      expect.stringContaining(sandboxUrl()),
    );
    expect(JSON.stringify(received)).not.toContain('SECRETTOKEN');
  });

  it('never asked the sandbox for a remote script (config.js, /static/*)', async () => {
    const defects = await (await fetch(`${sandboxUrl()}/_sandbox/posthog/defects`)).json();
    const configs = (await recordings()).filter((r) => r.route === 'config');
    expect(configs.length).toBeGreaterThan(0); // the JSON remote config was fetched (positive control)
    expect(defects).toEqual([]);
  });
});
