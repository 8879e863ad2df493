import { channel } from '@plinth/core';
import { resetChannel } from '@plinth/core/testing';
import type { Mock } from 'vitest';
import { render, screen, waitFor } from '../../../tooling/render';
import { InlineSvg } from './InlineSvg';
import { clearSvgCache, configureSvg, loadSvg } from './svgCache';
import { primeSvg, resetSvg } from './testing';

const GRADIENT =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs><rect fill="url(#g)" width="10" height="10"/></svg>';
const EVIL =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=1"><title>Evil</title><script>window.__pwned=2</script><a href="javascript:alert(1)"><circle r="4" onclick="alert(1)"/></a><foreignObject><img src="x" onerror="alert(1)"/></foreignObject></svg>';

const SIXTY = Array.from({ length: 60 }, (_, n) => n);

type Reply = { status?: number; type?: string; body?: string } | Error;
let replies: Record<string, Reply>;
let fetchMock: Mock;

function serve(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input));
  const reply = replies[url.pathname] ?? { status: 404, type: 'text/html', body: 'Not found' };
  if (reply instanceof Error) return Promise.reject(reply);
  return new Promise((resolve) =>
    setTimeout(
      () =>
        resolve(
          new Response(reply.body ?? GRADIENT, {
            status: reply.status ?? 200,
            headers: { 'content-type': reply.type ?? 'image/svg+xml' },
          }),
        ),
      5,
    ),
  );
}

let reports: { message: string; context: Record<string, unknown> }[];

beforeEach(() => {
  // After Testing Library's cleanup has unmounted the previous test's icons.
  resetSvg();
  replies = { '/a.svg': {}, '/b.svg': {}, '/evil.svg': { body: EVIL } };
  fetchMock = vi.fn(serve);
  vi.stubGlobal('fetch', fetchMock);
  reports = [];
  channel.on('report', (event) => reports.push(event));
});

afterEach(() => {
  resetChannel();
});

