import type { VendorStatus } from '@plinth/core';
import { trackInteractions } from './interactions';

function setup(status: VendorStatus, ready: Promise<unknown> = new Promise(() => {})) {
  const sent: { event: string; properties: Record<string, unknown>; beacon: boolean }[] = [];
  const navigate = vi.fn();
  const stop = trackInteractions({
    outboundLinks: true,
    downloads: true,
    forms: true,
    downloadExtensions: ['pdf', 'zip'],
    outboundDelayMs: 250,
    status: () => status,
    ready: () => ready,
    send: (event, properties, beacon) => sent.push({ event, properties, beacon }),
    navigate,
  });
  return { sent, navigate, stop };
}

function link(href: string, attributes: Record<string, string> = {}) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = 'Partner site';
  for (const [k, v] of Object.entries(attributes)) a.setAttribute(k, v);
  document.body.append(a);
  return a;
}

function click(target: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  target.dispatchEvent(event);
  return event;
}

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('outbound links', () => {
  it('while the SDK loads, holds a same-tab navigation until ready', async () => {
    let resolve!: () => void;
    const { sent, navigate, stop } = setup('loading', new Promise<void>((r) => (resolve = r)));
    cleanup = stop;
    const event = click(link('https://partner.example/page'));
    expect(event.defaultPrevented).toBe(true);
    expect(sent).toEqual([
      {
        event: 'outbound_link_clicked',
        properties: { url: 'https://partner.example/page', domain: 'partner.example', text: 'Partner site' },
        beacon: true,
      },
    ]);
    expect(navigate).not.toHaveBeenCalled();
    resolve();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('https://partner.example/page'));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('holds it at most 250 ms when the SDK does not get ready', () => {
    vi.useFakeTimers();
    const { navigate, stop } = setup('loading');
    cleanup = stop;
    click(link('https://partner.example/'));
    vi.advanceTimersByTime(249);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('never delays modified or middle clicks, target=_blank, or when ready / without consent', () => {
    for (const status of ['ready', 'waiting-consent', 'denied'] as const) {
      const { sent, stop } = setup(status);
      expect(click(link('https://partner.example/')).defaultPrevented).toBe(false);
      expect(sent).toHaveLength(1);
      stop();
    }
    const { sent, navigate, stop } = setup('loading');
    cleanup = stop;
    const a = link('https://partner.example/');
    expect(click(a, { metaKey: true }).defaultPrevented).toBe(false);
    expect(click(a, { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click(a, { button: 1 }).defaultPrevented).toBe(false);
    expect(click(link('https://partner.example/', { target: '_blank' })).defaultPrevented).toBe(false);
    expect(sent.map((s) => s.event)).toEqual(Array(4).fill('outbound_link_clicked'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ignores same-origin links', () => {
    const { sent, stop } = setup('ready');
    cleanup = stop;
    click(link('/pricing'));
    click(link(`${location.origin}/about`));
    expect(sent).toEqual([]);
  });
});

describe('downloads and forms', () => {
  it('captures downloads by extension or `download`, never delayed', () => {
    const { sent, stop } = setup('loading');
    cleanup = stop;
    expect(click(link('/files/report.pdf')).defaultPrevented).toBe(false);
    expect(click(link('https://cdn.example/data', { download: '' })).defaultPrevented).toBe(false);
    click(link('/files/report.pdf.html'));
    expect(sent.map((s) => [s.event, s.properties.file, s.properties.extension])).toEqual([
      ['file_downloaded', 'report.pdf', 'pdf'],
      ['file_downloaded', 'data', 'data'],
    ]);
  });

  it('captures a form submit with id, name and action, never field values', () => {
    const { sent, stop } = setup('ready');
    cleanup = stop;
    document.body.innerHTML = `<form id="signup" name="signup-form" action="/signup?step=1" method="post">
      <input name="email" value="secret-value@example.com"><input type="password" name="password" value="hunter2"></form>`;
    const form = document.querySelector('form')!;
    form.addEventListener('submit', (e) => e.preventDefault());
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(sent).toEqual([
      {
        event: 'form_submitted',
        properties: {
          form_id: 'signup',
          form_name: 'signup-form',
          form_action: `${location.origin}/signup?step=1`,
          form_method: 'post',
          fields: 2,
        },
        beacon: true,
      },
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/secret-value|hunter2/);
  });

  it('captures window errors and unhandled rejections only when asked to', () => {
    const captured: unknown[] = [];
    // jsdom reports dispatched error events as uncaught unless a listener cancels them.
    const swallow = (e: Event) => e.preventDefault();
    window.addEventListener('error', swallow);
    const options = {
      outboundDelayMs: 250,
      outboundLinks: false,
      downloads: false,
      forms: false,
      status: () => 'ready' as const,
      ready: async () => undefined,
      send: () => {},
      captureException: (error: unknown, context: Record<string, unknown>) => {
        captured.push([error, context]);
      },
    };
    const off = trackInteractions(options);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('ignored') }));
    off();
    const stop = trackInteractions({ ...options, unhandledErrors: true });
    const error = new Error('boom');
    window.dispatchEvent(new ErrorEvent('error', { error }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'nope' });
    window.dispatchEvent(rejection);
    stop();
    window.removeEventListener('error', swallow);
    expect(captured).toEqual([
      [error, { mechanism: 'onerror' }],
      ['nope', { mechanism: 'onunhandledrejection' }],
    ]);
  });

  it('removes its listeners', () => {
    const { sent, stop } = setup('ready');
    click(link('https://partner.example/'));
    stop();
    click(link('https://partner.example/'));
    expect(sent).toHaveLength(1);
  });
});
