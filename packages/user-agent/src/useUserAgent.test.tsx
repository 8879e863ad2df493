import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act, render, renderHook, screen, waitFor } from '../../../tooling/render';
import { userAgentProps } from './server';
import { stubNavigator, TestUserAgentProvider } from './testing';
import { UserAgentProvider } from './UserAgentProvider';
import { useUserAgent } from './useUserAgent';

const WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15';
const WIN11 = {
  platform: 'Windows',
  brands: [{ brand: 'Google Chrome', version: '124' }],
  highEntropy: {
    platformVersion: '15.0.0',
    fullVersionList: [{ brand: 'Google Chrome', version: '124.0.6367.60' }],
  },
};

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const renders: string[] = [];
function Show() {
  const { os, browser, device } = useUserAgent();
  const text = `${os.name} ${os.version} | ${browser.name} ${browser.version} | ${device.type} ${device.model}`;
  renders.push(text);
  return <p data-testid="ua">{text}</p>;
}

describe('useUserAgent in a client-only render', () => {
  it('returns the browser parse on the first render, then the enriched value (StrictMode)', async () => {
    restore = stubNavigator({ userAgent: WIN, maxTouchPoints: 0, userAgentData: WIN11 });
    const { result } = renderHook(() => useUserAgent());
    expect(result.current.browser.name).toBe('Chrome');
    expect(result.current.os).toEqual({ name: 'Windows', version: '10' });
    await waitFor(() => expect(result.current.os).toEqual({ name: 'Windows', version: '11' }));
    expect(result.current.browser.version).toBe('124.0.6367.60');
  });

  it('asks for client hints once however many components use the hook', async () => {
    restore = stubNavigator({ userAgent: WIN, userAgentData: WIN11 });
    const data = (navigator as unknown as { userAgentData: { getHighEntropyValues: () => Promise<unknown> } })
      .userAgentData;
    const spy = vi.spyOn(data, 'getHighEntropyValues');
    render(
      <>
        <Show />
        <Show />
        <Show />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('ua')[2]!.textContent).toContain('Windows 11'));
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('TestUserAgentProvider', () => {
  it('pins the value: no navigator read, no client hints', async () => {
    restore = stubNavigator({ userAgent: WIN, userAgentData: WIN11 });
    const data = (navigator as unknown as { userAgentData: { getHighEntropyValues: () => Promise<unknown> } })
      .userAgentData;
    const spy = vi.spyOn(data, 'getHighEntropyValues');
    render(
      <TestUserAgentProvider userAgent={IPAD} hints={{ platform: 'macOS', platformVersion: '14.4.1' }}>
        <Show />
      </TestUserAgentProvider>,
    );
    await act(async () => {});
    expect(screen.getByTestId('ua').textContent).toBe('Mac OS 14.4.1 | Safari 17.4.1 | undefined Macintosh');
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('SSR agreement: renderToString, then hydrateRoot', () => {
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    document.body.innerHTML = '';
  });

  async function serverThenHydrate(tree: () => React.ReactElement) {
    const html = renderToString(<StrictMode>{tree()}</StrictMode>);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverText = container.textContent;
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    renders.length = 0;
    await act(async () => {
      root = hydrateRoot(container, <StrictMode>{tree()}</StrictMode>, { onRecoverableError: recoverable });
    });
    return { serverText, firstClientRender: renders[0], container, errors, recoverable };
  }

  it('agrees with the server on the request headers, then moves to the browser (Windows 11)', async () => {
    restore = stubNavigator({ userAgent: WIN, maxTouchPoints: 0, userAgentData: WIN11 });
    const headers = { 'user-agent': WIN, 'sec-ch-ua-platform': '"Windows"', cookie: 'x=1' };
    const run = await serverThenHydrate(() => (
      <UserAgentProvider {...userAgentProps(headers)}>
        <Show />
      </UserAgentProvider>
    ));
    expect(run.serverText).toBe('Windows 10 | Chrome 124.0.0.0 | undefined undefined');
    expect(run.firstClientRender).toBe(run.serverText);
    await waitFor(() =>
      expect(run.container.textContent).toBe('Windows 11 | Chrome 124.0.6367.60 | undefined undefined'),
    );
    expect(run.recoverable).not.toHaveBeenCalled();
    expect(run.errors).not.toHaveBeenCalled();
  });

  it('keeps the richer server value (Accept-CH hints) instead of stepping back to the frozen string', async () => {
    restore = stubNavigator({ userAgent: WIN, maxTouchPoints: 0, userAgentData: WIN11 });
    const headers = {
      'user-agent': WIN,
      'sec-ch-ua-platform': '"Windows"',
      'sec-ch-ua-platform-version': '"15.0.0"',
    };
    const run = await serverThenHydrate(() => (
      <UserAgentProvider {...userAgentProps(headers)}>
        <Show />
      </UserAgentProvider>
    ));
    expect(run.serverText).toBe('Windows 11 | Chrome 124.0.0.0 | undefined undefined');
    expect(run.firstClientRender).toBe(run.serverText);
    await waitFor(() => expect(run.container.textContent).toContain('124.0.6367.60'));
    expect(renders.every((text) => text.startsWith('Windows 11'))).toBe(true);
    expect(run.recoverable).not.toHaveBeenCalled();
    expect(run.errors).not.toHaveBeenCalled();
  });

  it('hydrates an iPad (server saw a Mac) and corrects it after mount', async () => {
    restore = stubNavigator({ userAgent: IPAD, maxTouchPoints: 5, userAgentData: null });
    const run = await serverThenHydrate(() => (
      <UserAgentProvider userAgent={IPAD}>
        <Show />
      </UserAgentProvider>
    ));
    expect(run.serverText).toBe('Mac OS 10.15.7 | Safari 17.4.1 | undefined Macintosh');
    expect(run.firstClientRender).toBe(run.serverText);
    await waitFor(() => expect(run.container.textContent).toBe('iOS 17.4.1 | Safari 17.4.1 | tablet iPad'));
    expect(run.recoverable).not.toHaveBeenCalled();
    expect(run.errors).not.toHaveBeenCalled();
  });

  it('hydrates without a provider: unknown on the server, the browser after mount', async () => {
    restore = stubNavigator({ userAgent: WIN, userAgentData: null });
    const run = await serverThenHydrate(() => <Show />);
    expect(run.serverText).toBe('undefined undefined | undefined undefined | undefined undefined');
    expect(run.firstClientRender).toBe(run.serverText);
    await waitFor(() => expect(run.container.textContent).toBe('Windows 10 | Chrome 124.0.0.0 | undefined undefined'));
    expect(run.recoverable).not.toHaveBeenCalled();
    expect(run.errors).not.toHaveBeenCalled();
  });
});
