import { createPageViews } from './pageViews';

const sent: { event: string; properties: Record<string, unknown>; extra: Record<string, unknown> }[] = [];
const send = (event: string, properties: Record<string, unknown>, extra: Record<string, unknown>) =>
  sent.push({ event, properties, extra });
/** The MutationObserver's callback is a microtask. */
const microtasks = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  sent.length = 0;
  document.title = 'Before';
  vi.useFakeTimers();
});
afterEach(() => {
  vi.advanceTimersByTime(1000); // a page view still waiting goes now, not into the next test
  vi.useRealTimers();
});

describe('page views (the chunk): sent with the new page’s title', () => {
  it('as soon as the router sets the title, with the URL and time of the navigation', async () => {
    const views = createPageViews(false, send);
    const at = new Date('2026-01-01T10:00:00Z');
    views.view('https://app.test/pricing?x=1', at, 'Before');
    await microtasks();
    expect(sent).toEqual([]);
    document.title = 'Pricing';
    await microtasks();
    expect(sent).toEqual([
      {
        event: '$pageview',
        properties: {
          $current_url: 'https://app.test/pricing?x=1',
          $pathname: '/pricing',
          $host: 'app.test',
          title: 'Pricing',
        },
        extra: { at },
      },
    ]);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(1); // once
  });

  it('after 1 s when the title stays the same; at once when the next navigation comes', async () => {
    const views = createPageViews(false, send);
    views.view('https://app.test/a', new Date(), 'Before');
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(sent.map((s) => s.properties.$pathname)).toEqual(['/a']);
    views.view('https://app.test/b', new Date(), 'Before');
    views.view('https://app.test/c', new Date(), 'Before'); // /b goes now, with its own URL
    expect(sent.map((s) => s.properties.$pathname)).toEqual(['/a', '/b']);
  });

  it('at once when the page is hidden', () => {
    const views = createPageViews(false, send);
    views.view('https://app.test/leaving', new Date(), 'Before');
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    document.dispatchEvent(new Event('visibilitychange'));
    hidden.mockRestore();
    expect(sent.map((s) => s.properties.$pathname)).toEqual(['/leaving']);
  });

  it('campaign parameters: last touch on the event, first touch on the person', () => {
    const views = createPageViews(true, send);
    views.view('https://app.test/?utm_source=news&gclid=abc&other=1', new Date(), 'Before');
    vi.advanceTimersByTime(1000);
    expect(sent[0]?.properties).toMatchObject({ utm_source: 'news', gclid: 'abc' });
    expect(sent[0]?.properties).not.toHaveProperty('other');
    expect(sent[0]?.extra).toMatchObject({
      set: { utm_source: 'news', gclid: 'abc' },
      setOnce: { $initial_utm_source: 'news', $initial_gclid: 'abc' },
    });
  });
});
