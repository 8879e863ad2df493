import { getUserAgent } from './getUserAgent';
import { resetUserAgent, stubNavigator } from './testing';

const WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15';
const BRANDS = [
  { brand: 'Chromium', version: '124' },
  { brand: 'Google Chrome', version: '124' },
  { brand: 'Not-A.Brand', version: '99' },
];

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('getUserAgent (faked navigator.userAgentData in jsdom)', () => {
  it('reports Windows 11 from platformVersion 15.0.0, with the full version and CPU', async () => {
    restore = stubNavigator({
      userAgent: WIN,
      maxTouchPoints: 0,
      userAgentData: {
        brands: BRANDS,
        mobile: false,
        platform: 'Windows',
        highEntropy: {
          platformVersion: '15.0.0',
          architecture: 'x86',
          bitness: '64',
          model: '',
          fullVersionList: [
            { brand: 'Chromium', version: '124.0.6367.60' },
            { brand: 'Google Chrome', version: '124.0.6367.60' },
            { brand: 'Not-A.Brand', version: '99.0.0.0' },
          ],
        },
      },
    });
    const result = await getUserAgent();
    expect(result.os).toEqual({ name: 'Windows', version: '11' });
    expect(result.browser).toEqual({ name: 'Chrome', version: '124.0.6367.60', major: '124' });
    expect(result.cpu.architecture).toBe('amd64');
    expect(result.device.type).toBeUndefined();
  });

  it('reports an iPad for a Macintosh string with touch points', async () => {
    restore = stubNavigator({ userAgent: IPAD, maxTouchPoints: 5, userAgentData: null });
    const result = await getUserAgent();
    expect(result.device).toEqual({ type: 'tablet', vendor: 'Apple', model: 'iPad' });
    expect(result.os).toEqual({ name: 'iOS', version: '17.4.1' });
  });

  it('keeps a Mac a Mac without touch', async () => {
    restore = stubNavigator({ userAgent: IPAD, maxTouchPoints: 0, userAgentData: null });
    const result = await getUserAgent();
    expect(result.device.model).toBe('Macintosh');
    expect(result.os.name).toBe('Mac OS');
  });

  it('asks once per page and hands every caller the same promise', async () => {
    restore = stubNavigator({ userAgent: WIN, userAgentData: { platform: 'Windows', highEntropy: {} } });
    const data = (navigator as unknown as { userAgentData: { getHighEntropyValues: () => Promise<unknown> } })
      .userAgentData;
    const spy = vi.spyOn(data, 'getHighEntropyValues');
    const first = getUserAgent();
    expect(getUserAgent()).toBe(first);
    await first;
    await getUserAgent();
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenCalledWith(['platformVersion', 'model', 'fullVersionList', 'architecture', 'bitness']);
    resetUserAgent();
    await getUserAgent();
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('never rejects: a blocked getHighEntropyValues falls back to the synchronous parse', async () => {
    restore = stubNavigator({
      userAgent: WIN,
      userAgentData: {
        platform: 'Windows',
        brands: BRANDS,
        highEntropy: new DOMException('blocked', 'NotAllowedError'),
      },
    });
    const result = await getUserAgent();
    expect(result.browser).toEqual({ name: 'Chrome', version: '124.0.0.0', major: '124' });
    expect(result.os).toEqual({ name: 'Windows', version: '10' });
  });

  it('gives up on client hints that never answer', async () => {
    vi.useFakeTimers();
    try {
      restore = stubNavigator({ userAgent: WIN, userAgentData: { platform: 'Windows' } });
      const data = (navigator as unknown as { userAgentData: Record<string, unknown> }).userAgentData;
      data.getHighEntropyValues = () => new Promise(() => {});
      const pending = getUserAgent();
      await vi.advanceTimersByTimeAsync(2000);
      expect((await pending).os).toEqual({ name: 'Windows', version: '10' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('works without userAgentData (Firefox, Safari)', async () => {
    restore = stubNavigator({ userAgent: WIN, userAgentData: null });
    expect((await getUserAgent()).os).toEqual({ name: 'Windows', version: '10' });
  });
});
