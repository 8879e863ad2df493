// The consent cookie: mirrored by the browser, read by the server, and used for the server render and hydration so
// the banner is drawn in the right state with no hydration mismatch.
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ConsentProvider, useConsent } from './ConsentProvider';
import { createConsent } from './consent';
import { formatConsentCookie, readConsentCookie } from './consent-cookie';
import { mirrorConsentCookie } from './cookie';

const CATEGORIES = ['analytics', 'monitoring', 'functional'];

describe('the consent cookie', () => {
  beforeEach(() => {
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the test removes the cookie the mirror wrote
    document.cookie = 'plinth_consent=; Max-Age=0; Path=/';
  });

  it('mirrors the state and revision, no identifier; the server reads it back', () => {
    const store = createConsent({ revision: '2026-11' });
    const stop = mirrorConsentCookie(store);
    expect(document.cookie).toBe('plinth_consent=r:2026-11|analytics:p|monitoring:p|functional:p');
    store.grant('analytics');
    store.deny('monitoring');
    expect(document.cookie).toBe('plinth_consent=r:2026-11|analytics:g|monitoring:d|functional:p');
    const header = `other=1; ${document.cookie}; last=2`;
    expect(readConsentCookie(header, { categories: CATEGORIES, revision: '2026-11' })).toEqual({
      analytics: 'granted',
      monitoring: 'denied',
      functional: 'pending',
    });
    stop();
    store.grant();
    expect(document.cookie).toContain('monitoring:d');
  });

  it('reads a header re-serialised with each value percent-encoded (Next.js: `(await cookies()).toString()`)', () => {
    // What @edge-runtime/cookies' RequestCookies.toString() (Next.js's `cookies()`) sends on: `name=${encodeURIComponent(value)}`.
    const value = formatConsentCookie(
      { analytics: 'granted', monitoring: 'denied', functional: 'granted' },
      '2026-11 b',
    );
    const header = `other=1; plinth_consent=${encodeURIComponent(value)}`;
    expect(header).toContain('plinth_consent=r%3A2026-11%2520b%7Canalytics%3Ag');
    expect(readConsentCookie(header, { categories: CATEGORIES, revision: '2026-11 b' })).toEqual({
      analytics: 'granted',
      monitoring: 'denied',
      functional: 'granted',
    });
  });

  it('decides nothing for another revision, a malformed value, or a category not asked for', () => {
    const pending = { analytics: 'pending', monitoring: 'pending', functional: 'pending' };
    const value = formatConsentCookie({ analytics: 'granted', ads: 'granted' }, '1');
    expect(readConsentCookie(`plinth_consent=${value}`, { categories: CATEGORIES, revision: '2' })).toEqual(pending);
    expect(readConsentCookie(`plinth_consent=${value}`, { categories: CATEGORIES })).toEqual({
      ...pending,
      analytics: 'granted',
    });
    expect(readConsentCookie('plinth_consent=analytics:g', { categories: CATEGORIES })).toEqual(pending);
    expect(readConsentCookie('plinth_consent=r:1|analytics:x|%E0%A4%A:g', { categories: CATEGORIES })).toEqual(pending);
    expect(readConsentCookie(undefined, { categories: CATEGORIES })).toEqual(pending);
  });
});

function BannerState() {
  const consent = useConsent();
  return <p>{consent.pending ? 'banner shown' : `analytics ${consent.status('analytics')}`}</p>;
}

describe('server render and hydration from the cookie', () => {
  // `act` needs it, whichever file ran before in this worker.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let before: boolean | undefined;
  beforeAll(() => {
    before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
  });

  it('draws the decided state on the server and hydrates with no mismatch and no flash', async () => {
    localStorage.setItem(
      'plinth.consent',
      JSON.stringify({ v: 1, decisions: { analytics: 'granted', monitoring: 'denied', functional: 'denied' } }),
    );
    const serverState = readConsentCookie('plinth_consent=r:1|analytics:g|monitoring:d|functional:d', {
      categories: CATEGORIES,
    });
    const html = renderToString(
      <ConsentProvider store={createConsent({ storage: null })} serverState={serverState}>
        <BannerState />
      </ConsentProvider>,
    );
    expect(html).toBe('<p>analytics granted</p>');

    const container = document.createElement('div');
    container.innerHTML = html;
    const errors = vi.spyOn(console, 'error');
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(container.textContent ?? ''));
    observer.observe(container, { subtree: true, childList: true, characterData: true });
    const onRecoverableError = vi.fn();
    await act(async () => {
      hydrateRoot(
        container,
        <ConsentProvider store={createConsent()} serverState={serverState}>
          <BannerState />
        </ConsentProvider>,
        { onRecoverableError },
      );
    });
    observer.disconnect();
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(seen).toEqual([]); // the server's markup kept: no banner flashed in or out
    expect(container.innerHTML).toBe('<p>analytics granted</p>');
  });

  it('without the server state the server draws the banner (pending), as before', () => {
    const html = renderToString(
      <ConsentProvider
        store={createConsent({
          initial: { analytics: 'granted', monitoring: 'granted', functional: 'granted' },
          storage: null,
        })}
      >
        <BannerState />
      </ConsentProvider>,
    );
    expect(html).toBe('<p>banner shown</p>');
  });
});
