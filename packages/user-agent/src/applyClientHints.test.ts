// @vitest-environment node
import { applyClientHints, applyTouchPoints } from './applyClientHints';
import { parseUserAgent } from './parseUserAgent';

const WIN_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15';
const ANDROID_REDUCED =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const FULL = [
  { brand: 'Chromium', version: '124.0.6367.60' },
  { brand: 'Google Chrome', version: '124.0.6367.60' },
  { brand: 'Not-A.Brand', version: '99.0.0.0' },
];

describe('applyClientHints', () => {
  it.each([
    ['15.0.0', '11'],
    ['13.0.0', '11'],
    ['10.0.0', '10'],
    ['1.0.0', '10'],
    ['0.3.0', '10'], // 0.x is 7/8/8.1: the string's own answer stands
  ])('Windows platformVersion %s → Windows %s', (platformVersion, version) => {
    const result = applyClientHints(parseUserAgent(WIN_CHROME), { platform: 'Windows', platformVersion });
    expect(result.os).toEqual({ name: 'Windows', version });
  });

  it('takes the full browser version from fullVersionList, ignoring GREASE brands', () => {
    const result = applyClientHints(parseUserAgent(WIN_CHROME), { fullVersionList: FULL });
    expect(result.browser).toEqual({ name: 'Chrome', version: '124.0.6367.60', major: '124' });
    const edge = applyClientHints(parseUserAgent(`${WIN_CHROME} Edg/124.0.0.0`), {
      fullVersionList: [...FULL.slice(0, 1), { brand: 'Microsoft Edge', version: '124.0.2478.80' }, FULL[2]!],
    });
    expect(edge.browser.version).toBe('124.0.2478.80');
  });

  it('never downgrades the version with major-only low-entropy brands', () => {
    const base = parseUserAgent(WIN_CHROME);
    const result = applyClientHints(base, {
      brands: [{ brand: 'Google Chrome', version: '124' }],
      platform: 'Windows',
    });
    expect(result).toBe(base); // nothing learnt → the memoised input itself
  });

  it('uses the Chromium version for a Chromium-based browser without its own brand', () => {
    const headless = parseUserAgent(WIN_CHROME.replace('Chrome/', 'HeadlessChrome/'));
    const result = applyClientHints(headless, { fullVersionList: [FULL[0]!, FULL[2]!] });
    expect(result.browser).toEqual({ name: 'Chrome Headless', version: '124.0.6367.60', major: '124' });
  });

  it('gives the real macOS version and CPU', () => {
    const result = applyClientHints(parseUserAgent(MAC_CHROME), {
      platform: 'macOS',
      platformVersion: '14.4.1',
      architecture: 'arm',
      bitness: '64',
    });
    expect(result.os).toEqual({ name: 'Mac OS', version: '14.4.1' });
    expect(result.cpu.architecture).toBe('arm64');
    expect(applyClientHints(parseUserAgent(WIN_CHROME), { architecture: 'x86', bitness: '64' }).cpu.architecture).toBe(
      'amd64',
    );
  });

  it('replaces the reduced Android "K" with the real model, vendor and version', () => {
    const result = applyClientHints(parseUserAgent(ANDROID_REDUCED), {
      platform: 'Android',
      platformVersion: '14.0.0',
      model: 'SM-S918B',
      mobile: true,
    });
    expect(result.os).toEqual({ name: 'Android', version: '14' });
    expect(result.device).toEqual({ type: 'mobile', vendor: 'Samsung', model: 'SM-S918B' });
    const tablet = applyClientHints(parseUserAgent(ANDROID_REDUCED), { model: 'SM-X700', mobile: false });
    expect(tablet.device).toEqual({ type: 'tablet', vendor: 'Samsung', model: 'SM-X700' });
  });

  it('marks a mobile hint as a mobile device and tolerates garbage', () => {
    const linux = parseUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/124.0.0.0 Safari/537.36');
    expect(applyClientHints(linux, { mobile: true }).device.type).toBe('mobile');
    const garbage = { platform: 42, platformVersion: {}, fullVersionList: 'nope', model: null } as never;
    expect(applyClientHints(linux, garbage)).toBe(linux);
    expect(applyClientHints(linux, undefined)).toBe(linux);
  });

  it('returns frozen results', () => {
    const result = applyClientHints(parseUserAgent(WIN_CHROME), { platform: 'Windows', platformVersion: '15.0.0' });
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.os)).toBe(true);
  });
});

describe('applyTouchPoints (iPadOS)', () => {
  it('turns a touch-capable "Macintosh" into an iPad on iOS', () => {
    const result = applyTouchPoints(parseUserAgent(MAC_SAFARI), 5);
    expect(result.device).toEqual({ type: 'tablet', vendor: 'Apple', model: 'iPad' });
    expect(result.os).toEqual({ name: 'iOS', version: '17.4.1' });
    expect(result.browser.name).toBe('Safari');
  });

  it('leaves real Macs (no touch) and non-Macs alone', () => {
    const mac = parseUserAgent(MAC_SAFARI);
    expect(applyTouchPoints(mac, 0)).toBe(mac);
    expect(applyTouchPoints(mac, 1)).toBe(mac);
    expect(applyTouchPoints(mac, undefined)).toBe(mac);
    const win = parseUserAgent(WIN_CHROME);
    expect(applyTouchPoints(win, 10)).toBe(win);
  });
});
