import type { ConsentStore } from '@plinth/core';
import { createTestConsent, resetChannel } from '@plinth/core/testing';
import { inject } from 'vitest';
import { render, waitFor } from '../../../tooling/render';
import { AnalyticsProvider } from '../src/AnalyticsProvider';
import type { AnalyticsConfig } from '../src/config';
import { createAnalytics } from '../src/createAnalytics';
import type { Analytics } from '../src/types';

export const sandboxUrl = () => inject('sandboxUrl');

export interface PosthogEvent {
  event: string;
  timestamp?: string;
  properties: Record<string, unknown>;
  $set?: Record<string, unknown>;
  $set_once?: Record<string, unknown>;
}

export interface Recording {
  id: number;
  /** When the sandbox received it (ISO). */
  time: string;
  route?: string;
  path: string;
  decoding?: string[];
  error?: string;
  body: unknown;
}

// The sandbox keeps every file's requests (a 1,000-event burst among them), and the waits below poll every 100 ms:
// each read asks only for what is new (`since` the last one seen; at first, what arrived `after` this file loaded).
// Reading the whole recording at each poll cost the package's browser run about 28 of its 69 CPU-s.
const loadedAt = Date.now();
const seen: Recording[] = [];

/** Everything the sandbox recorded for PostHog (decoded) since this test file loaded, oldest first. */
export async function recordings(): Promise<Recording[]> {
  const last = seen.at(-1);
  const from = last ? `since=${last.id}` : `after=${loadedAt}`;
  seen.push(
    ...((await (await fetch(`${sandboxUrl()}/_sandbox/received?vendor=posthog&${from}`)).json()) as Recording[]),
  );
  return [...seen];
}

/** The events the sandbox received for one project token. */
export async function events(token: string): Promise<PosthogEvent[]> {
  return (await recordings())
    .map((r) => r.body as PosthogEvent)
    .filter((e) => e && typeof e === 'object' && e.properties?.token === token);
}

/** Waits until `predicate` holds for the token's events; returns them. */
export async function waitForEvents(
  token: string,
  predicate: (events: PosthogEvent[]) => boolean,
  timeout = 10_000,
): Promise<PosthogEvent[]> {
  let last: PosthogEvent[] = [];
  await waitFor(
    async () => {
      last = await events(token);
      if (!predicate(last)) throw new Error(`not yet: ${last.map((e) => e.event).join(', ')}`);
    },
    { timeout, interval: 100 },
  );
  return last;
}

export async function setRemoteConfig(patch: Record<string, unknown> | null) {
  await fetch(`${sandboxUrl()}/_sandbox/posthog/config`, {
    method: patch ? 'PUT' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: patch ? JSON.stringify(patch) : undefined,
  });
}

/** What posthog-js persisted for the token in localStorage (its properties), or `{}`. */
export function persisted(token: string): Record<string, unknown> {
  return JSON.parse(localStorage.getItem(`ph_${token}_posthog`) ?? '{}');
}

/** posthog's cookies and storage keys (`ph_*`, `__ph_*`). */
export function posthogStorage(): string[] {
  const keys = [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((k) => /^(__)?ph_/.test(k));
  const cookies = document.cookie
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter((k) => /^(__)?ph_/.test(k));
  return [...keys, ...cookies];
}

/** Requests this page made to the sandbox (fetch, XHR, beacons), from the Resource Timing buffer. */
export function sandboxRequests(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => name.startsWith(sandboxUrl()) && !name.includes('/_sandbox/'));
}

let tokens = 0;
/** A fresh project token per test, so each test reads only its own events. */
export const newToken = (name: string) => `phc_${name}_${Date.now()}_${tokens++}`;

export function mountAnalytics(
  token: string,
  options: { consent?: ConsentStore; config?: Partial<AnalyticsConfig>; children?: React.ReactNode } = {},
): { analytics: Analytics; consent: ConsentStore; unmount: () => void } {
  const consent = options.consent ?? createTestConsent({ analytics: 'granted' });
  const analytics = createAnalytics({
    token,
    apiHost: sandboxUrl(),
    filterBots: false, // HeadlessChrome counts as a bot for posthog-js
    flushIntervalMs: 200,
    ...options.config,
    consent,
  });
  const view = render(<AnalyticsProvider instance={analytics}>{options.children}</AnalyticsProvider>);
  document.title = `Mounted ${token}`; // the page sets its title: the initial page view goes (a microtask later)
  return { analytics, consent, unmount: view.unmount };
}

/** What a router does after a navigation: sets the new page's title, which sends its page view. */
export async function titled(title: string): Promise<void> {
  document.title = title;
  await Promise.resolve(); // the page view is sent from a MutationObserver callback, a microtask
}

const start = location.pathname + location.search;
/** Clean slate between tests: the page's URL, the channel, posthog's storage. */
export function resetPage() {
  history.replaceState(null, '', start);
  resetChannel();
  for (const key of posthogStorage()) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
    // biome-ignore lint/suspicious/noDocumentCookie: test cleanup
    document.cookie = `${key}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
