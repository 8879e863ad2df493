import { createPageViewTracker } from './pageViewTracker';

const sent: { event: string; properties: Record<string, unknown> }[] = [];
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

beforeEach(() => {
  sent.length = 0;
  history.replaceState(null, '', '/');
});

/** A tracker whose page views land in `sent`. */
const recordingTracker = () =>
  createPageViewTracker({
    campaigns: false,
    callbackPaths: ['/auth/callback'],
    send: (event, properties) => sent.push({ event, properties }),
    chunkFailed: () => {},
  });

describe('the page-view tracker', () => {
  it('one page view per new URL: push, replace, Back; none for the same URL, an in-page anchor or a stop → start', async () => {
    const tracker = recordingTracker();
    let stop = tracker.follow();
    stop(); // StrictMode: stop → start
    stop = tracker.follow();
    history.pushState(null, '', '/pricing');
    history.replaceState({ scroll: 1 }, '', '/pricing');
    history.pushState(null, '', '/pricing#faq');
    history.replaceState(null, '', '/about');
    history.replaceState(null, '', '/pricing');
    window.dispatchEvent(new PopStateEvent('popstate'));
    stop();
    history.pushState(null, '', '/after-stop');
    await settle();
    document.title = `Last ${Date.now()}`; // the last page view waits for its title
    await settle();
    expect(sent.map((s) => s.properties.$pathname)).toEqual(['/', '/pricing', '/about', '/pricing']);
  });

  it('a hash router’s routes are pages of their own', async () => {
    const tracker = recordingTracker();
    const stop = tracker.follow();
    history.pushState(null, '', '/#/settings');
    stop();
    await settle();
    document.title = `Hash ${Date.now()}`;
    await settle();
    expect(sent.map((s) => s.properties.$current_url)).toEqual([
      'http://localhost:3000/',
      'http://localhost:3000/#/settings',
    ]);
  });

  it('no page view for the sign-in callback, with code or error parameters; the page auth lands on has one', async () => {
    const tracker = recordingTracker();
    history.replaceState(null, '', '/auth/callback?code=c-1&state=s-1');
    const stop = tracker.follow();
    history.replaceState(null, '', '/account'); // auth lands on returnTo
    history.pushState(null, '', '/auth/callback?error=access_denied&state=s-2');
    history.replaceState(null, '', '/');
    stop();
    await settle();
    document.title = `Callback ${Date.now()}`;
    await settle();
    expect(sent.map((s) => s.properties.$pathname)).toEqual(['/account', '/']);
  });
});
