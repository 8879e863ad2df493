import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { initialize } from 'launchdarkly-js-client-sdk';
import { LAUNCHDARKLY_URLS } from '../endpoints';
import { createLaunchDarkly } from './launchdarkly';

// The README's CSP must name the hosts the browser really connects to. Three checks, each able to fail:
// the README's block against LAUNCHDARKLY_URLS; the real SDK with no URL given (its own defaults, so an
// upgrade that moves them fails here); and Plinth's adapter with no URL given (what it passes to the SDK).

const origins = (urls: Iterable<string>) => [...new Set([...urls].map((url) => new URL(url).origin))].sort();
const expected = origins(Object.values(LAUNCHDARKLY_URLS));

/** The `connect-src` hosts of the README's CSP line, in its "Going live" section. */
function readmeCspHosts(readme: string): string[] {
  const goingLive = readme.slice(readme.indexOf('## Going live'));
  const line = /^\s*Content-Security-Policy: connect-src ([^\n]+)$/m.exec(goingLive);
  if (!line) throw new Error('no "Content-Security-Policy: connect-src …" line in the README\'s Going live');
  return origins(line[1]!.split(/\s+/).filter((source) => source.startsWith('https://')));
}

/** Every URL the SDK opens (XHR, EventSource) while `run` goes, with fakes that answer at once. */
async function requestedOrigins(run: () => Promise<void>): Promise<string[]> {
  const urls: string[] = [];
  class FakeXhr {
    withCredentials = false; // present: the SDK then posts events over CORS (not image pings)
    status = 0;
    responseText = '';
    private listeners: Record<string, (() => void)[]> = {};
    open(_method: string, url: string) {
      urls.push(url);
    }
    setRequestHeader() {}
    getResponseHeader() {
      return 'application/json';
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners[type] = [...(this.listeners[type] ?? []), listener];
    }
    send() {
      this.status = 200;
      this.responseText = '{}';
      queueMicrotask(() => {
        for (const listener of this.listeners.load ?? []) listener();
      });
    }
    abort() {}
  }
  class FakeEventSource {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 2;
    readyState = 0;
    constructor(url: string) {
      urls.push(url);
    }
    addEventListener() {}
    close() {
      this.readyState = 2;
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('EventSource', FakeEventSource);
  await run();
  return origins(urls);
}

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('LaunchDarkly hosts: README CSP = LAUNCHDARKLY_URLS = the SDK’s defaults = what the adapter uses', () => {
  it('the README’s CSP names exactly the hosts of LAUNCHDARKLY_URLS', () => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    expect(readmeCspHosts(readme)).toEqual(expected);
  });

  it('launchdarkly-js-client-sdk, given no URL, evaluates, streams and sends events to those hosts', async () => {
    const seen = await requestedOrigins(async () => {
      const client = initialize(
        'env-id',
        { kind: 'user', key: 'k' },
        { streaming: true, fetchGoals: false, diagnosticOptOut: true, logger: silent },
      );
      await client.waitForInitialization(5);
      client.track('metric');
      await client.flush();
      await client.close();
    });
    expect(seen).toEqual(expected);
  });

  it('Plinth’s adapter, given no URL, uses the same hosts', async () => {
    const seen = await requestedOrigins(async () => {
      const adapter = await createLaunchDarkly({
        clientSideId: 'env-id',
        context: { kind: 'user', key: 'u-1' },
        hash: () => undefined,
        streaming: true,
        sendEvents: true,
        onFlags() {},
        onError() {},
        rejected() {},
      });
      adapter.track('metric', undefined, undefined);
      adapter.close(); // close() flushes the queued events
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(seen).toEqual(expected);
  });
});