describe('InlineSvg', () => {
  it('announces a cached SVG once per instance, though StrictMode runs mount effects twice', async () => {
    render(<InlineSvg src="/a.svg" className="first" />);
    await waitFor(() => expect(document.querySelector('svg.first rect')).not.toBeNull());
    const onLoad = vi.fn();
    render(<InlineSvg src="/a.svg" className="second" onLoad={onLoad} />);
    await waitFor(() => expect(document.querySelector('svg.second rect')).not.toBeNull());
    expect(onLoad).toHaveBeenCalledExactlyOnceWith('/a.svg');
  });

  it('shows the loader, then the sanitised SVG with props applied', async () => {
    const onLoad = vi.fn();
    render(<InlineSvg src="/a.svg" loader={<span>loading</span>} width={24} className="icon" onLoad={onLoad} />);
    expect(screen.getByText('loading')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('svg.icon rect')).not.toBeNull());
    const svg = document.querySelector('svg.icon')!;
    expect(svg.getAttribute('width')).toBe('24');
    expect(svg.getAttribute('viewBox')).toBe('0 0 10 10');
    expect(onLoad).toHaveBeenCalledExactlyOnceWith('/a.svg'); // once, though StrictMode runs effects twice
    expect(fetchMock).toHaveBeenCalledWith(
      'http://localhost:3000/a.svg',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('by default reserves the space with an empty svg of the same size while loading', () => {
    render(<InlineSvg src="/a.svg" width={32} height={16} className="icon" />);
    const box = document.querySelector('svg.icon')!;
    expect(box.getAttribute('width')).toBe('32');
    expect(box.getAttribute('aria-hidden')).toBe('true');
    expect(box.getAttribute('data-svg-state')).toBe('loading');
  });

  it('strips scripts, handlers, javascript: links and foreignObject before they reach the DOM', async () => {
    render(<InlineSvg src="/evil.svg" data-testid="evil" />);
    await waitFor(() => expect(document.querySelector('circle')).not.toBeNull());
    const html = document.body.innerHTML;
    expect(html).not.toMatch(/script|onload|onclick|onerror|javascript:|foreignObject|<img/i);
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('renders title and description as text, never markup', async () => {
    render(<InlineSvg src="/a.svg" title={'<img src=x onerror="alert(1)">Cart & co'} description="<b>bold</b>" />);
    await waitFor(() => expect(document.querySelector('svg title')).not.toBeNull());
    const svg = document.querySelector('svg')!;
    expect(svg.querySelector('title')!.textContent).toBe('<img src=x onerror="alert(1)">Cart & co');
    expect(svg.querySelector('desc')!.textContent).toBe('<b>bold</b>');
    expect(svg.querySelector('img, b')).toBeNull();
    expect(svg.getAttribute('role')).toBe('img');
  });

  it('fetches each URL once however many instances mount at once (StrictMode)', async () => {
    render(SIXTY.map((n) => <InlineSvg key={n} src={n % 2 ? '/a.svg' : '/b.svg'} className="icon" />));
    await waitFor(() => expect(document.querySelectorAll('svg.icon rect')).toHaveLength(60), { timeout: 10_000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  }, 15_000);

  it('treats relative and absolute spellings of one URL as one request', async () => {
    await Promise.all([loadSvg('/a.svg'), loadSvg('http://localhost:3000/a.svg'), loadSvg('./a.svg#frag')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('uniquifies IDs per instance so each copy references its own gradient', async () => {
    render(
      <>
        <InlineSvg src="/a.svg" className="one" />
        <InlineSvg src="/a.svg" className="two" />
      </>,
    );
    await waitFor(() => expect(document.querySelectorAll('linearGradient')).toHaveLength(2));
    const ids = [...document.querySelectorAll('linearGradient')].map((g) => g.id);
    expect(new Set(ids).size).toBe(2);
    for (const cls of ['one', 'two']) {
      const svg = document.querySelector(`svg.${cls}`)!;
      const id = svg.querySelector('linearGradient')!.id;
      expect(id).toMatch(/^g__/);
      expect(svg.querySelector('rect')!.getAttribute('fill')).toBe(`url(#${id})`);
    }
  });

  it('renames the references in aria-labelledby, <use href>, quoted url() and <style> with the ids; other links stay', async () => {
    replies['/refs.svg'] = {
      body: `<svg xmlns="http://www.w3.org/2000/svg" aria-labelledby="t d"><title id="t">Chart</title><desc id="d">Up</desc><style>#dot{fill:url('#g')}</style><defs><linearGradient id="g"/><circle id="dot" r="1"/></defs><use href="#dot"/><rect fill="url('#g')"/><use href="/sprite.svg#dot"/></svg>`,
    };
    configureSvg({ allowExternalUse: true });
    render(<InlineSvg src="/refs.svg" className="refs" />);
    await waitFor(() => expect(document.querySelector('svg.refs circle')).not.toBeNull());
    const svg = document.querySelector('svg.refs')!;
    const hash = /^t__(.+)$/.exec(svg.querySelector('title')!.id)![1]!;
    expect(svg.getAttribute('aria-labelledby')).toBe(`t__${hash} d__${hash}`);
    expect(svg.querySelector('style')!.textContent).toBe(`#dot__${hash}{fill:url('#g__${hash}')}`);
    expect([...svg.querySelectorAll('use')].map((use) => use.getAttribute('href'))).toEqual([
      `#dot__${hash}`,
      '/sprite.svg#dot',
    ]);
    expect(svg.querySelector('rect')!.getAttribute('fill')).toBe(`url('#g__${hash}')`);
  });

  it('keeps IDs as written with uniquifyIDs={false}', async () => {
    render(<InlineSvg src="/a.svg" uniquifyIDs={false} />);
    await waitFor(() => expect(document.querySelector('linearGradient')?.id).toBe('g'));
  });

  it.each([
    ['404', { status: 404, type: 'text/html', body: 'nope' }, 'status'],
    ['a non-SVG content type', { type: 'text/html', body: GRADIENT }, 'content-type'],
    ['a network or CORS failure', new TypeError('Failed to fetch'), 'network'],
    ['a file without <svg>', { body: '<html><body><script>alert(1)</script></body></html>' }, 'not-svg'],
  ] as const)('renders the fallback on %s and reports it once for the URL', async (_, reply, code) => {
    replies['/broken.svg'] = reply;
    const onError = vi.fn();
    render(
      ['x', 'y', 'z'].map((k) => <InlineSvg key={k} src="/broken.svg" fallback={<i>broken</i>} onError={onError} />),
    );
    await waitFor(() => expect(screen.getAllByText('broken')).toHaveLength(3));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.context).toMatchObject({ src: 'http://localhost:3000/broken.svg', reason: code });
    expect(onError.mock.calls[0]![0]).toMatchObject({ code, source: 'svg' });
  });

  it('blocks other origins and non-http URLs without a request, and reports once per src', async () => {
    render(
      <>
        <InlineSvg src="https://evil.example/x.svg?token=secret" fallback={<i>blocked</i>} />
        <InlineSvg src="https://evil.example/x.svg?token=secret" fallback={<i>blocked</i>} />
        <InlineSvg src="data:image/svg+xml,<svg onload=alert(1)>" fallback={<i>blocked</i>} />
        <InlineSvg src="javascript:alert(1)" fallback={<i>blocked</i>} />
      </>,
    );
    expect(screen.getAllByText('blocked')).toHaveLength(4);
    await waitFor(() => expect(reports).toHaveLength(3));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(JSON.stringify(reports)).not.toContain('secret');
  });

  it('fetches from origins given to configureSvg', async () => {
    configureSvg({ allowedOrigins: ['https://cdn.example.com/'] });
    replies['/cdn.svg'] = {};
    render(<InlineSvg src="https://cdn.example.com/cdn.svg" className="cdn" />);
    await waitFor(() => expect(document.querySelector('svg.cdn rect')).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('https://cdn.example.com/cdn.svg', expect.anything());
  });

  it('retries a failure after clearSvgCache(src)', async () => {
    replies['/flaky.svg'] = new TypeError('offline');
    render(<InlineSvg src="/flaky.svg" fallback={<i>offline</i>} className="flaky" />);
    await screen.findByText('offline');
    replies['/flaky.svg'] = {};
    clearSvgCache('/flaky.svg');
    await waitFor(() => expect(document.querySelector('svg.flaky rect')).not.toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('renders primed markup on the first render, without a request', () => {
    primeSvg('/primed.svg', '<svg viewBox="0 0 1 1"><path d="M0 0" onclick="alert(1)"/></svg>');
    render(<InlineSvg src="/primed.svg" className="primed" loader={<i>loading</i>} />);
    expect(screen.queryByText('loading')).toBeNull();
    expect(document.querySelector('svg.primed path')?.getAttribute('onclick')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('forwards its ref to the svg element', async () => {
    const ref = { current: null as SVGSVGElement | null };
    render(<InlineSvg ref={ref} src="/a.svg" className="reffed" />);
    await waitFor(() => expect(ref.current?.querySelector('rect')).not.toBeNull());
  });
});
