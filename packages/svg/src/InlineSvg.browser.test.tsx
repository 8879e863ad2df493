import { channel } from '@plinth/core';
import { resetChannel } from '@plinth/core/testing';
import { render, waitFor } from '../../../tooling/render';
import { InlineSvg } from './InlineSvg';
import { configureSvg } from './svgCache';
import { resetSvg } from './testing';

type Counts = Record<string, number>;
const requests = async (): Promise<Counts> => (await fetch('/__requests')).json();
const resetRequests = () => fetch('/__requests/reset');

/** Any dialog or handler that runs sets a flag here. */
const fired: string[] = [];
const trap = (name: string) => (message?: unknown) => {
  fired.push(message === 'sentinel' ? 'sentinel' : name);
};
const originals = { alert: window.alert, confirm: window.confirm, prompt: window.prompt, print: window.print };

beforeAll(() => {
  Object.assign(window, {
    alert: trap('alert'),
    confirm: trap('confirm'),
    prompt: trap('prompt'),
    print: trap('print'),
  });
});
afterAll(() => {
  Object.assign(window, originals);
});
beforeEach(async () => {
  resetSvg();
  resetChannel();
  fired.length = 0;
  await resetRequests();
});

function assertNothingExecutable(root: ParentNode) {
  expect(root.querySelector('script, foreignObject, iframe, embed, object')).toBeNull();
  for (const element of root.querySelectorAll('*')) {
    for (const { name, value } of element.attributes) {
      expect(/^on/i.test(name), `${name} on <${element.localName}>`).toBe(false);
      expect(/^\s*(javascript|vbscript):|^\s*data:text\/html/i.test(value), `${name}="${value}"`).toBe(false);
    }
  }
}

describe('InlineSvg in Chromium', () => {
  it('the harness notices execution (positive control)', async () => {
    const probe = document.createElement('div');
    probe.innerHTML = '<img src="/__nothing__.png" onerror="alert(1)">';
    document.body.append(probe);
    await waitFor(() => expect(fired).toContain('alert'));
    probe.remove();
  });

  it('serves every DOMPurify SVG corpus case as a file and executes none of it', async () => {
    const count = Number(await (await fetch('/__fixtures__/count')).text());
    expect(count).toBe(48);
    const href = location.href;
    const settled = new Set<number>();
    const { container } = render(
      <div>
        {Array.from({ length: count }, (_, n) => (
          <InlineSvg
            key={n}
            src={`/__fixtures__/${n}.svg`}
            data-case={n}
            fallback={<span data-fallback={n} />}
            onLoad={() => settled.add(n)}
            onError={() => settled.add(n)}
          />
        ))}
      </div>,
    );
    await waitFor(() => expect(settled.size).toBe(count), { timeout: 10_000 });
    // Positive sentinel instead of a sleep: a handler that must run, inserted after every case. By
    // the time its image error and a later animation frame have come, anything the cases injected
    // (image errors, SMIL animations starting at 0s, focus handlers) had its chance to run first.
    const sentinel = document.createElement('div');
    sentinel.innerHTML = `<img src="/__sentinel__/${Date.now()}.png" onerror="alert('sentinel')">`;
    document.body.append(sentinel);
    await waitFor(() => expect(fired).toContain('sentinel'));
    await new Promise(requestAnimationFrame);
    sentinel.remove();
    expect(fired).toEqual(['sentinel']);
    expect(location.href).toBe(href);
    assertNothingExecutable(container);
    // The harmless SVG cases still render as SVG.
    expect(container.querySelectorAll('svg[data-case]').length).toBeGreaterThan(10);
    expect(Object.keys(await requests())).toHaveLength(count);
  });

  it('1,000 icons of 20 URLs make exactly 20 requests, each copy with its own gradient', async () => {
    const { container } = render(
      <div>
        {Array.from({ length: 1000 }, (_, i) => (
          <InlineSvg key={i} src={`/__icons__/${i % 20}.svg`} width={24} height={24} className="icon" />
        ))}
      </div>,
    );
    await waitFor(() => expect(container.querySelectorAll('svg.icon rect')).toHaveLength(1000), { timeout: 20_000 });
    const counts = await requests();
    expect(Object.keys(counts)).toHaveLength(20);
    expect(Object.values(counts).every((n) => n === 1)).toBe(true);
    const gradientIds = [...container.querySelectorAll('linearGradient')].map((g) => g.id);
    expect(new Set(gradientIds).size).toBe(1000);
    // Each copy paints with its own gradient and clip path: the references resolve inside the copy.
    for (const svg of [...container.querySelectorAll('svg.icon')].slice(0, 50)) {
      const rect = svg.querySelector('rect')!;
      const gradient = /url\(#(.+)\)/.exec(rect.getAttribute('fill')!)![1]!;
      const clip = /url\(#(.+)\)/.exec(rect.getAttribute('clip-path')!)![1]!;
      expect(svg.querySelector(`[id="${gradient}"]`)?.localName).toBe('linearGradient');
      expect(svg.querySelector(`[id="${clip}"]`)?.localName).toBe('clipPath');
    }
  }, 30_000);

  it('404, non-SVG type and CORS failures render the fallback and report once per URL', async () => {
    const reports: { context: Record<string, unknown> }[] = [];
    channel.on('report', (event) => reports.push(event));
    // The same dev server under its other loopback name is another origin, answering without CORS headers.
    const other = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
    const crossOrigin = `${location.protocol}//${other}:${location.port}`;
    configureSvg({ allowedOrigins: [crossOrigin] });
    const srcs = ['/__status__/404.svg', '/__status__/html.svg', `${crossOrigin}/__nocors__/1.svg`];
    const { container } = render(
      <div>
        {[0, 1, 2, 3].flatMap((copy) =>
          srcs.map((src) => <InlineSvg key={`${copy}-${src}`} src={src} fallback={<i className="fallback" />} />),
        )}
      </div>,
    );
    await waitFor(() => expect(container.querySelectorAll('i.fallback')).toHaveLength(12), { timeout: 10_000 });
    expect(reports.map((r) => r.context.reason).sort()).toEqual(['content-type', 'network', 'status']);
    const counts = await requests();
    expect(counts['/__status__/404.svg']).toBe(1);
    expect(counts['/__status__/html.svg']).toBe(1);
    // The cross-origin request reached the server once; the browser withheld the answer.
    expect(counts['/__nocors__/1.svg'] ?? 0).toBeLessThanOrEqual(1);
  });

  it('renders nothing from a disallowed origin and makes no request', async () => {
    const { container } = render(<InlineSvg src="https://example.com/x.svg" fallback={<i className="fallback" />} />);
    expect(container.querySelector('i.fallback')).not.toBeNull();
    expect(await requests()).toEqual({});
  });
});
