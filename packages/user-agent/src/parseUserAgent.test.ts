import { CASES } from '../test/corpus';
import { isBot } from './isBot';
import { parseUserAgent } from './parseUserAgent';

const show = (...parts: (string | undefined)[]) => parts.map(String).join(' ');

describe('parseUserAgent: real user-agent strings', () => {
  it('has a table of at least 30 real strings', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES)('$ua', (row) => {
    const result = parseUserAgent(row.ua);
    if (row.browser !== undefined) {
      expect(result.browser.name ? show(result.browser.name, result.browser.major) : null).toBe(row.browser);
    }
    if (row.engine !== undefined) expect(result.engine.name).toBe(row.engine);
    if (row.os !== undefined) expect(result.os.name ? show(result.os.name, result.os.version) : null).toBe(row.os);
    if (row.device !== undefined) {
      const { type, vendor, model } = result.device;
      expect(type || vendor || model ? show(type, vendor, model) : null).toBe(row.device);
    }
    if (row.cpu !== undefined) expect(result.cpu.architecture).toBe(row.cpu);
    expect(result.isBot).toBe(row.bot);
    expect(isBot(row.ua)).toBe(row.bot);
  });

  it('gives the full version next to the major', () => {
    expect(parseUserAgent(CASES[1]!.ua).browser).toEqual({ name: 'Edge', version: '124.0.2478.51', major: '124' });
  });
});

describe('parseUserAgent: shape, memo, bounds', () => {
  it('returns every field, undefined when unknown, for an empty or missing string', () => {
    const empty = {
      ua: '',
      browser: { name: undefined, version: undefined, major: undefined },
      engine: { name: undefined, version: undefined },
      os: { name: undefined, version: undefined },
      device: { type: undefined, vendor: undefined, model: undefined },
      cpu: { architecture: undefined },
      isBot: false,
    };
    expect(parseUserAgent('')).toEqual(empty);
    expect(parseUserAgent(null)).toEqual(empty);
    // @ts-expect-error: JavaScript callers can pass anything
    expect(parseUserAgent(42)).toEqual(empty);
  });

  it('parses navigator.userAgent when called without an argument', () => {
    expect(parseUserAgent().ua).toBe(navigator.userAgent);
    expect(parseUserAgent().ua).not.toBe('');
  });

  it('memoises per string and freezes the shared result', () => {
    const ua = CASES[0]!.ua;
    const first = parseUserAgent(ua);
    expect(parseUserAgent(ua)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.browser)).toBe(true);
    expect(() => {
      (first.browser as { name: string }).name = 'Hacked';
    }).toThrow(TypeError);
    expect(parseUserAgent(ua).browser.name).toBe('Chrome');
  });

  it('keeps the memo bounded to the 100 most recently used strings', () => {
    const keep = parseUserAgent('keep me');
    const evict = parseUserAgent('evict me');
    for (let i = 0; i < 99; i++) {
      parseUserAgent(`filler ${i}`);
      if (i % 10 === 0) parseUserAgent('keep me'); // touching it keeps it recent
    }
    expect(parseUserAgent('keep me')).toBe(keep);
    expect(parseUserAgent('evict me')).not.toBe(evict);
    expect(parseUserAgent('evict me')).toEqual(evict);
  });

  it('truncates input to 512 characters before parsing', () => {
    const chrome = CASES[0]!.ua;
    const long = chrome + ' '.repeat(512 - chrome.length) + 'x'.repeat(10_000);
    const result = parseUserAgent(long);
    expect(result.ua).toHaveLength(512);
    expect(result.ua.startsWith(chrome)).toBe(true);
    expect(result.browser.name).toBe('Chrome');
    // Everything past 512 is ignored: a bot marker there does not count.
    expect(parseUserAgent(`${'a'.repeat(512)} Googlebot/2.1`).isBot).toBe(false);
    expect(isBot(`${'a'.repeat(512)} Googlebot/2.1`)).toBe(false);
    // Same first 512 characters → same memo entry.
    expect(parseUserAgent(`${long}tail`)).toBe(result);
  });

  it('returns for hostile inputs without throwing', () => {
    const hostile = [
      'x'.repeat(100_000),
      'Mozilla/5.0 '.repeat(10_000),
      '('.repeat(100_000),
      ')'.repeat(100_000),
      ';'.repeat(100_000),
      `Mozilla/5.0 (${'Linux; Android 10; '.repeat(5_000)}`,
      `Mozilla/5.0 (Windows NT 10.0\u0000\u0001\u0007\u001b[31m\r\n\t${'\u0000'.repeat(50_000)})`,
      `${'\u{1F600}'.repeat(50_000)}`,
      '\uD800'.repeat(1000),
      'bot '.repeat(30_000),
      `${'Chrome/'.repeat(20_000)}1`,
      `Mozilla/5.0 (Linux; Android 14; ${'A'.repeat(100_000)}) AppleWebKit/537.36 Chrome/124 Mobile Safari/537.36`,
    ];
    for (const input of hostile) {
      const result = parseUserAgent(input);
      expect(result.ua.length).toBeLessThanOrEqual(512);
      expect(result.ua).toBe(input.slice(0, 512));
      expect(typeof result.isBot).toBe('boolean');
    }
    expect(parseUserAgent('Mozilla/5.0 '.repeat(10_000)).browser.name).toBeUndefined();
    expect(parseUserAgent('bot '.repeat(30_000)).isBot).toBe(true);
    expect(parseUserAgent('bot'.repeat(40_000)).isBot).toBe(false); // no word boundary after any "bot"
  });

  it('is a pure function of the string: navigator state does not leak into a parse', () => {
    // ua-parser-js 1.x mixes navigator.userAgentData into parses of navigator.userAgent;
    // parseUserAgent must not, or server and client would disagree.
    const ua =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 pure';
    Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true });
    Object.defineProperty(navigator, 'userAgentData', {
      value: { mobile: true, platform: 'Android', brands: [] },
      configurable: true,
    });
    try {
      expect(parseUserAgent(ua).device.type).toBeUndefined();
    } finally {
      delete (navigator as unknown as Record<string, unknown>).userAgent;
      delete (navigator as unknown as Record<string, unknown>).userAgentData;
    }
  });
});
